/**
 * /payment/fail?code&message&orderId — the payment window's failUrl, and where a refused confirm
 * lands. Shows the provider's reason, and what the payment and the application are now: an
 * ACCEPTED application can be paid again until its deadline.
 */
import { useTranslation } from '../../../shared/i18n';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-provider';
import { usePayment } from '../api';
import { OrderName } from '../components/order-name';
import { formatDateTime, providerMessage } from '../lib/format';
import '../payments.css';

export default function PaymentFailPage() {
  const { t, i18n } = useTranslation('payments');
  const lng = i18n.language;
  const [params] = useSearchParams();
  const code = params.get('code');
  const orderId = params.get('orderId');
  const auth = useAuth();
  const payment = usePayment(auth.isAuthenticated ? orderId : null);
  const p = payment.data;
  const canceled = code === 'PAY_PROCESS_CANCELED';
  const reason = providerMessage(t, lng, code, params.get('message'));
  const retryTo =
    p?.kind === 'STUDY' && p.studyId && p.applicationId
      ? `/payment/checkout?studyId=${encodeURIComponent(p.studyId)}&applicationId=${encodeURIComponent(p.applicationId)}`
      : p?.kind === 'TEST_ITEM'
        ? '/checkout/test'
        : null;
  return (
    <div className="page pay-page">
      <div className="container pay-narrow stack">
        <div className="pay-result pay-result--fail">
          <span className="pay-result__icon" aria-hidden="true">
            !
          </span>
          <div>
            <h1>{t('fail.title')}</h1>
            <p className="muted" style={{ margin: 0 }}>
              {canceled ? t('fail.canceled') : t('fail.lead')}
            </p>
          </div>
        </div>
        <section className="pay-card" role="alert" aria-label={t('fail.reasonLabel')}>
          <dl className="pay-dl">
            <dt>{t('fail.reasonLabel')}</dt>
            <dd data-testid="pay-fail-reason">{reason}</dd>
            {code && (
              <>
                <dt>{t('fail.codeLabel')}</dt>
                <dd className="pay-mono">{code}</dd>
              </>
            )}
            {orderId && (
              <>
                <dt>{t('common.orderId')}</dt>
                <dd className="pay-mono">{orderId}</dd>
              </>
            )}
            {p?.orderName && (
              <>
                <dt>{t('common.orderName')}</dt>
                <dd>
                  <OrderName payment={p} />
                </dd>
              </>
            )}
          </dl>
        </section>
        {p?.applicationStatus === 'ACCEPTED' && p.deadline && (
          <p role="status">{t('fail.stillValid', { deadline: formatDateTime(p.deadline, lng) })}</p>
        )}
        <div className="pay-actions">
          {retryTo && (p?.kind === 'TEST_ITEM' || p?.applicationStatus === 'ACCEPTED') && (
            <Link className="btn btn-primary" to={retryTo}>
              {t('fail.retry')}
            </Link>
          )}
          {p?.studyId ? (
            <Link className="btn btn-secondary" to={`/study/${p.studyId}`}>
              {t('common.toStudy')}
            </Link>
          ) : (
            <Link className="btn btn-secondary" to="/">
              {t('common.home')}
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}
