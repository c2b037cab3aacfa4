/** /admin/payments — every payment attempt, filtered and paged; filters live in the address. */
import { PAYMENT_KINDS, PAYMENT_METHODS, PAYMENT_STATUSES, REFUND_STATUSES } from '@moim/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link, useSearchParams } from 'react-router';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, LoadingState } from '../../../shared/ui/states';
import { PaymentStatusBadge } from '../components/status-badge';
import { formatDateTime, formatKrw } from '../lib/format';
import { useAdminPayments, type AdminPaymentFilters } from './admin-api';
import { ErrorMessage } from '../../../shared/ui/error-message';
import '../payments.css';
import { TableScroll } from '../../../shared/ui/table-scroll';

const FILTER_KEYS = ['status', 'method', 'kind', 'refundStatus', 'studyId', 'from', 'to', 'q'] as const;

function readFilters(p: URLSearchParams): AdminPaymentFilters {
  const f: AdminPaymentFilters = { page: Math.max(0, Number(p.get('page') ?? 0) || 0) };
  for (const k of FILTER_KEYS) {
    const v = p.get(k);
    if (v) f[k] = v;
  }
  return f;
}

export default function AdminPaymentsPage() {
  const { t, i18n } = useTranslation('payments');
  const lng = i18n.language;
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const list = useAdminPayments(filters);
  const [draft, setDraft] = useState<Record<string, string>>(() => Object.fromEntries(FILTER_KEYS.map((k) => [k, filters[k] ?? ''])));

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams();
    for (const k of FILTER_KEYS) if (draft[k]?.trim()) next.set(k, draft[k]!.trim());
    setParams(next);
  };
  const goTo = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    setParams(next);
  };
  const select = (k: (typeof FILTER_KEYS)[number], label: string, all: string, values: readonly string[], ns: string) => (
    <div className="field">
      <label className="field__label" htmlFor={`pay-f-${k}`}>
        {label}
      </label>
      <select id={`pay-f-${k}`} value={draft[k] ?? ''} onChange={(e) => setDraft({ ...draft, [k]: e.target.value })}>
        <option value="">{all}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {t(`${ns}.${v}`)}
          </option>
        ))}
      </select>
    </div>
  );
  const input = (k: (typeof FILTER_KEYS)[number], label: string, type: string, placeholder?: string) => (
    <div className="field">
      <label className="field__label" htmlFor={`pay-f-${k}`}>
        {label}
      </label>
      <input
        id={`pay-f-${k}`}
        type={type}
        value={draft[k] ?? ''}
        placeholder={placeholder}
        onChange={(e) => setDraft({ ...draft, [k]: e.target.value })}
      />
    </div>
  );

  return (
    <section aria-labelledby="admin-payments-title" className="stack">
      <div>
        <h1 id="admin-payments-title">{t('admin.title')}</h1>
        <p className="muted">{t('admin.lead')}</p>
      </div>
      <form className="pay-card" role="search" aria-label={t('admin.filters')} onSubmit={apply}>
        <div className="pay-filters">
          {select('status', t('common.status'), t('admin.allStatuses'), PAYMENT_STATUSES, 'status')}
          {select('method', t('common.method'), t('admin.allMethods'), PAYMENT_METHODS, 'method')}
          {select('kind', t('admin.kind'), t('admin.allKinds'), PAYMENT_KINDS, 'kind')}
          {select('refundStatus', t('admin.refundStatusLabel'), t('admin.allRefunds'), REFUND_STATUSES, 'refundStatus')}
          {input('from', t('admin.from'), 'date')}
          {input('to', t('admin.to'), 'date')}
          {input('studyId', t('admin.studyId'), 'text')}
          {input('q', t('admin.search'), 'search', t('admin.searchPlaceholder'))}
        </div>
        <div className="pay-actions">
          <button type="submit" className="btn btn-primary btn-sm">
            {t('admin.apply')}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => {
              setDraft({});
              setParams(new URLSearchParams());
            }}
          >
            {t('admin.reset')}
          </button>
        </div>
      </form>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorMessage variant="state" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.content.length === 0 ? (
        <EmptyState title={t('admin.empty')} />
      ) : (
        <>
          <p className="muted" role="status">
            {t('admin.total', { count: list.data.totalElements })}
          </p>
          <TableScroll className="pay-table-wrap">
            <table className="pay-table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.createdAt')}</th>
                  <th scope="col">{t('common.orderName')}</th>
                  <th scope="col">{t('admin.payer')}</th>
                  <th scope="col">{t('common.method')}</th>
                  <th scope="col" className="num">
                    {t('common.amount')}
                  </th>
                  <th scope="col">{t('common.status')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.content.map((r) => (
                  <tr key={r.id}>
                    <td>{formatDateTime(r.createdAt, lng)}</td>
                    <td>
                      {/* the order's name as stored when it was placed */}
                      <Link to={`/admin/payments/${r.id}`} data-user-content="">
                        {r.orderName}
                      </Link>
                      <div className="pay-mono muted">{r.orderId}</div>
                    </td>
                    <td>
                      <span data-user-content="">{r.user.name ?? '—'}</span>
                      <div className="muted">{r.user.email}</div>
                      {r.depositorName && (
                        <div className="muted" data-user-content="">
                          {r.depositorName}
                        </div>
                      )}
                    </td>
                    <td>{t(`method.${r.method}`)}</td>
                    <td className="num">{formatKrw(r.amount, lng)}</td>
                    <td>
                      <PaymentStatusBadge status={r.status} />
                      {r.refundStatus !== 'NONE' && <div className="muted">{t(`refundStatus.${r.refundStatus}`)}</div>}
                      {r.status === 'WAITING_FOR_DEPOSIT' && r.depositNotifiedAt && (
                        <div className="muted">{t('admin.depositReported')}</div>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pager page={list.data.number} totalPages={list.data.totalPages} label={t('admin.pager')} onPage={goTo} />
        </>
      )}
    </section>
  );
}
