/**
 * /payment/success?paymentKey&orderId&amount — where the payment window returns. Asks the server
 * to confirm (idempotent: opening the page again shows the same result); a refusal goes to
 * /payment/fail with the provider's code and message.
 */
import type { ConfirmPaymentBody } from '@moim/contract';
import { partialMatchKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link, Navigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { ErrorMessage } from '../../../shared/ui/error-message';
import { LoadingState } from '../../../shared/ui/states';
import { useConfirmPayment } from '../api';
import { paymentKeys } from '../keys';
import { PaymentSummary } from '../components/payment-summary';
import { MissingOrder } from '../components/missing-order';
import '../payments.css';

function readBody(params: URLSearchParams): ConfirmPaymentBody | null {
  const paymentKey = params.get('paymentKey');
  const orderId = params.get('orderId');
  const amount = Number(params.get('amount'));
  if (!paymentKey || !orderId || !Number.isInteger(amount) || amount <= 0) return null;
  return { paymentKey, orderId, amount };
}

export default function PaymentSuccessPage() {
  const { t } = useTranslation('payments');
  const [params] = useSearchParams();
  const body = useMemo(() => readBody(params), [params]);
  const confirm = useConfirmPayment(body);
  const qc = useQueryClient();

  useEffect(() => {
    // The application and the study changed: let every page read them again.
    if (confirm.isSuccess) void qc.invalidateQueries({ predicate: (q) => !partialMatchKey(q.queryKey, paymentKeys.confirms()) });
  }, [confirm.isSuccess, qc]);

  if (!body) return <MissingOrder />;
  if (confirm.isPending) {
    return (
      <div className="page pay-page">
        <div className="container pay-narrow">
          <LoadingState label={t('success.confirming')} />
        </div>
      </div>
    );
  }
  if (confirm.isError) {
    const e = confirm.error;
    if (e instanceof ApiError && e.kind === 'http') {
      // details.providerCode: the provider's own refusal code (docs/api-wire.md); the message is the server's
      const providerCode = (e.details as { providerCode?: string } | undefined)?.providerCode;
      const q = new URLSearchParams({
        code: providerCode ?? e.code,
        message: e.message,
        orderId: body.orderId,
      });
      return <Navigate replace to={`/payment/fail?${q}`} />;
    }
    return (
      <div className="page pay-page">
        <div className="container pay-narrow">
          <ErrorMessage variant="state" error={e} onRetry={() => void confirm.refetch()} />
        </div>
      </div>
    );
  }
  const p = confirm.data;
  return (
    <div className="page pay-page">
      <div className="container pay-narrow stack">
        <div className="pay-result pay-result--ok">
          <span className="pay-result__icon" aria-hidden="true">
            ✓
          </span>
          <div>
            <h1>{t('success.title')}</h1>
            <p className="muted" style={{ margin: 0 }} role="status">
              {p.kind === 'STUDY' ? t('success.studyConfirmed', { study: p.studyTitle ?? p.orderName }) : t('success.testDone')}
            </p>
          </div>
        </div>
        <section className="pay-card" aria-label={t('success.done')}>
          <PaymentSummary payment={p} />
        </section>
        <div className="pay-actions">
          {p.kind === 'STUDY' && p.studyId ? (
            <Link className="btn btn-primary" to={`/study/${p.studyId}`}>
              {t('common.toStudy')}
            </Link>
          ) : (
            <Link className="btn btn-primary" to="/checkout/test">
              {t('success.again')}
            </Link>
          )}
          <Link className="btn btn-secondary" to={p.kind === 'STUDY' ? '/users/me#my-studies' : '/'}>
            {p.kind === 'STUDY' ? t('common.toMyStudies') : t('common.home')}
          </Link>
        </div>
      </div>
    </div>
  );
}
