/**
 * /admin/payments/:id — one payment: its facts, the payer, the actions its state allows
 * (confirm or send back a deposit, refund, decline a refund) and its append-only event log.
 * Every action reaches the payer (notification and mail), so each asks first with the shared
 * confirmation, naming who is told.
 */
import type { AdminPaymentDetail } from '@moim/contract';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { Field } from '../../../shared/ui/field';
import { LoadingState } from '../../../shared/ui/states';
import { PaymentSummary } from '../components/payment-summary';
import { formatDateTime, formatKrw } from '../lib/format';
import { useAdminPayment, useConfirmDeposit, useDeclineRefund, useRefund, useReturnDeposit } from './admin-api';
import { ErrorMessage } from '../../../shared/ui/error-message';
import '../payments.css';
import { BackLink } from '../../../shared/ui/back-link';
import { TableScroll } from '../../../shared/ui/table-scroll';

export default function AdminPaymentPage() {
  const { t } = useTranslation('payments');
  const { paymentId } = useParams();
  const detail = useAdminPayment(paymentId);
  return (
    <section aria-labelledby="admin-payment-title" className="stack">
      <BackLink to="/admin/payments">{t('admin.back')}</BackLink>
      <h1 id="admin-payment-title">{t('admin.detailTitle')}</h1>
      {detail.isPending ? (
        <LoadingState />
      ) : detail.isError ? (
        <ErrorMessage variant="state" error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <Detail d={detail.data} />
      )}
    </section>
  );
}

