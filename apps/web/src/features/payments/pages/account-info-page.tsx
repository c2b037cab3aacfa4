/**
 * /payment/account-info?orderId — the bank-transfer instructions: account, exact amount,
 * depositor name and deadline, then "입금했어요" (→ /payment/pending).
 */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Field } from '../../../shared/ui/field';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { useNotifyDeposit, usePayment } from '../api';
import { CopyValue } from '../components/copy-button';
import { OrderName } from '../components/order-name';
import { TestModeBadge } from '../components/status-badge';
import { formatDateTime, formatKrw, timeLeft } from '../lib/format';
import { MissingOrder } from '../components/missing-order';
import { ErrorMessage } from '../../../shared/ui/error-message';
import '../payments.css';

export default function AccountInfoPage() {
  const { t } = useTranslation('payments');
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  const payment = usePayment(orderId);
  if (!orderId) return <MissingOrder />;
  if (payment.isPending) return <LoadingState />;
  if (payment.isError) return <ErrorMessage variant="state" error={payment.error} onRetry={() => void payment.refetch()} />;
  const p = payment.data;
  if (p.method !== 'BANK_TRANSFER') return <ErrorState message={t('account.notDeposit')} />;
  if (p.applicationStatus === 'PAYMENT_PENDING' || p.status === 'DONE')
    return <Navigate replace to={`/payment/pending?orderId=${encodeURIComponent(p.orderId)}`} />;
  return <AccountInfo payment={p} />;
}

function AccountInfo({ payment: p }: { payment: NonNullable<ReturnType<typeof usePayment>['data']> }) {
  const { t, i18n } = useTranslation('payments');
  const lng = i18n.language;
  const navigate = useNavigate();
  const notify = useNotifyDeposit(p.studyId ?? '', p.applicationId ?? '');
  const [other, setOther] = useState('');
  const [now] = useState(() => Date.now());
  const open = p.status === 'WAITING_FOR_DEPOSIT' && p.applicationStatus === 'ACCEPTED';
  const left = timeLeft(p.deadline, now, lng);
  return (
    <div className="page pay-page">
      <div className="container pay-narrow stack">
        <div>
          <TestModeBadge />
          <h1 style={{ marginTop: 'var(--space-2)' }}>{t('account.title')}</h1>
          <p className="muted">{t('account.lead')}</p>
        </div>
        {p.returnNote && (
          <div className="pay-alert pay-alert--warning" role="status">
            <p>{t('pending.returnNote', { note: p.returnNote })}</p>
          </div>
        )}
        <section className="pay-card" aria-label={t('account.title')}>
          <dl className="pay-dl">
            <dt>{t('common.orderName')}</dt>
            <dd>
              <OrderName payment={p} />
            </dd>
            <dt>{t('account.bank')}</dt>
            <dd>{p.account?.bank}</dd>
            <dt>{t('account.number')}</dt>
            <dd>
              <CopyValue value={p.account?.accountNumber ?? ''} label={t('account.number')} />
            </dd>
            <dt>{t('account.holder')}</dt>
            <dd>{p.account?.holder}</dd>
            <dt>{t('common.amount')}</dt>
            <dd className="pay-dl__money">
              <CopyValue value={String(p.amount)} label={t('common.amount')} /> <span className="muted">({formatKrw(p.amount, lng)})</span>
            </dd>
            <dt>{t('account.depositor')}</dt>
            <dd>
              <CopyValue value={p.depositorName ?? ''} label={t('account.depositor')} />
            </dd>
            <dt>{t('common.deadline')}</dt>
            <dd>
              {formatDateTime(p.deadline, lng)}{' '}
              {left ? (
                <span className="muted">({t('common.remaining', { time: left })})</span>
              ) : (
                <span className="muted">({t('common.past')})</span>
              )}
            </dd>
          </dl>
          <p className="muted" style={{ margin: 0 }}>
            {t('account.depositorHint')}
          </p>
        </section>
        {open ? (
          <form
            className="pay-card"
            onSubmit={(e) => {
              e.preventDefault();
              notify.mutate(other.trim() || undefined, {
                onSuccess: (r) => navigate(`/payment/pending?orderId=${encodeURIComponent(r.orderId)}`),
              });
            }}
          >
            <Field label={t('account.depositorOther')}>
              <input value={other} maxLength={20} onChange={(e) => setOther(e.target.value)} autoComplete="off" />
            </Field>
            <ErrorMessage error={notify.error} />
            <div className="pay-actions">
              <button type="submit" className="btn btn-primary" disabled={notify.isPending} aria-busy={notify.isPending}>
                {notify.isPending ? t('account.notifying') : t('account.notify')}
              </button>
              {p.studyId && (
                <Link className="btn btn-secondary" to={`/study/${p.studyId}`}>
                  {t('common.toStudy')}
                </Link>
              )}
            </div>
          </form>
        ) : (
          <div className="pay-alert pay-alert--error" role="status">
            <p>{p.applicationStatus === 'EXPIRED' || p.status === 'EXPIRED' ? t('pending.expired') : t('account.closed')}</p>
          </div>
        )}
      </div>
    </div>
  );
}
