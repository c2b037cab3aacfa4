/** A member's own deposit in a study and each refund (docs/deposits.md); nothing when they paid none. */
import { useTranslation } from '../../../shared/i18n';
import { ErrorMessage } from '../../../shared/ui/error-message';
import { LoadingState } from '../../../shared/ui/states';
import { formatDate, formatKrw } from '../../../shared/lib/format';
import { useMyDeposit } from '../api/deposit-api';
import { useLocale } from '../lib/use-locale';
import '../pages/manage/check-in.css';

export function MyDeposit({ studyId, enabled }: { studyId: string | undefined; enabled: boolean }) {
  const { t } = useTranslation('studies');
  const locale = useLocale();
  const mine = useMyDeposit(studyId, enabled);
  if (!enabled) return null;
  if (mine.isPending) return <LoadingState />;
  if (mine.isError) return <ErrorMessage error={mine.error} />;
  const d = mine.data;
  if (!d) return null;
  return (
    <section className="ci-card stack" aria-labelledby="my-deposit-title" data-testid="my-deposit">
      <h2 id="my-deposit-title" className="ci-card__title">
        {t('deposit.mine.title')}
      </h2>
      <p>
        {t('deposit.mine.summary', {
          deposit: formatKrw(d.deposit, locale),
          refunded: formatKrw(d.refunded, locale),
          pending: formatKrw(d.pending, locale),
        })}
      </p>
      {d.settled && <p className="muted">{t('deposit.mine.settled', { kept: formatKrw(d.kept, locale) })}</p>}
      {d.refunds.length > 0 && (
        <ul className="ci-mine">
          {d.refunds.map((r) => (
            <li key={r.id}>
              <span>{r.sessionDate ? formatDate(r.sessionDate, locale) : t(`deposit.kind.${r.kind}`)}</span>{' '}
              {r.attendance && <span className={`ci-status ci-status--${r.attendance}`}>{t(`attendance.${r.attendance}`)}</span>}{' '}
              <strong>{formatKrw(r.amount, locale)}</strong> <span className="muted">{t(`deposit.status.${r.status}`)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
