/**
 * /admin/security-log: the security log, newest first, searched by actor, action, target,
 * outcome, days and address; paged. Each search is itself recorded (admin.read.security_log).
 */
import { SECURITY_ACTIONS, type SecurityAction, type SecurityOutcome } from '@moim/contract';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n';
import { formatDateTime } from '../../shared/lib/format';
import { ErrorMessage } from '../../shared/ui/error-message';
import { Pager } from '../../shared/ui/pager';
import { EmptyState, LoadingState } from '../../shared/ui/states';
import { TableScroll } from '../../shared/ui/table-scroll';
import { useSecurityLog, type SecurityLogFilter } from './api';
import { deviceLabel } from './device';
import './security-log.css';

const TEXT_FIELDS = ['actor', 'targetKind', 'targetId', 'ip'] as const;
type Draft = Record<(typeof TEXT_FIELDS)[number] | 'action' | 'outcome' | 'from' | 'to', string>;
const EMPTY: Draft = { actor: '', action: '', targetKind: '', targetId: '', outcome: '', from: '', to: '', ip: '' };

function toFilter(d: Draft): SecurityLogFilter {
  const f: SecurityLogFilter = {};
  for (const k of TEXT_FIELDS) if (d[k].trim()) f[k] = d[k].trim();
  if (d.action) f.action = d.action as SecurityAction;
  if (d.outcome) f.outcome = d.outcome as SecurityOutcome;
  if (d.from) f.from = d.from;
  if (d.to) f.to = d.to;
  return f;
}

export default function AdminSecurityLogPage() {
  const { t, i18n } = useTranslation('security-log');
  const [page, setPage] = useState(0);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [filter, setFilter] = useState<SecurityLogFilter>({});
  const log = useSecurityLog({ page, size: 20, ...filter });
  const set = (k: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setPage(0);
    setFilter(toFilter(draft));
  };
  const field = (k: keyof Draft, label: string, input: ReactNode) => (
    <label className="security-filters__field" htmlFor={`sl-${k}`}>
      {label}
      {input}
    </label>
  );
  return (
    <section aria-labelledby="admin-security-log-title">
      <h1 id="admin-security-log-title">{t('admin.title')}</h1>
      <p className="muted">{t('admin.lead')}</p>
      <form className="security-filters" role="search" aria-label={t('admin.filters')} onSubmit={submit}>
        {field('actor', t('admin.actor'), <input id="sl-actor" className="input" value={draft.actor} onChange={set('actor')} />)}
        {field(
          'action',
          t('admin.action'),
          <select id="sl-action" className="input" value={draft.action} onChange={set('action')}>
            <option value="">{t('admin.allActions')}</option>
            {SECURITY_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {t(`actions.${a}`)}
              </option>
            ))}
          </select>,
        )}
        {field(
          'targetKind',
          t('admin.targetKind'),
          <input id="sl-targetKind" className="input" value={draft.targetKind} onChange={set('targetKind')} />,
        )}
        {field(
          'targetId',
          t('admin.targetId'),
          <input id="sl-targetId" className="input" value={draft.targetId} onChange={set('targetId')} />,
        )}
        {field(
          'outcome',
          t('admin.outcome'),
          <select id="sl-outcome" className="input" value={draft.outcome} onChange={set('outcome')}>
            <option value="">{t('admin.allOutcomes')}</option>
            <option value="success">{t('outcomes.success')}</option>
            <option value="failure">{t('outcomes.failure')}</option>
          </select>,
        )}
        {field('from', t('admin.from'), <input id="sl-from" type="date" className="input" value={draft.from} onChange={set('from')} />)}
        {field('to', t('admin.to'), <input id="sl-to" type="date" className="input" value={draft.to} onChange={set('to')} />)}
        {field('ip', t('admin.ip'), <input id="sl-ip" className="input" inputMode="decimal" value={draft.ip} onChange={set('ip')} />)}
        <div className="security-filters__buttons">
          <button type="submit" className="btn btn-primary btn-sm">
            {t('admin.search')}
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => {
              setDraft(EMPTY);
              setFilter({});
              setPage(0);
            }}
          >
            {t('admin.reset')}
          </button>
        </div>
      </form>
      {log.isLoading ? (
        <LoadingState />
      ) : log.isError ? (
        <ErrorMessage variant="state" error={log.error} onRetry={() => void log.refetch()} />
      ) : !log.data?.content.length ? (
        <EmptyState title={t('admin.empty')} />
      ) : (
        <>
          <p className="muted">{t('admin.total', { count: log.data.totalElements })}</p>
          <TableScroll className="table-wrap">
            <table className="admin-table security-log-table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.at')}</th>
                  <th scope="col">{t('admin.who')}</th>
                  <th scope="col">{t('admin.what')}</th>
                  <th scope="col">{t('admin.target')}</th>
                  <th scope="col">{t('admin.result')}</th>
                  <th scope="col">{t('admin.where')}</th>
                  <th scope="col">{t('admin.details')}</th>
                </tr>
              </thead>
              <tbody>
                {log.data.content.map((e) => (
                  <tr key={e.id}>
                    <td>
                      <time dateTime={e.at}>{formatDateTime(e.at, i18n.language)}</time>
                    </td>
                    <td>{e.actorId ? <code>{e.actorId}</code> : t(e.actorKind === 'system' ? 'admin.system' : 'admin.anonymous')}</td>
                    <td>
                      {t(`actions.${e.action}`)}
                      <div className="muted">
                        <code>{e.action}</code>
                      </div>
                    </td>
                    <td>
                      {e.targetKind && (
                        <>
                          {e.targetKind}
                          <div>
                            <code>{e.targetId}</code>
                          </div>
                        </>
                      )}
                    </td>
                    <td>
                      <span className={`badge security-outcome security-outcome--${e.outcome}`}>{t(`outcomes.${e.outcome}`)}</span>
                      {e.reason && <div className="muted">{e.reason}</div>}
                    </td>
                    <td>
                      {e.ip && <code>{e.ip}</code>}
                      <div className="muted" title={e.userAgent ?? undefined}>
                        {deviceLabel(e.userAgent)}
                      </div>
                    </td>
                    <td className="security-log-table__details">
                      {Object.keys(e.details).length > 0 && <code>{JSON.stringify(e.details)}</code>}
                      {e.requestId && <div className="muted">req {e.requestId}</div>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pager page={page} totalPages={log.data.totalPages} onPage={setPage} />
        </>
      )}
    </section>
  );
}
