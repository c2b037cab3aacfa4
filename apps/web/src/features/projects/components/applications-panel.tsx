/**
 * The owner's applications inbox: filter by status, read each application (introduction,
 * motivation, links), accept into a seat or reject with a note the applicant sees.
 */
import {
  PROJECT_APPLICATION_STATUSES,
  PROJECT_LIMITS as L,
  type Project,
  type ProjectApplication,
  type ProjectApplicationStatus,
} from '@moim/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/toast/toast';
import { Avatar } from '../../../shared/ui/avatar';
import { EmptyState, LoadingState } from '../../../shared/ui/states';
import { applicationsOptions, useDecide } from '../api/projects-api';
import { formatDateTime } from '../../../shared/lib/format';
import { Modal } from './modal';
import { Pager } from '../../../shared/ui/pager';
import { TabBar } from '../../../shared/ui/tab-bar';
import { ErrorMessage, errorText } from '../../../shared/ui/error-message';

type Filter = ProjectApplicationStatus | 'ALL';

export function ApplicationsPanel({ project }: { project: Project }) {
  const { t, i18n } = useTranslation('projects');
  const [filter, setFilter] = useState<Filter>('PENDING');
  const [page, setPage] = useState(0);
  const list = useQuery(applicationsOptions(project.id, filter, page));
  const decide = useDecide(project.id);
  const [rejecting, setRejecting] = useState<ProjectApplication | null>(null);
  const full = new Set(project.positions.filter((p) => p.filledCount >= p.requiredCount).map((p) => p.id));

  const accept = async (a: ProjectApplication) => {
    const ok = await decide
      .mutateAsync({ verb: 'accept', applicationId: a.applicationId })
      .catch((e: unknown) => toast.error(errorText(e)));
    if (ok) toast.success(t('applications.accepted'));
  };

  return (
    <section className="pj-apps" aria-labelledby="pj-apps-title">
      <h2 id="pj-apps-title" className="pj-h2">
        {t('applications.title')}
      </h2>
      <TabBar variant="segmented" className="pj-tabs" role="group" aria-label={t('applications.filter')}>
        {(['ALL', ...PROJECT_APPLICATION_STATUSES] as Filter[]).map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={filter === f}
            onClick={() => {
              setFilter(f);
              setPage(0);
            }}
          >
            {f === 'ALL' ? t('applications.all') : t(`appStatus.${f}`)}
          </button>
        ))}
      </TabBar>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorMessage variant="state" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.content.length === 0 ? (
        <EmptyState title={filter === 'ALL' ? t('applications.empty') : t('applications.emptyFiltered')} />
      ) : (
        <>
          <ul className="pj-apps__list">
            {list.data.content.map((a) => (
              <li key={a.applicationId} className="pj-app card">
                <header className="pj-app__head">
                  <Avatar name={a.applicant.name} src={a.applicant.profileImage} size={40} />
                  <div>
                    <p className="pj-app__name">{a.applicant.name}</p>
                    <p className="muted pj-app__meta">
                      {a.position.name} · {t('applications.appliedAt', { date: formatDateTime(a.createdAt, i18n.language) })}
                    </p>
                  </div>
                  <span className={`pj-badge pj-app-status pj-app-status--${a.status.toLowerCase()}`}>{t(`appStatus.${a.status}`)}</span>
                </header>
                <dl className="pj-app__body">
                  <dt>{t('applications.introduction')}</dt>
                  <dd>{a.introduction}</dd>
                  <dt>{t('applications.motivation')}</dt>
                  <dd>{a.motivation}</dd>
                  {a.reviewNote && (
                    <>
                      <dt>{t('applications.note')}</dt>
                      <dd>{a.reviewNote}</dd>
                    </>
                  )}
                </dl>
                {(a.links.github || a.links.portfolio) && (
                  <p className="pj-app__links">
                    {a.links.github && (
                      <a href={a.links.github} target="_blank" rel="noopener noreferrer">
                        {t('applications.github')}
                      </a>
                    )}
                    {a.links.portfolio && (
                      <a href={a.links.portfolio} target="_blank" rel="noopener noreferrer">
                        {t('applications.portfolio')}
                      </a>
                    )}
                  </p>
                )}
                {a.status === 'PENDING' && (
                  <div className="pj-app__actions">
                    <button
                      type="button"
                      className="btn btn-primary"
                      disabled={decide.isPending || full.has(a.position.id)}
                      onClick={() => void accept(a)}
                    >
                      {full.has(a.position.id) ? t('applications.positionFull') : t('applications.accept')}
                    </button>
                    <button type="button" className="btn btn-secondary" disabled={decide.isPending} onClick={() => setRejecting(a)}>
                      {t('applications.reject')}
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
          <Pager page={list.data.number} totalPages={list.data.totalPages} onPage={setPage} />
        </>
      )}
      <RejectDialog application={rejecting} projectId={project.id} onClose={() => setRejecting(null)} />
    </section>
  );
}

function RejectDialog({
  application,
  projectId,
  onClose,
}: {
  application: ProjectApplication | null;
  projectId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('projects');
  const { t: tc } = useTranslation();
  const id = useId();
  const decide = useDecide(projectId);
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const short = note.trim().length < L.noteMin;
  const close = () => {
    setNote('');
    setTried(false);
    decide.reset();
    onClose();
  };
  return (
    <Modal open={application !== null} title={t('applications.rejectTitle')} onClose={close}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (short || !application) return;
          decide.mutate(
            { verb: 'reject', applicationId: application.applicationId, reviewNote: note.trim() },
            {
              onSuccess: () => {
                toast.success(t('applications.rejected'));
                close();
              },
            },
          );
        }}
      >
        <p className="muted">
          {application?.applicant.name} · {application?.position.name}
        </p>
        <div className={`field${tried && short ? ' field--error' : ''}`}>
          <label htmlFor={`${id}-note`} className="field__label">
            {t('applications.rejectLabel')}
          </label>
          <textarea
            id={`${id}-note`}
            rows={4}
            maxLength={L.noteMax}
            value={note}
            aria-describedby={`${id}-hint`}
            aria-invalid={tried && short ? true : undefined}
            onChange={(e) => setNote(e.target.value)}
          />
          <div id={`${id}-hint`} className="field__hint">
            {t('applications.rejectHint')}
          </div>
          {tried && short && (
            <p className="field__error" role="alert">
              {tc('form.tooShort', { limit: L.noteMin })}
            </p>
          )}
        </div>
        <ErrorMessage error={decide.error} />
        <div className="pj-dialog__actions">
          <button type="button" className="btn btn-secondary" onClick={close}>
            {t('owner.cancel')}
          </button>
          <button type="submit" className="btn btn-danger" disabled={decide.isPending}>
            {t('applications.rejectConfirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
