/**
 * The manage page's deposit tab (docs/deposits.md): the leader's refund rule (locked once a seat
 * is held) and every member's deposit: refunded, on its way, kept, each session's refund.
 */
import { DEPOSIT_EXCUSED_SHARES, DEPOSIT_FORFEITS, DEPOSIT_LATE_SHARES, DEPOSIT_MAX, type DepositRule, type Study } from '@moim/contract';
import { useState } from 'react';
import { useTranslation } from '../../../../shared/i18n';
import { toast } from '../../../../shared/toast/toast';
import { ErrorMessage } from '../../../../shared/ui/error-message';
import { EmptyState, LoadingState } from '../../../../shared/ui/states';
import { TableScroll } from '../../../../shared/ui/table-scroll';
import { formatKrw } from '../../../../shared/lib/format';
import { useDepositAccounts, useSetDeposit, useStudyDeposit } from '../../api/deposit-api';
import { useLocale } from '../../lib/use-locale';
import './check-in.css';

export function DepositPanel({ study, isOwner }: { study: Study; isOwner: boolean }) {
  return (
    <div className="stack" data-testid="deposit-panel">
      <RuleForm studyId={study.id} canEdit={isOwner} />
      <Accounts studyId={study.id} />
    </div>
  );
}

function RuleForm({ studyId, canEdit }: { studyId: string; canEdit: boolean }) {
  const { t } = useTranslation('studies');
  const locale = useLocale();
  const rule = useStudyDeposit(studyId);
  const save = useSetDeposit(studyId);
  const [draft, setDraft] = useState<DepositRule | null>(null);
  if (rule.isPending) return <LoadingState />;
  if (rule.isError) return <ErrorMessage variant="state" error={rule.error} onRetry={() => void rule.refetch()} />;
  const v = draft ?? rule.data.rule;
  const disabled = !canEdit || rule.data.locked;
  const choice = <K extends 'late' | 'excused' | 'forfeit'>(name: K, values: readonly DepositRule[K][]) => (
    <label className="field ci-rules__field">
      <span className="field__label">{t(`deposit.rule.${name}`)}</span>
      <select value={v[name]} disabled={disabled} onChange={(e) => setDraft({ ...v, [name]: e.target.value })}>
        {values.map((x) => (
          <option key={x} value={x}>
            {t(`deposit.rule.${name}_${x}`)}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <form
      className="ci-card stack"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(v, {
          onSuccess: () => {
            setDraft(null);
            toast.success(t('deposit.rule.saved'));
          },
        });
      }}
    >
      <h2 className="ci-card__title">{t('deposit.rule.title')}</h2>
      <p className="muted">{t('deposit.rule.explain')}</p>
      {rule.data.locked && <p role="note">{t('deposit.rule.locked')}</p>}
      <div className="ci-rules">
        <label className="field ci-rules__field">
          <span className="field__label">{t('deposit.rule.amount')}</span>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={DEPOSIT_MAX}
            step={1000}
            value={v.amount}
            disabled={disabled}
            onChange={(e) => setDraft({ ...v, amount: Number(e.target.value) })}
          />
          <span className="field__hint">{formatKrw(v.amount, locale)}</span>
        </label>
        {choice('late', DEPOSIT_LATE_SHARES)}
        {choice('excused', DEPOSIT_EXCUSED_SHARES)}
        {choice('forfeit', DEPOSIT_FORFEITS)}
      </div>
      <ErrorMessage error={save.error} />
      {!disabled && (
        <div>
          <button type="submit" className="btn btn-primary" disabled={save.isPending || draft === null}>
            {t('deposit.rule.save')}
          </button>
        </div>
      )}
    </form>
  );
}

function Accounts({ studyId }: { studyId: string }) {
  const { t } = useTranslation('studies');
  const locale = useLocale();
  const accounts = useDepositAccounts(studyId);
  if (accounts.isPending) return <LoadingState />;
  if (accounts.isError) return <ErrorMessage variant="state" error={accounts.error} onRetry={() => void accounts.refetch()} />;
  if (accounts.data.length === 0) return <EmptyState title={t('deposit.accounts.empty')} />;
  return (
    <TableScroll className="st-table-wrap">
      <table className="st-table">
        <caption>{t('deposit.accounts.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('deposit.accounts.name')}</th>
            <th scope="col">{t('deposit.accounts.deposit')}</th>
            <th scope="col">{t('deposit.accounts.refunded')}</th>
            <th scope="col">{t('deposit.accounts.pending')}</th>
            <th scope="col">{t('deposit.accounts.kept')}</th>
            <th scope="col">{t('deposit.accounts.settled')}</th>
          </tr>
        </thead>
        <tbody>
          {accounts.data.map((a) => (
            <tr key={a.orderId}>
              <th scope="row" data-user-content="">
                {a.name}
              </th>
              <td>{formatKrw(a.deposit, locale)}</td>
              <td>{formatKrw(a.refunded, locale)}</td>
              <td>{formatKrw(a.pending, locale)}</td>
              <td>{formatKrw(a.kept, locale)}</td>
              <td>{a.settled ? t('deposit.accounts.yes') : t('deposit.accounts.running')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
