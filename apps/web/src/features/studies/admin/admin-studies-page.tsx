/**
 * /admin/studies: the approval queue (pending proposals, approve or reject with a reason) and
 * every study in every status, deleted ones included on request.
 */
import { STUDY_STATUSES, studySeats, type AdminStudy, type StudyStatus } from '@moim/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../../../shared/toast/toast';
import { EmptyState, LoadingState } from '../../../shared/ui/states';
import { useStudyStatus } from '../api/manage-api';
import { Pager } from '../../../shared/ui/pager';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { formatDate, formatDateTime } from '../../../shared/lib/format';
import { studyPath } from '../lib/paths';
import { useLocale } from '../lib/use-locale';
import { useAdminStudies, type AdminFilter } from './admin-api';
import { ErrorMessage } from '../../../shared/ui/error-message';
import '../studies.css';
import { TabBar } from '../../../shared/ui/tab-bar';
import { TableScroll } from '../../../shared/ui/table-scroll';
import { markUserValue } from '../../../shared/ui/user-value';
import { ScheduleLine } from '../components/schedule-line';
import { SessionSpan } from '../components/session-span';

function parse(params: URLSearchParams): AdminFilter & { view: 'queue' | 'all' } {
  const view = params.get('view') === 'all' ? 'all' : 'queue';
  const status = params.getAll('status').filter((s): s is StudyStatus => (STUDY_STATUSES as readonly string[]).includes(s));
  const d = params.get('deleted');
  return {
    view,
    status: view === 'queue' ? ['PENDING'] : status,
    deleted: view === 'queue' ? 'hide' : d === 'only' || d === 'all' ? d : 'hide',
    q: params.get('q') ?? '',
    page: Math.max(0, Number(params.get('page')) || 0),
  };
}

