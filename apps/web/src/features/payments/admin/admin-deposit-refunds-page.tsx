/**
 * /admin/deposit-refunds — the deposit payout list (docs/deposits.md "Money going back"): the
 * refunds waiting for a bank transfer (the default view), refused card refunds, and the rest by
 * status or study; filters live in the address. "Sent" records a transfer once, after the shared
 * confirmation; "retry" queues a refused card refund again. Below 768 px each row is a card.
 */
import { DEPOSIT_REFUND_STATUSES, type DepositPayoutStudy, type DepositPayoutView, type DepositRefundStatus } from '@moim/contract';
import type { TFunction } from '../../../shared/i18n';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../../../shared/toast/toast';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorMessage } from '../../../shared/ui/error-message';
import { Field } from '../../../shared/ui/field';
import { EmptyState, LoadingState } from '../../../shared/ui/states';
import { markUserValue } from '../../../shared/ui/user-value';
import { formatDateTime, formatKrw, providerMessage } from '../lib/format';
import { formatShortDate } from '../../../shared/lib/format';
import {
  useDepositPayoutStudies,
  useDepositRefunds,
  useMarkDepositRefundSent,
  useRetryDepositRefund,
  type DepositRefundFilters,
} from './deposit-refunds-api';
import '../payments.css';
import './deposit-refunds.css';

/** The view with no status in the address: what an admin has to act on first. */
const DEFAULT_STATUS: DepositRefundStatus = 'AWAITING_TRANSFER';
const ALL = 'ALL';
/** The server answers at most this many rows, newest first (deposit-service adminList). */
const LIST_LIMIT = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What needs the admin first: transfers to send, then refused card refunds. */
const STATUS_ORDER = ['AWAITING_TRANSFER', 'FAILED', 'PENDING', 'DONE'] as const satisfies readonly DepositRefundStatus[];
const isStatus = (v: string | null): v is DepositRefundStatus => (DEPOSIT_REFUND_STATUSES as readonly string[]).includes(v ?? '');

function readFilters(p: URLSearchParams): DepositRefundFilters & { statusParam: string } {
  const raw = p.get('status');
  const statusParam = raw === ALL ? ALL : isStatus(raw) ? raw : DEFAULT_STATUS;
  const studyId = p.get('studyId') ?? '';
  return {
    statusParam,
    ...(statusParam === ALL ? {} : { status: statusParam as DepositRefundStatus }),
    ...(UUID.test(studyId) ? { studyId } : {}),
  };
}

/** A picker option: the study's title and what waits in it ("송금 대기 2 · 실패 1"). */
function studyOption(o: DepositPayoutStudy, t: TFunction<'payments'>): string {
  const title = o.studyTitle ?? t('depositRefunds.unknownStudy');
  const waiting = [
    o.awaitingTransfer > 0 ? t('depositRefunds.pickAwaiting', { count: o.awaitingTransfer }) : null,
    o.failed > 0 ? t('depositRefunds.pickFailed', { count: o.failed }) : null,
  ].filter(Boolean);
  return waiting.length ? `${title} (${waiting.join(' · ')})` : title;
}

const STATUS_TONE: Record<DepositRefundStatus, string> = {
  AWAITING_TRANSFER: 'warning',
  FAILED: 'danger',
  PENDING: 'primary',
  DONE: 'success',
};

