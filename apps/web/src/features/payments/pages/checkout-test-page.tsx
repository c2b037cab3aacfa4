/** /checkout/test — buy the fixed test item through the real card flow (linked from the admin toolbar). */
import { TEST_ITEM } from '@moim/contract';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { useNavigate } from 'react-router';
import { LoadingState } from '../../../shared/ui/states';
import { usePaymentsConfig, useTestCheckout } from '../api';
import { StartError } from '../components/start-error';
import { TestCards } from '../components/test-cards';
import { TestModeBadge } from '../components/status-badge';
import { formatKrw } from '../lib/format';
import { failPath, openCheckout } from '../lib/open-checkout';
import '../payments.css';

export default function CheckoutTestPage() {
  const { t, i18n } = useTranslation('payments');
  const lng = i18n.language;
  const navigate = useNavigate();
  const config = usePaymentsConfig();
  const start = useTestCheckout();
  const [opening, setOpening] = useState(false);
  if (config.isPending) return <LoadingState />;

  async function buy() {
    const c = await start.mutateAsync();
    setOpening(true);
    try {
      await openCheckout(c, config.data?.sdkUrl ?? null);
    } catch (err) {
      setOpening(false);
      navigate(failPath(c.orderId, err));
    }
  }

  return (
    <div className="page pay-page">
      <div className="container pay-narrow stack">
        <div>
          {config.data?.testMode && <TestModeBadge />}
          <h1 style={{ marginTop: 'var(--space-2)' }}>{t('checkoutTest.title')}</h1>
          <p className="muted">{t('checkoutTest.lead')}</p>
        </div>
        {config.data?.provider === 'toss' && (
          <div className="pay-alert pay-alert--warning" role="status">
            <p>{t('checkoutTest.tossMode')}</p>
          </div>
        )}
        <section className="pay-card" aria-labelledby="pay-test-item">
          <h2 id="pay-test-item">{t('checkoutTest.item')}</h2>
          <dl className="pay-dl">
            <dt>{t('common.orderName')}</dt>
            <dd>{t('checkoutTest.itemName')}</dd>
            <dt>{t('common.amount')}</dt>
            <dd className="pay-dl__money">{formatKrw(TEST_ITEM.amount, lng)}</dd>
            <dt>{t('common.method')}</dt>
            <dd>{t('method.CARD')}</dd>
          </dl>
          {start.isError && <StartError error={start.error} />}
          <div className="pay-actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={start.isPending || opening}
              aria-busy={start.isPending || opening}
              onClick={() => void buy().catch(() => undefined)}
            >
              {opening ? t('panel.opening') : t('checkoutTest.buy', { amount: formatKrw(TEST_ITEM.amount, lng) })}
            </button>
          </div>
        </section>
        {config.data?.provider === 'test' && <TestCards />}
      </div>
    </div>
  );
}
