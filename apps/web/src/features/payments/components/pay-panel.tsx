/**
 * The pay panel a study page embeds for an application (`<PayPanel studyId applicationId />`):
 * amount and deadline, card or bank transfer, the state of earlier attempts, and where to go
 * next (the payment window, the transfer details, the deposit status).
 */
import type { PaymentMethod } from '@moim/contract';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link, useNavigate } from 'react-router';
import { LoadingState } from '../../../shared/ui/states';
import { useApplicationPayment, usePaymentsConfig, useStartPayment } from '../api';
import { formatDateTime, formatKrw, providerMessage, timeLeft } from '../lib/format';
import { failPath, openCheckout } from '../lib/open-checkout';
import { RefundAccountForm } from './refund-account-form';
import { StartError } from './start-error';
import { TestModeBadge } from './status-badge';
import { ErrorMessage } from '../../../shared/ui/error-message';
import '../payments.css';

export interface PayPanelProps {
  studyId: string;
  applicationId: string;
  /** heading level of the panel's title (default 2) */
  headingLevel?: 2 | 3;
}

export function PayPanel({ studyId, applicationId, headingLevel = 2 }: PayPanelProps) {
  const { t, i18n } = useTranslation('payments');
  const lng = i18n.language;
  const navigate = useNavigate();
  const state = useApplicationPayment(studyId, applicationId);
  const config = usePaymentsConfig();
  const start = useStartPayment(studyId, applicationId);
  const [method, setMethod] = useState<PaymentMethod>('CARD');
  const [opening, setOpening] = useState(false);
  const [now] = useState(() => Date.now());
  const H = headingLevel === 3 ? 'h3' : 'h2';
  const titleId = `pay-panel-${applicationId}`;

  if (state.isPending) return <LoadingState />;
  if (state.isError) return <ErrorMessage variant="state" error={state.error} onRetry={() => void state.refetch()} />;
  const s = state.data;
  const current = s.current;

  async function pay() {
    const result = await start.mutateAsync(method);
    if (result.method === 'BANK_TRANSFER') {
      navigate(`/payment/account-info?orderId=${encodeURIComponent(result.orderId)}`);
      return;
    }
    setOpening(true);
    try {
      await openCheckout(result, config.data?.sdkUrl ?? null);
    } catch (err) {
      setOpening(false);
      navigate(failPath(result.orderId, err));
    }
  }

  let body;
  if (s.applicationStatus === 'CONFIRMED') {
    body = (
      <div className="pay-alert" role="status">
        <p>{t('panel.confirmed')}</p>
      </div>
    );
  } else if (s.applicationStatus === 'PAYMENT_PENDING') {
    body = (
      <div className="pay-alert pay-alert--warning" role="status">
        <p>{t('panel.depositPending')}</p>
        {current && (
          <p>
            <Link to={`/payment/pending?orderId=${encodeURIComponent(current.orderId)}`}>{t('panel.viewPending')}</Link>
          </p>
        )}
      </div>
    );
  } else if (s.applicationStatus === 'REFUNDED') {
    body = (
      <div className="pay-alert" role="status">
        <p>{t('panel.refunded', { amount: formatKrw(current?.refundedAmount ?? 0, lng) })}</p>
      </div>
    );
  } else if (s.amount <= 0) {
    body = <p className="muted">{t('panel.free')}</p>;
  } else if (!s.payable) {
    body = (
      <div className="pay-alert pay-alert--error" role="status">
        <p>
          {s.applicationStatus === 'EXPIRED' || s.applicationStatus === 'ACCEPTED'
            ? t('panel.expired')
            : t('panel.notPayable', { status: s.applicationStatus })}
        </p>
      </div>
    );
  } else {
    const left = timeLeft(s.deadline, now, lng);
    const waiting = current?.status === 'WAITING_FOR_DEPOSIT' ? current : null;
    const lastFailed = current?.status === 'ABORTED' && current.failure && current.failure.code !== 'SUPERSEDED' ? current : null;
    body = (
      <>
        <dl className="pay-dl">
          <dt>{t('common.amount')}</dt>
          <dd className="pay-dl__money">{formatKrw(s.amount, lng)}</dd>
          <dt>{t('common.deadline')}</dt>
          <dd>
            {formatDateTime(s.deadline, lng)} {left ? <span className="muted">({t('common.remaining', { time: left })})</span> : null}
          </dd>
        </dl>
        {waiting?.returnNote && (
          <div className="pay-alert pay-alert--warning" role="status">
            <p>{t('panel.returned', { note: waiting.returnNote })}</p>
          </div>
        )}
        {lastFailed && (
          <div className="pay-alert pay-alert--error" role="status">
            <p>{t('panel.lastFailure', { message: providerMessage(t, lng, lastFailed.failure?.code, lastFailed.failure?.message) })}</p>
          </div>
        )}
        <fieldset className="pay-methods">
          <legend>{t('panel.chooseMethod')}</legend>
          {(['CARD', 'BANK_TRANSFER'] as const).map((m) => (
            <label key={m} className="pay-method">
              <input
                type="radio"
                name={`pay-method-${applicationId}`}
                value={m}
                checked={method === m}
                onChange={() => setMethod(m)}
                aria-labelledby={`${titleId}-${m}`}
                aria-describedby={`${titleId}-${m}-hint`}
              />
              <span>
                <strong id={`${titleId}-${m}`}>{t(`method.${m}`)}</strong>
                <small id={`${titleId}-${m}-hint`}>{m === 'CARD' ? t('panel.cardHint') : t('panel.bankHint')}</small>
              </span>
            </label>
          ))}
        </fieldset>
        {start.isError && <StartError error={start.error} />}
        <div className="pay-actions">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void pay().catch(() => undefined)}
            disabled={start.isPending || opening}
            aria-busy={start.isPending || opening}
          >
            {opening ? t('panel.opening') : t('panel.pay', { amount: formatKrw(s.amount, lng) })}
          </button>
          {waiting && (
            <Link className="btn btn-secondary" to={`/payment/account-info?orderId=${encodeURIComponent(waiting.orderId)}`}>
              {t('panel.showAccount')}
            </Link>
          )}
        </div>
      </>
    );
  }

  return (
    <section className="pay-card" aria-labelledby={titleId} data-testid="pay-panel">
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <H id={titleId} style={{ margin: 0, fontSize: 'var(--text-lg)' }}>
          {t('panel.title')}
        </H>
        {config.data?.testMode && <TestModeBadge />}
      </div>
      <p className="muted" style={{ margin: 0 }}>
        {s.studyTitle} · {t('panel.lead')}
      </p>
      {body}
      {current?.method === 'BANK_TRANSFER' && (current.refundStatus === 'AWAITING_TRANSFER' || current.refundStatus === 'REQUESTED') && (
        <RefundAccountForm payment={current} />
      )}
    </section>
  );
}
