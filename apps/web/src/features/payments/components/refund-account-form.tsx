/** The member's refund account for a bank-transfer payment (validated with the contract's schema). */
import { refundAccount, type PaymentView } from '@moim/contract';
import { useTranslation } from '../../../shared/i18n';
import { ErrorMessage } from '../../../shared/ui/error-message';
import { Field, FormMessage } from '../../../shared/ui/field';
import { fieldError } from '../../../shared/ui/form-errors';
import { placeServerFieldErrors } from '../../../shared/ui/server-field-errors';
import { useContractForm } from '../../../shared/ui/use-contract-form';
import { useSetRefundAccount } from '../api';
import { formatKrw } from '../lib/format';

export function RefundAccountForm({ payment }: { payment: PaymentView }) {
  const { t, i18n } = useTranslation('payments');
  const save = useSetRefundAccount(payment.orderId);
  const form = useContractForm(refundAccount, {
    defaultValues: payment.refundAccount ?? { bank: '', number: '', holder: '' },
  });
  const err = form.formState.errors;
  return (
    <form
      className="pay-card"
      aria-labelledby="pay-refund-title"
      noValidate
      onSubmit={form.handleSubmit((v) =>
        save.mutate(v, { onError: (error) => placeServerFieldErrors(error, form, (path) => path.replace(/^refundAccount\./, '')) }),
      )}
    >
      <h2 id="pay-refund-title">{t('refund.title')}</h2>
      <p className="muted">{t('refund.lead')}</p>
      {payment.refundStatus === 'AWAITING_TRANSFER' && (
        <p>{t('refund.due', { amount: formatKrw(payment.amount - payment.refundedAmount, i18n.language) })}</p>
      )}
      <Field label={t('refund.bank')} error={fieldError(t, err.bank?.message)}>
        <input autoComplete="off" {...form.register('bank')} />
      </Field>
      <Field label={t('refund.number')} error={fieldError(t, err.number?.message)}>
        <input inputMode="numeric" autoComplete="off" {...form.register('number')} />
      </Field>
      <Field label={t('refund.holder')} error={fieldError(t, err.holder?.message)}>
        <input autoComplete="name" {...form.register('holder')} />
      </Field>
      <ErrorMessage error={save.error} />
      {save.isSuccess && <FormMessage tone="success">{t('refund.saved')}</FormMessage>}
      <div className="pay-actions">
        <button type="submit" className="btn btn-secondary" disabled={save.isPending}>
          {t('refund.save')}
        </button>
      </div>
    </form>
  );
}
