/** The member's refund account for a bank-transfer payment (validated with the contract's schema). */
import { refundAccount, type PaymentView, type RefundAccount } from '@moim/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, FormMessage } from '../../../shared/ui/field';
import { formErrorMap } from '../../../shared/ui/form-errors';
import { useSetRefundAccount } from '../api';
import { formatKrw } from '../lib/format';

export function RefundAccountForm({ payment }: { payment: PaymentView }) {
  const { t, i18n } = useTranslation('payments');
  const save = useSetRefundAccount(payment.orderId);
  const form = useForm<RefundAccount>({
    resolver: zodResolver(refundAccount, { error: formErrorMap }),
    defaultValues: payment.refundAccount ?? { bank: '', number: '', holder: '' },
  });
  const err = form.formState.errors;
  return (
    <form className="pay-card" aria-labelledby="pay-refund-title" noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))}>
      <h2 id="pay-refund-title">{t('refund.title')}</h2>
      <p className="muted">{t('refund.lead')}</p>
      {payment.refundStatus === 'AWAITING_TRANSFER' && (
        <p>{t('refund.due', { amount: formatKrw(payment.amount - payment.refundedAmount, i18n.language) })}</p>
      )}
      <Field label={t('refund.bank')} error={err.bank?.message}>
        <input autoComplete="off" {...form.register('bank')} />
      </Field>
      <Field label={t('refund.number')} error={err.number?.message}>
        <input inputMode="numeric" autoComplete="off" {...form.register('number')} />
      </Field>
      <Field label={t('refund.holder')} error={err.holder?.message}>
        <input autoComplete="name" {...form.register('holder')} />
      </Field>
      {save.isError && <FormMessage tone="error">{save.error.message}</FormMessage>}
      {save.isSuccess && <FormMessage tone="success">{t('refund.saved')}</FormMessage>}
      <div className="pay-actions">
        <button type="submit" className="btn btn-secondary" disabled={save.isPending}>
          {t('refund.save')}
        </button>
      </div>
    </form>
  );
}
