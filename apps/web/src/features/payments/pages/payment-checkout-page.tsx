/**
 * /payment/checkout?studyId&applicationId — the pay panel on a page of its own, for links from
 * the study pages and "my studies" (and the retry button of /payment/fail).
 */
import { useTranslation } from '../../../shared/i18n';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../../shared/ui/states';
import { PayPanel } from '../components/pay-panel';
import { TestCards } from '../components/test-cards';
import { usePaymentsConfig } from '../api';
import '../payments.css';
import { BackLink } from '../../../shared/ui/back-link';

export default function PaymentCheckoutPage() {
  const { t } = useTranslation('payments');
  const [params] = useSearchParams();
  const studyId = params.get('studyId');
  const applicationId = params.get('applicationId');
  const config = usePaymentsConfig();
  if (!studyId || !applicationId) return <ErrorState message={t('checkoutPage.missing')} />;
  return (
    <div className="page pay-page">
      <div className="container pay-narrow stack">
        <h1>{t('checkoutPage.title')}</h1>
        <PayPanel studyId={studyId} applicationId={applicationId} />
        {config.data?.provider === 'test' && <TestCards />}
        <BackLink to={`/study/${studyId}`}>{t('common.toStudy')}</BackLink>
      </div>
    </div>
  );
}