function Detail({ d }: { d: AdminPaymentDetail }) {
  const { t, i18n } = useTranslation('payments');
  const lng = i18n.language;
  const depositOpen = d.method === 'BANK_TRANSFER' && d.status === 'WAITING_FOR_DEPOSIT';
  // the server says what may still go back (nothing once refunded; less what a deposit study's refunds gave)
  const refundOpen = d.refundableAmount > 0;
  return (
    <>
      <div className="pay-card">
        <PaymentSummary payment={d} />
        <dl className="pay-dl">
          <dt>{t('admin.user')}</dt>
          <dd>
            <span data-user-content="">{d.user.name ?? '—'}</span> <span className="muted">{d.user.email}</span>
          </dd>
          {d.studyTitle && (
            <>
              <dt>{t('kind.STUDY')}</dt>
              <dd>
                {d.studyId ? <Link to={`/study/${d.studyId}`}>{d.studyTitle}</Link> : d.studyTitle}{' '}
                {d.applicationStatus && <span className="muted">({d.applicationStatus})</span>}
              </dd>
            </>
          )}
          {d.studyStartDate && (
            <>
              <dt>{t('common.deadline')}</dt>
              <dd>
                {formatDateTime(d.deadline, lng)} · <span className="muted">{t('admin.studyStart', { date: d.studyStartDate })}</span>
              </dd>
            </>
          )}
          {d.depositorName && (
            <>
              <dt>{t('account.depositor')}</dt>
              <dd data-user-content="">{d.depositorName}</dd>
            </>
          )}
          {d.refundStatus !== 'NONE' && (
            <>
              <dt>{t('admin.refundStatusLabel')}</dt>
              <dd>{t(`refundStatus.${d.refundStatus}`)}</dd>
            </>
          )}
          {d.refundAccount && (
            <>
              <dt>{t('admin.refundAccount')}</dt>
              <dd>
                {d.refundAccount.bank} {d.refundAccount.number} ({d.refundAccount.holder})
              </dd>
            </>
          )}
        </dl>
      </div>
      {depositOpen && <DepositActions d={d} />}
      {refundOpen && <RefundActions d={d} />}
      {!depositOpen && !refundOpen && <p className="muted">{t('admin.noActions')}</p>}
      <section className="pay-card" aria-labelledby="pay-events-title">
        <h2 id="pay-events-title">{t('admin.events')}</h2>
        <TableScroll className="pay-table-wrap">
          <table className="pay-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.eventAt')}</th>
                <th scope="col">{t('admin.eventType')}</th>
                <th scope="col">{t('admin.eventTransition')}</th>
                <th scope="col" className="num">
                  {t('common.amount')}
                </th>
                <th scope="col">{t('admin.eventActor')}</th>
                <th scope="col">{t('admin.eventData')}</th>
              </tr>
            </thead>
            <tbody>
              {d.events.map((e) => (
                <tr key={e.id}>
                  <td>{formatDateTime(e.at, lng)}</td>
                  <td className="pay-mono">{e.type}</td>
                  <td>{e.fromStatus || e.toStatus ? `${e.fromStatus ?? '∅'} → ${e.toStatus ?? '∅'}` : '—'}</td>
                  <td className="num">{e.amount === null ? '—' : formatKrw(e.amount, lng)}</td>
                  <td>{actorLabel(t, e.actor)}</td>
                  <td>{Object.keys(e.data).length > 0 ? <pre className="pay-pre">{JSON.stringify(e.data, null, 1)}</pre> : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>
    </>
  );
}

function actorLabel(t: (k: string) => string, actor: string): string {
  if (actor === 'system' || actor === 'provider') return t(`admin.actor.${actor}`);
  return actor;
}

/** Who the payer is, for a confirmation's words. */
function usePayerName(d: AdminPaymentDetail): string {
  const { t } = useTranslation('payments');
  return d.user.name ?? d.user.email ?? t('admin.ask.someone');
}

function DepositActions({ d }: { d: AdminPaymentDetail }) {
  const { t, i18n } = useTranslation('payments');
  const confirm = useConfirmDeposit(d.id);
  const back = useReturnDeposit(d.id);
  const payer = usePayerName(d);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const [asking, setAsking] = useState<'confirm' | 'return' | null>(null);
  const error = confirm.error ?? back.error;
  const amount = formatKrw(d.amount, i18n.language);
  const close = () => {
    setAsking(null);
    confirm.reset();
    back.reset();
  };
  return (
    <section className="pay-card" aria-labelledby="pay-deposit-title">
      <h2 id="pay-deposit-title">{t('admin.depositTitle')}</h2>
      <p>{t('admin.depositLead', { amount, name: d.depositorName ?? '—' })}</p>
      <p className="muted">
        {d.depositNotifiedAt
          ? t('admin.depositNotified', { at: formatDateTime(d.depositNotifiedAt, i18n.language) })
          : t('admin.depositNotNotified')}
      </p>
      <Field label={t('admin.noteOptional')} error={noteError}>
        <textarea rows={2} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
      </Field>
      <ErrorMessage error={asking ? null : error} />
      <div className="pay-actions">
        <button type="button" className="btn btn-primary" disabled={confirm.isPending} onClick={() => setAsking('confirm')}>
          {t('admin.confirmDeposit')}
        </button>
        {d.depositNotifiedAt && (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={back.isPending}
            onClick={() => {
              if (!note.trim()) return setNoteError(t('admin.returnNoteRequired'));
              setNoteError(undefined);
              setAsking('return');
            }}
          >
            {t('admin.returnDeposit')}
          </button>
        )}
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'return' ? t('admin.ask.returnTitle') : t('admin.ask.confirmDepositTitle', { amount })}
        body={asking === 'return' ? t('admin.ask.returnBody') : t('admin.ask.confirmDepositBody', { name: payer })}
        notice={asking === 'return' ? t('admin.ask.returnNotice', { name: payer }) : t('admin.ask.confirmDepositNotice', { name: payer })}
        confirmLabel={asking === 'return' ? t('admin.returnDeposit') : t('admin.confirmDeposit')}
        pending={confirm.isPending || back.isPending}
        error={error}
        onClose={close}
        onConfirm={() => {
          if (asking === 'return') back.mutate({ note: note.trim() }, { onSuccess: close });
          else confirm.mutate(note.trim() ? { note: note.trim() } : {}, { onSuccess: close });
        }}
      />
    </section>
  );
}

function RefundActions({ d }: { d: AdminPaymentDetail }) {
  const { t, i18n } = useTranslation('payments');
  const lng = i18n.language;
  const refund = useRefund(d.id);
  const decline = useDeclineRefund(d.id);
  const payer = usePayerName(d);
  const [amount, setAmount] = useState(String(d.refundableAmount));
  const [reason, setReason] = useState('');
  const [bank, setBank] = useState('');
  const [number, setNumber] = useState('');
  const [holder, setHolder] = useState('');
  const [asking, setAsking] = useState<'refund' | 'decline' | null>(null);
  const needsAccount = d.method === 'BANK_TRANSFER' && !d.refundAccount;
  const error = refund.error ?? decline.error;
  const close = () => {
    setAsking(null);
    refund.reset();
    decline.reset();
  };
  return (
    <>
      <form
        className="pay-card"
        aria-labelledby="pay-refund-admin-title"
        onSubmit={(e) => {
          e.preventDefault();
          setAsking('refund');
        }}
      >
        <h2 id="pay-refund-admin-title">{t('admin.refundTitle')}</h2>
        {d.refundStatus !== 'NONE' && <p>{t('admin.refundRequested', { status: t(`refundStatus.${d.refundStatus}`) })}</p>}
        <p className="muted">
          {t('admin.refundable', { amount: formatKrw(d.refundableAmount, lng) })}
          {d.studyStartDate ? ` · ${t('admin.studyStart', { date: d.studyStartDate })}` : ''}
        </p>
        <Field label={t('admin.refundAmount')}>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={d.refundableAmount}
            required
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </Field>
        <Field label={t('admin.refundReason')}>
          <input required maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
        {needsAccount && (
          <>
            <p className="muted">{t('admin.refundAccountMissing')}</p>
            <Field label={t('refund.bank')}>
              <input required value={bank} onChange={(e) => setBank(e.target.value)} />
            </Field>
            <Field label={t('refund.number')}>
              <input required inputMode="numeric" value={number} onChange={(e) => setNumber(e.target.value)} />
            </Field>
            <Field label={t('refund.holder')}>
              <input required value={holder} onChange={(e) => setHolder(e.target.value)} />
            </Field>
          </>
        )}
        <ErrorMessage error={asking ? null : error} />
        <div className="pay-actions">
          <button type="submit" className="btn btn-danger" disabled={refund.isPending}>
            {d.method === 'CARD' ? t('admin.refundCard') : t('admin.refundBank')}
          </button>
          {(d.refundStatus === 'REQUESTED' || d.refundStatus === 'AWAITING_TRANSFER') && (
            <button
              type="button"
              className="btn btn-secondary"
              disabled={decline.isPending || !reason.trim()}
              title={t('admin.declineNote')}
              onClick={() => setAsking('decline')}
            >
              {t('admin.declineRefund')}
            </button>
          )}
        </div>
      </form>
      <ConfirmDialog
        open={asking !== null}
        title={
          asking === 'decline' ? t('admin.ask.declineTitle') : t('admin.ask.refundTitle', { amount: formatKrw(Number(amount) || 0, lng) })
        }
        body={
          asking === 'decline'
            ? t('admin.ask.declineBody')
            : d.method === 'CARD'
              ? t('admin.ask.refundCardBody')
              : t('admin.ask.refundBankBody')
        }
        notice={asking === 'decline' ? t('admin.ask.declineNotice', { name: payer }) : t('admin.ask.refundNotice', { name: payer })}
        confirmLabel={asking === 'decline' ? t('admin.declineRefund') : d.method === 'CARD' ? t('admin.refundCard') : t('admin.refundBank')}
        tone={asking === 'refund' ? 'danger' : 'primary'}
        pending={refund.isPending || decline.isPending}
        error={error}
        onClose={close}
        onConfirm={() => {
          if (asking === 'decline') {
            decline.mutate({ note: reason.trim() }, { onSuccess: close });
            return;
          }
          refund.mutate(
            {
              amount: Number(amount),
              reason: reason.trim(),
              ...(needsAccount ? { refundAccount: { bank: bank.trim(), number: number.trim(), holder: holder.trim() } } : {}),
            },
            { onSuccess: close },
          );
        }}
      />
    </>
  );
}
