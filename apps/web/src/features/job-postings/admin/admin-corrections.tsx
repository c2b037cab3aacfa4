/**
 * Corrections from members: filter by status, move each along OPEN → IN_REVIEW → RESOLVED |
 * REJECTED with a note. Each move tells the member who sent it, so it asks first with the shared
 * confirmation, naming them.
 */
import { CORRECTION_STATUSES, CORRECTION_TRANSITIONS, type Correction, type CorrectionStatus } from '@moim/contract';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link } from 'react-router';
import { EmptyState, LoadingState } from '../../../shared/ui/states';
import { formatDate } from '../lib/format';
import { useLocale } from '../lib/use-locale';
import { Pager } from '../../../shared/ui/pager';
import { useAdminCorrections, useMoveCorrection } from './admin-api';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorMessage } from '../../../shared/ui/error-message';

function Row({ c }: { c: Correction }) {
  const { t } = useTranslation('job-postings');
  const locale = useLocale();
  const move = useMoveCorrection();
  const [note, setNote] = useState(c.adminNote ?? '');
  const [asking, setAsking] = useState<CorrectionStatus | null>(null);
  const next = CORRECTION_TRANSITIONS[c.status];
  const close = () => {
    setAsking(null);
    move.reset();
  };
  return (
    <li className="jn-saved__item">
      <div>
        <strong>{t(`correction.kinds.${c.kind}`)}</strong>{' '}
        <span className={`badge jn-status jn-status--${c.status.toLowerCase()}`}>{t(`correction.status.${c.status}`)}</span>
        <p className="jn-hint">
          {c.postingId ? (
            <Link to={`/admin/jobs/postings/${c.postingId}/edit`}>{`${c.companyName ?? ''} · ${c.postingTitle ?? ''}`}</Link>
          ) : (
            t('admin.corrections.noPosting')
          )}
        </p>
        <p>{c.message}</p>
        <p className="muted jn-hint">
          {c.reporter?.name ?? t('admin.corrections.unknownReporter')} · {formatDate(c.createdAt, locale)}
        </p>
      </div>
      {next.length > 0 ? (
        <div className="jn-saved__actions jn-saved__actions--column">
          <label className="visually-hidden" htmlFor={`note-${c.id}`}>
            {t('admin.corrections.note')}
          </label>
          <input
            id={`note-${c.id}`}
            className="input"
            placeholder={t('admin.corrections.note')}
            maxLength={1000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <div className="row">
            {next.map((to: CorrectionStatus) => (
              <button key={to} type="button" className="btn btn-secondary btn-sm" disabled={move.isPending} onClick={() => setAsking(to)}>
                {t(`admin.corrections.to.${to}`)}
              </button>
            ))}
          </div>
        </div>
      ) : (
        c.adminNote && <p className="jn-hint">{t('correction.note', { note: c.adminNote })}</p>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking ? t(`admin.corrections.ask.${asking}`) : ''}
        body={note.trim() ? t('correction.note', { note: note.trim() }) : undefined}
        notice={
          !c.reporter
            ? t('admin.corrections.ask.noReporter')
            : t(note.trim() ? 'admin.corrections.ask.notice' : 'admin.corrections.ask.noticePlain', { name: c.reporter.name })
        }
        confirmLabel={asking ? t(`admin.corrections.to.${asking}`) : ''}
        tone={asking === 'REJECTED' ? 'danger' : 'primary'}
        pending={move.isPending}
        error={move.error}
        onClose={close}
        onConfirm={() => asking && move.mutate({ id: c.id, status: asking, adminNote: note.trim() || undefined }, { onSuccess: close })}
      />
    </li>
  );
}

export function AdminCorrections() {
  const { t } = useTranslation('job-postings');
  const [status, setStatus] = useState('OPEN');
  const [page, setPage] = useState(0);
  const list = useAdminCorrections(page, status);
  return (
    <>
      <div className="jn-toolbar">
        <label htmlFor="corr-status" className="visually-hidden">
          {t('admin.corrections.filter')}
        </label>
        <select
          id="corr-status"
          className="input"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(0);
          }}
        >
          <option value="">{t('admin.run.all')}</option>
          {CORRECTION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`correction.status.${s}`)}
            </option>
          ))}
        </select>
      </div>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorMessage variant="state" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.content.length === 0 ? (
        <EmptyState title={t('admin.corrections.empty')} />
      ) : (
        <>
          <ul className="jn-saved">
            {list.data.content.map((c) => (
              <Row key={`${c.id}-${c.status}`} c={c} />
            ))}
          </ul>
          <Pager page={list.data.number} totalPages={list.data.totalPages} onPage={setPage} />
        </>
      )}
    </>
  );
}