export default function AdminDepositRefundsPage() {
  const { t, i18n } = useTranslation('payments');
  const lng = i18n.language;
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const { statusParam, ...query } = filters;
  const list = useDepositRefunds(query);
  const [status, setStatus] = useState(statusParam);
  const [studyId, setStudyId] = useState(filters.studyId ?? '');
  const studies = useDepositPayoutStudies();
  const [asking, setAsking] = useState<DepositPayoutView | null>(null);
  const markSent = useMarkDepositRefundSent();
  const retry = useRetryDepositRefund();
  // the form follows the address (back and forward, "this study only"), as React advises: while rendering
  const [shown, setShown] = useState(params.toString());
  if (shown !== params.toString()) {
    setShown(params.toString());
    setStatus(statusParam);
    setStudyId(filters.studyId ?? '');
  }
  const heading = useRef<HTMLHeadingElement>(null);
  // after "sent" the row has left the list, and the button the dialog would give focus back to with
  // it: focus goes to the page's heading once the dialog has closed
  const refocus = useRef(false);
  useEffect(() => {
    if (refocus.current && asking === null) {
      refocus.current = false;
      heading.current?.focus();
    }
  }, [asking]);

  const go = (next: { status: string; studyId?: string }) => {
    const p = new URLSearchParams();
    if (next.status !== DEFAULT_STATUS) p.set('status', next.status);
    if (next.studyId) p.set('studyId', next.studyId);
    setParams(p);
  };
  const apply = (e: FormEvent) => {
    e.preventDefault();
    go({ status, studyId });
  };
  const reset = () => {
    setStatus(DEFAULT_STATUS);
    setStudyId('');
    setParams(new URLSearchParams());
  };
  const onlyStudy = (id: string) => go({ status: statusParam, studyId: id });
  const closeDialog = () => {
    setAsking(null);
    markSent.reset();
  };

  const rows = list.data ?? [];
  const total = rows.reduce((sum, r) => sum + r.amount, 0);
  const studyTitle = filters.studyId ? rows.find((r) => r.studyId === filters.studyId)?.studyTitle : null;
  const picked = studies.data ?? [];
  // a study in the address that the picker does not list (no refunds any more) stays choosable
  const options =
    studyId && !picked.some((x) => x.studyId === studyId)
      ? [{ studyId, studyTitle: studyTitle ?? null, awaitingTransfer: 0, failed: 0, total: 0 }, ...picked]
      : picked;

  return (
    <section aria-labelledby="pay-dr-title" className="stack pay-dr">
      <div>
        <h1 id="pay-dr-title" ref={heading} tabIndex={-1}>
          {t('depositRefunds.title')}
        </h1>
        <p className="muted">{t('depositRefunds.lead')}</p>
      </div>
      <form className="pay-card" role="search" aria-label={t('depositRefunds.filters')} onSubmit={apply} noValidate>
        <div className="pay-dr__filters">
          <Field label={t('common.status')}>
            <select value={status} onChange={(e) => setStatus(e.target.value)}>
              {STATUS_ORDER.map((s) => (
                <option key={s} value={s}>
                  {t(`depositRefunds.status.${s}`)}
                </option>
              ))}
              <option value={ALL}>{t('depositRefunds.allStatuses')}</option>
            </select>
          </Field>
          <Field
            label={t('depositRefunds.study')}
            hint={studies.isPending ? t('depositRefunds.studiesLoading') : studies.isError ? t('depositRefunds.studiesFailed') : undefined}
          >
            <select value={studyId} onChange={(e) => setStudyId(e.target.value)} aria-busy={studies.isPending}>
              <option value="">{t('depositRefunds.allStudies')}</option>
              {options.map((o) => (
                <option key={o.studyId} value={o.studyId}>
                  {studyOption(o, t)}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <div className="pay-actions">
          <button type="submit" className="btn btn-primary btn-sm">
            {t('admin.apply')}
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={reset}>
            {t('admin.reset')}
          </button>
        </div>
      </form>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorMessage variant="state" error={list.error} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title={t(query.status ? `depositRefunds.empty.${query.status}` : 'depositRefunds.empty.ALL')} />
      ) : (
        <>
          <p className="pay-dr__summary" role="status">
            {filters.studyId && studyTitle
              ? markUserValue(
                  t('depositRefunds.summaryStudy', { count: rows.length, total: formatKrw(total, lng), study: studyTitle }),
                  studyTitle,
                )
              : t('depositRefunds.summary', { count: rows.length, total: formatKrw(total, lng) })}
            {rows.length >= LIST_LIMIT && <span className="muted"> {t('depositRefunds.limit', { count: LIST_LIMIT })}</span>}
          </p>
          {/* explicit roles: the cards below 768 px change the table's display, which drops its semantics in some browsers */}
          <table className="pay-dr-table" role="table" aria-labelledby="pay-dr-title">
            <thead role="rowgroup">
              <tr role="row">
                <th role="columnheader" scope="col">
                  {t('depositRefunds.col.study')}
                </th>
                <th role="columnheader" scope="col">
                  {t('depositRefunds.col.member')}
                </th>
                <th role="columnheader" scope="col">
                  {t('depositRefunds.col.refund')}
                </th>
                <th role="columnheader" scope="col" className="pay-dr-table__num">
                  {t('depositRefunds.col.amount')}
                </th>
                <th role="columnheader" scope="col">
                  {t('depositRefunds.col.status')}
                </th>
                <th role="columnheader" scope="col">
                  {t('depositRefunds.col.actions')}
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {rows.map((r) => {
                const who = r.user.name ?? r.user.email ?? t('admin.ask.someone');
                const context = t('depositRefunds.rowContext', { name: who, amount: formatKrw(r.amount, lng) });
                const [code, ...rest] = (r.failure ?? '').split(': ');
                return (
                  <tr role="row" key={r.id} data-testid={`deposit-refund-${r.id}`}>
                    <td role="cell" data-label={t('depositRefunds.col.study')}>
                      <span data-user-content="">{r.studyTitle ?? '—'}</span>
                      {filters.studyId !== r.studyId && (
                        <button type="button" className="pay-dr__link" onClick={() => onlyStudy(r.studyId)}>
                          {t('depositRefunds.onlyStudy')}
                          <span className="visually-hidden">
                            {' ('}
                            <span data-user-content="">{r.studyTitle ?? r.studyId}</span>)
                          </span>
                        </button>
                      )}
                    </td>
                    <td role="cell" data-label={t('depositRefunds.col.member')}>
                      <span data-user-content="">{r.user.name ?? '—'}</span>
                      {r.user.email && (
                        <div className="muted pay-dr__sub pay-dr__email">
                          <EmailLine email={r.user.email} />
                        </div>
                      )}
                    </td>
                    <td role="cell" data-label={t('depositRefunds.col.refund')}>
                      {t(`depositRefunds.kind.${r.kind}`)}
                      {r.sessionDate && (
                        <div className="muted pay-dr__sub">
                          {t('depositRefunds.session', { date: formatShortDate(r.sessionDate, lng) })}
                        </div>
                      )}
                      <div className="pay-dr__sub">{t(`depositRefunds.channel.${r.channel}`)}</div>
                      {r.channel === 'TRANSFER' &&
                        (r.refundAccount ? (
                          <div className="pay-dr__sub">
                            <span data-user-content="">{r.refundAccount.bank}</span>{' '}
                            <span className="pay-mono pay-digits">{r.refundAccount.number}</span>{' '}
                            <span data-user-content="">{r.refundAccount.holder}</span>
                          </div>
                        ) : (
                          <div className="pay-dr__sub pay-dr__warn">{t('depositRefunds.noAccount')}</div>
                        ))}
                    </td>
                    <td role="cell" data-label={t('depositRefunds.col.amount')} className="pay-dr-table__num">
                      {formatKrw(r.amount, lng)}
                    </td>
                    <td role="cell" data-label={t('depositRefunds.col.status')}>
                      <span className={`badge st-badge st-badge--${STATUS_TONE[r.status]}`}>{t(`depositRefunds.status.${r.status}`)}</span>
                      {r.status === 'FAILED' && r.failure && (
                        <div className="pay-dr__sub pay-dr__warn">{providerMessage(t, lng, code, rest.join(': ') || null)}</div>
                      )}
                      <div className="pay-dr__sub muted">
                        {t('depositRefunds.createdAt')} <span className="pay-dr__when">{formatDateTime(r.createdAt, lng)}</span>
                      </div>
                      {r.doneAt && (
                        <div className="pay-dr__sub muted">
                          {t('depositRefunds.doneAt')} <span className="pay-dr__when">{formatDateTime(r.doneAt, lng)}</span>
                        </div>
                      )}
                    </td>
                    <td role="cell" data-label={t('depositRefunds.col.actions')}>
                      <div className="pay-dr__actions">
                        {r.status === 'AWAITING_TRANSFER' && (
                          <button type="button" className="btn btn-primary btn-sm" onClick={() => setAsking(r)}>
                            {t('depositRefunds.markSent')}
                            <span className="visually-hidden"> ({markUserValue(context, who)})</span>
                          </button>
                        )}
                        {r.status === 'FAILED' && (
                          <button
                            type="button"
                            className="btn btn-secondary btn-sm"
                            disabled={retry.isPending && retry.variables === r.id}
                            aria-busy={(retry.isPending && retry.variables === r.id) || undefined}
                            onClick={() =>
                              retry.mutate(r.id, {
                                onSuccess: () => toast.success(t('depositRefunds.retried', { name: who })),
                              })
                            }
                          >
                            {t('depositRefunds.retry')}
                            <span className="visually-hidden"> ({markUserValue(context, who)})</span>
                          </button>
                        )}
                        <Link className="pay-dr__link" to={`/admin/payments?q=${encodeURIComponent(r.orderId)}`}>
                          {t('depositRefunds.payment')}
                          <span className="visually-hidden"> {r.orderId}</span>
                        </Link>
                      </div>
                      {retry.isError && retry.variables === r.id && <ErrorMessage error={retry.error} className="pay-dr__error" />}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking ? t('depositRefunds.ask.title', { amount: formatKrw(asking.amount, lng) }) : ''}
        body={asking ? <SentQuestion row={asking} /> : undefined}
        confirmLabel={t('depositRefunds.ask.confirm')}
        pending={markSent.isPending}
        error={markSent.error}
        onClose={closeDialog}
        onConfirm={() => {
          if (!asking) return;
          const row = asking;
          markSent.mutate(row.id, {
            onSuccess: () => {
              refocus.current = true;
              closeDialog();
              toast.success(t('depositRefunds.sent', { name: row.user.name ?? row.user.email ?? t('admin.ask.someone') }));
            },
          });
        }}
      />
    </section>
  );
}

/** An email address that may break after its "@" only, never inside a word. */
function EmailLine({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/** What "sent" records: to whom, to which account (as the member gave it), once. */
function SentQuestion({ row }: { row: DepositPayoutView }) {
  const { t } = useTranslation('payments');
  const name = row.user.name ?? row.user.email ?? t('admin.ask.someone');
  const a = row.refundAccount;
  return (
    <>
      {markUserValue(t(a ? 'depositRefunds.ask.body' : 'depositRefunds.ask.bodyNoAccount', { name }), name)}
      {a && (
        <span className="pay-dr__account">
          <span data-user-content="">{a.bank}</span> <span className="pay-mono pay-digits">{a.number}</span>{' '}
          <span data-user-content="">{a.holder}</span>
        </span>
      )}
      <span className="pay-dr__account">{t('depositRefunds.ask.once')}</span>
    </>
  );
}