export default function AdminStudiesPage() {
  const { t } = useTranslation('studies');
  const [params, setParams] = useSearchParams();
  const f = parse(params);
  const list = useAdminStudies(f);
  const [text, setText] = useState(f.q);

  const set = (patch: Record<string, string | string[] | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      next.delete(k);
      if (Array.isArray(v)) v.forEach((x) => next.append(k, x));
      else if (v) next.set(k, v);
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next);
  };
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    set({ q: text.trim() || null });
  };

  return (
    <div className="stack st-admin">
      <header>
        <h1 className="st-h1">{t('admin.title')}</h1>
        <p className="muted">{t('admin.lead')}</p>
      </header>
      <TabBar variant="segmented" role="group" aria-label={t('admin.viewLabel')}>
        <button type="button" aria-pressed={f.view === 'queue'} onClick={() => set({ view: null, status: null, deleted: null })}>
          {t('admin.queue')}
        </button>
        <button type="button" aria-pressed={f.view === 'all'} onClick={() => set({ view: 'all' })}>
          {t('admin.all')}
        </button>
      </TabBar>
      {f.view === 'all' && (
        <div className="st-admin__filters card">
          <fieldset className="st-chips">
            <legend>{t('admin.status')}</legend>
            <div className="st-chips__row">
              {STUDY_STATUSES.map((s) => (
                <label key={s} className="st-chip">
                  <input
                    type="checkbox"
                    checked={f.status.includes(s)}
                    onChange={() => set({ status: f.status.includes(s) ? f.status.filter((x) => x !== s) : [...f.status, s] })}
                  />
                  <span>{t(`studyStatus.${s}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="row">
            <label className="field field--inline">
              <span className="field__label">{t('admin.deleted')}</span>
              <select value={f.deleted} onChange={(e) => set({ deleted: e.target.value === 'hide' ? null : e.target.value })}>
                <option value="hide">{t('admin.deletedHide')}</option>
                <option value="all">{t('admin.deletedAll')}</option>
                <option value="only">{t('admin.deletedOnly')}</option>
              </select>
            </label>
            <form role="search" className="st-search st-search--compact" onSubmit={onSearch}>
              <label htmlFor="admin-q" className="visually-hidden">
                {t('filters.search')}
              </label>
              <input
                id="admin-q"
                type="search"
                value={text}
                onChange={(e) => setText(e.target.value)}
                placeholder={t('filters.searchPlaceholder')}
              />
              <button type="submit" className="btn btn-secondary">
                {t('filters.searchButton')}
              </button>
            </form>
          </div>
        </div>
      )}
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorMessage variant="state" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.content.length === 0 ? (
        <EmptyState title={f.view === 'queue' ? t('admin.queueEmpty') : t('admin.empty')} />
      ) : f.view === 'queue' ? (
        <ul className="st-queue">
          {list.data.content.map((s) => (
            <QueueItem key={s.id} study={s} />
          ))}
        </ul>
      ) : (
        <AdminTable studies={list.data.content} />
      )}
      {list.data && <Pager page={list.data.number} totalPages={list.data.totalPages} onPage={(p) => set({ page: String(p) })} />}
    </div>
  );
}

/**
 * One proposal waiting for a decision. Approving and rejecting reach the proposer (notification
 * and mail), so both ask first with the shared confirmation; a rejection carries its reason.
 */
function QueueItem({ study }: { study: AdminStudy }) {
  const { t } = useTranslation('studies');
  const locale = useLocale();
  const status = useStudyStatus(study.id);
  const [asking, setAsking] = useState<'APPROVE' | 'REJECT' | null>(null);
  const close = () => {
    setAsking(null);
    status.reset();
  };
  return (
    <li className="st-queue__item card">
      <div className="st-queue__main">
        <p className="st-queue__title">
          <Link to={`/admin/studies/${study.id}`} data-user-content="">
            {study.title}
          </Link>
        </p>
        <p className="muted">
          {markUserValue(
            t('admin.proposedBy', { name: study.proposer.name, date: formatDateTime(study.createdAt, locale) }),
            study.proposer.name,
          )}
        </p>
        <p className="st-queue__meta">
          {t(`type.${study.type}`)} · <ScheduleLine study={study} /> · <SessionSpan study={study} /> ·{' '}
          {t('admin.capacity', { capacity: study.capacity })}
        </p>
        {study.tagline && <p data-user-content="">{study.tagline}</p>}
      </div>
      <div className="st-queue__actions">
        <button type="button" className="btn btn-secondary st-danger-text" onClick={() => setAsking('REJECT')} disabled={status.isPending}>
          {t('manage.status.actions.REJECT')}
        </button>
        <button type="button" className="btn btn-primary" disabled={status.isPending} onClick={() => setAsking('APPROVE')}>
          {t('manage.status.actions.APPROVE')}
        </button>
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={markUserValue(
          asking === 'REJECT' ? t('admin.rejectTitle', { title: study.title }) : t('admin.approveTitle', { title: study.title }),
          study.title,
        )}
        body={asking ? t(`manage.status.confirmDesc.${asking}`) : undefined}
        notice={
          asking ? markUserValue(t(`manage.status.notice.${asking}`, { leader: study.proposer.name }), study.proposer.name) : undefined
        }
        note={
          asking === 'REJECT'
            ? { label: t('admin.rejectReason'), required: true, maxLength: 1000, missingMessage: t('validation.reasonRequired') }
            : undefined
        }
        tone={asking === 'REJECT' ? 'danger' : 'primary'}
        confirmLabel={asking ? t(`manage.status.actions.${asking}`) : ''}
        pending={status.isPending}
        error={status.error}
        onClose={close}
        onConfirm={(reason) => {
          if (!asking) return;
          const action = asking;
          status.mutate(action === 'REJECT' ? { action, reason } : { action }, {
            onSuccess: () => {
              close();
              toast.success(
                action === 'REJECT' ? t('admin.rejected', { title: study.title }) : t('admin.approved', { title: study.title }),
              );
            },
          });
        }}
      />
    </li>
  );
}

function AdminTable({ studies }: { studies: AdminStudy[] }) {
  const { t } = useTranslation('studies');
  const locale = useLocale();
  return (
    <TableScroll className="st-table-wrap">
      <table className="st-table">
        <caption className="visually-hidden">{t('admin.all')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.col.title')}</th>
            <th scope="col">{t('admin.col.status')}</th>
            <th scope="col">{t('admin.col.proposer')}</th>
            <th scope="col">{t('admin.col.created')}</th>
            <th scope="col">{t('admin.col.members')}</th>
            <th scope="col">{t('admin.col.open')}</th>
          </tr>
        </thead>
        <tbody>
          {studies.map((s) => (
            <tr key={s.id} className={s.deleted ? 'is-inactive' : ''}>
              <th scope="row">
                <Link to={`/admin/studies/${s.id}`} data-user-content="">
                  {s.title}
                </Link>
                {s.deleted && <span className="badge st-badge--danger">{t('admin.deletedBadge')}</span>}
                {!s.deleted && (
                  <Link className="st-table__sub" to={studyPath(s)}>
                    {t('admin.publicPage')}
                  </Link>
                )}
              </th>
              <td>{t(`studyStatus.${s.status}`)}</td>
              <td data-user-content="">{s.proposer.name}</td>
              <td>{formatDate(s.createdAt, locale)}</td>
              <td>
                {studySeats(s).taken}/{s.capacity}
              </td>
              <td>{s.openApplications}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
