/** /admin/jobs/runs/:runId — one import run: status and counts (live while it runs), and its report per item. */
import { IMPORT_OUTCOMES } from '@moim/contract';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link, useParams } from 'react-router';
import { FormMessage } from '../../../shared/ui/field';
import { EmptyState, LoadingState } from '../../../shared/ui/states';
import { formatDate } from '../lib/format';
import { useLocale } from '../lib/use-locale';
import { Pager } from '../../../shared/ui/pager';
import { useRun, useRunItems } from './admin-api';
import { RunCounts, RunStatus } from './run-status';
import { ErrorMessage } from '../../../shared/ui/error-message';
import '../navigator/navigator.css';
import { BackLink } from '../../../shared/ui/back-link';
import { TableScroll } from '../../../shared/ui/table-scroll';
import './admin-run-page.css';

export default function AdminRunPage() {
  const { t } = useTranslation('job-postings');
  const locale = useLocale();
  const { runId = '' } = useParams();
  const run = useRun(runId);
  const done = run.data?.status === 'SUCCEEDED' || run.data?.status === 'FAILED';
  const [outcome, setOutcome] = useState('');
  const [page, setPage] = useState(0);
  const items = useRunItems(runId, page, outcome, done);

  if (run.isPending) return <LoadingState />;
  if (run.isError) return <ErrorMessage variant="state" error={run.error} onRetry={() => void run.refetch()} />;
  const r = run.data;
  return (
    <section aria-labelledby="run-title" className="jn-admin">
      <BackLink to="/admin/jobs">{t('admin.runs.back')}</BackLink>
      <h1 id="run-title">{t('admin.run.title', { origin: r.sourceName ?? r.origin })}</h1>
      <p className="muted">
        <RunStatus status={r.status} /> {r.format} · {formatDate(r.createdAt, locale)}
        {r.requestedBy && ` · ${r.requestedBy.name}`}
      </p>
      {!done && (
        <p role="status" className="jn-progress">
          <span className="spinner" aria-hidden="true" /> {t('admin.run.working', { n: r.created + r.updated + r.unchanged + r.rejected })}
        </p>
      )}
      {r.error && <FormMessage tone="error">{t('admin.run.failed', { error: r.error })}</FormMessage>}
      <RunCounts run={r} />
      {done && !r.error && (
        <>
          <div className="jn-toolbar">
            <h2 className="jn-h2">{t('admin.run.report')}</h2>
            <label className="visually-hidden" htmlFor="run-outcome">
              {t('admin.run.filter')}
            </label>
            <select
              id="run-outcome"
              className="input"
              value={outcome}
              onChange={(e) => {
                setOutcome(e.target.value);
                setPage(0);
              }}
            >
              <option value="">{t('admin.run.all')}</option>
              {IMPORT_OUTCOMES.map((o) => (
                <option key={o} value={o}>
                  {t(`admin.outcome.${o}`)}
                </option>
              ))}
            </select>
          </div>
          {items.isPending ? (
            <LoadingState />
          ) : items.isError ? (
            <ErrorMessage variant="state" error={items.error} onRetry={() => void items.refetch()} />
          ) : items.data.content.length === 0 ? (
            <EmptyState title={t('admin.run.noItems')} />
          ) : (
            <>
              <TableScroll className="table-wrap">
                <table className="admin-table" data-testid="run-items">
                  <thead>
                    <tr>
                      <th scope="col">{r.format === 'CSV' ? t('admin.run.line') : t('admin.run.position')}</th>
                      <th scope="col">{t('admin.run.outcome')}</th>
                      <th scope="col">{t('admin.run.item')}</th>
                      <th scope="col">{t('admin.run.reason')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {items.data.content.map((i) => (
                      <tr key={i.position}>
                        <td>{i.position}</td>
                        <td>
                          <span className={`badge jn-outcome jn-outcome--${i.outcome.toLowerCase()}`}>
                            {t(`admin.outcome.${i.outcome}`)}
                          </span>
                        </td>
                        <td>
                          {i.postingId ? (
                            <Link to={`/ignition/navigator/${i.postingId}`}>{i.title ?? i.sourceUrl}</Link>
                          ) : (
                            (i.title ?? i.sourceUrl ?? '—')
                          )}
                        </td>
                        <td>{i.reason ?? ''}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
              <Pager page={items.data.number} totalPages={items.data.totalPages} onPage={setPage} />
            </>
          )}
        </>
      )}
    </section>
  );
}
