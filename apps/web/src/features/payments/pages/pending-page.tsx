/**
 * /payment/pending?orderId — after "입금했어요": the deposit waits for an admin. Shows what
 * happened since (confirmed, sent back with a note, expired): at once over the live channel (the
 * payer's own topic), every 20 s while it is down.
 */
import { useTranslation } from '../../../shared/i18n';
import { Link, useSearchParams } from 'react-router';
import { LoadingState } from '../../../shared/ui/states';
import { useAuth } from '../../../shared/auth/auth-provider';
import { useLiveInvalidation, useOwnTopic, usePollUnlessLive } from '../../../shared/live/use-live';
import { usePayment } from '../api';
import { paymentKeys } from '../keys';
import { PaymentSummary } from '../components/payment-summary';
import { RefundAccountForm } from '../components/refund-account-form';
import { formatDateTime } from '../lib/format';
import { MissingOrder } from '../components/missing-order';
import { ErrorMessage } from '../../../shared/ui/error-message';
import '../payments.css';

export default function PendingPage() {
  const { t, i18n } = useTranslation('payments');
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  const { user } = useAuth();
  useLiveInvalidation(useOwnTopic(user?.id), [paymentKeys.order(orderId ?? '')]);
  const payment = usePayment(orderId, { refetchInterval: usePollUnlessLive(20_000) });
  if (!orderId) return <MissingOrder />;
  if (payment.isPending) return <LoadingState />;
  if (payment.isError) return <ErrorMessage variant="state" error={payment.error} onRetry={() => void payment.refetch()} />;
  const p = payment.data;
  const confirmed = p.status === 'DONE' || p.applicationStatus === 'CONFIRMED';
  const returned = !confirmed && p.status === 'WAITING_FOR_DEPOSIT' && p.applicationStatus === 'ACCEPTED';
  const expired = p.status === 'EXPIRED' || p.applicationStatus === 'EXPIRED';
  const tone = confirmed ? 'ok' : returned || expired ? 'fail' : 'wait';
  return (
    <div className="page pay-page">
      <div className="container pay-narrow stack">
        <div className={`pay-result pay-result--${tone}`}>
          <span className="pay-result__icon" aria-hidden="true">
            {confirmed ? '✓' : returned || expired ? '!' : '…'}
          </span>
          <div>
            <h1>{confirmed ? t('success.title') : t('pending.title')}</h1>
            <p className="muted" style={{ margin: 0 }} role="status" data-testid="pay-pending-state">
              {confirmed ? t('pending.confirmed') : returned ? t('pending.returned') : expired ? t('pending.expired') : t('pending.lead')}
            </p>
          </div>
        </div>
        {returned && p.returnNote && (
          <div className="pay-alert pay-alert--warning" role="status">
            <p>{t('pending.returnNote', { note: p.returnNote })}</p>
          </div>
        )}
        <section className="pay-card" aria-label={t('pending.title')}>
          <PaymentSummary payment={p} />
          {p.depositNotifiedAt && (
            <p className="muted" style={{ margin: 0 }}>
              {t('pending.notifiedAt')}: {formatDateTime(p.depositNotifiedAt, i18n.language)}
            </p>
          )}
        </section>
        {p.method === 'BANK_TRANSFER' && (p.refundStatus === 'AWAITING_TRANSFER' || p.refundStatus === 'REQUESTED') && (
          <RefundAccountForm payment={p} />
        )}
        <div className="pay-actions">
          {returned && (
            <Link className="btn btn-primary" to={`/payment/account-info?orderId=${encodeURIComponent(p.orderId)}`}>
              {t('pending.notifyAgain')}
            </Link>
          )}
          {!confirmed && !returned && !expired && (
            <button type="button" className="btn btn-secondary" onClick={() => void payment.refetch()} disabled={payment.isFetching}>
              {t('pending.refresh')}
            </button>
          )}
          {p.studyId && (
            <Link className={`btn ${confirmed ? 'btn-primary' : 'btn-secondary'}`} to={`/study/${p.studyId}`}>
              {t('common.toStudy')}
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}
