/**
 * The owner's applications inbox: filter by status; each applicant at a glance — picture, name,
 * the position applied for, the skills they bring (those the position requires marked), their
 * introduction and motivation, and where their GitHub, portfolio and blog lead — without opening
 * anything. Accepting and rejecting reach the applicant (notification and mail), so each asks
 * first with the shared confirmation, which names who is told; a rejection carries a note.
 */
import {
  PROJECT_APPLICATION_STATUSES,
  PROJECT_LIMITS as L,
  type Project,
  type ProjectApplication,
  type ProjectApplicationStatus,
} from '@moim/contract';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { toast } from '../../../shared/toast/toast';
import { Avatar } from '../../../shared/ui/avatar';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { EmptyState, LoadingState } from '../../../shared/ui/states';
import { useDecide, useProjectApplications } from '../api/projects-api';
import { formatDateTime } from '../../../shared/lib/format';
import { Pager } from '../../../shared/ui/pager';
import { TabBar } from '../../../shared/ui/tab-bar';
import { ErrorMessage } from '../../../shared/ui/error-message';
import { linkText } from '../lib/link-text';
import '../projects.css';
import './applications-panel.css';

type Filter = ProjectApplicationStatus | 'ALL';
type Asking = { app: ProjectApplication; verb: 'accept' | 'reject' };

export function ApplicationsPanel({ project }: { project: Project }) {
  const { t } = useTranslation('projects');
  const { t: tc } = useTranslation();
  const [filter, setFilter] = useState<Filter>('PENDING');
  const [page, setPage] = useState(0);
  const list = useProjectApplications(project.id, filter, page);
  const decide = useDecide(project.id);
  const [asking, setAsking] = useState<Asking | null>(null);
  const full = new Set(project.positions.filter((p) => p.filledCount >= p.requiredCount).map((p) => p.id));

  const close = () => {
    setAsking(null);
    decide.reset();
  };
  const name = asking?.app.applicant.name ?? '';
  const position = asking?.app.position.name ?? '';

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
              <ApplicantCard
                key={a.applicationId}
                a={a}
                required={project.positions.find((p) => p.id === a.position.id)?.requiredSkills ?? []}
                positionFull={full.has(a.position.id)}
                busy={decide.isPending}
                onDecide={(verb) => setAsking({ app: a, verb })}
              />
            ))}
          </ul>
          <Pager page={list.data.number} totalPages={list.data.totalPages} onPage={setPage} />
        </>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking?.verb === 'reject' ? t('applications.rejectTitle', { name }) : t('applications.acceptTitle', { name })}
        body={asking?.verb === 'reject' ? t('applications.rejectBody', { name }) : t('applications.acceptBody', { name, position })}
        notice={asking?.verb === 'reject' ? t('applications.rejectNotice', { name }) : t('applications.acceptNotice', { name })}
        confirmLabel={asking?.verb === 'reject' ? t('applications.rejectConfirm') : t('applications.acceptConfirm')}
        tone={asking?.verb === 'reject' ? 'danger' : 'primary'}
        note={
          asking?.verb === 'reject'
            ? {
                label: t('applications.rejectLabel'),
                hint: t('applications.rejectHint'),
                required: true,
                minLength: L.noteMin,
                maxLength: L.noteMax,
                missingMessage: tc('form.tooShort', { limit: L.noteMin }),
              }
            : { label: t('applications.acceptNote'), maxLength: L.noteMax, missingMessage: '' }
        }
        pending={decide.isPending}
        error={decide.error}
        onClose={close}
        onConfirm={(note) => {
          if (!asking) return;
          const verb = asking.verb;
          const applicationId = asking.app.applicationId;
          const done = {
            onSuccess: () => {
              toast.success(verb === 'reject' ? t('applications.rejected') : t('applications.accepted'));
              close();
            },
          };
          if (verb === 'reject') decide.mutate({ verb, applicationId, reviewNote: note }, done);
          else decide.mutate(note ? { verb, applicationId, reviewNote: note } : { verb, applicationId }, done);
        }}
      />
    </section>
  );
}

function ApplicantCard({
  a,
  required,
  positionFull,
  busy,
  onDecide,
}: {
  a: ProjectApplication;
  required: string[];
  positionFull: boolean;
  busy: boolean;
  onDecide: (verb: 'accept' | 'reject') => void;
}) {
  const { t, i18n } = useTranslation('projects');
  const needed = new Set(required.map((s) => s.toLowerCase()));
  const links = (['github', 'portfolio', 'blog'] as const).filter((k) => a.links[k]);
  return (
    <li className="pj-app card">
      <header className="pj-app__head">
        <Avatar name={a.applicant.name} src={a.applicant.profileImage} size={48} />
        <div>
          <p className="pj-app__name">
            <span data-user-content="">{a.applicant.name}</span>
            {a.applicant.username && (
              <span className="muted pj-app__username" data-user-content="">
                @{a.applicant.username}
              </span>
            )}
          </p>
          <p className="muted pj-app__meta">
            <strong className="pj-app__position" data-user-content="">
              {a.position.name}
            </strong>{' '}
            · {t('applications.appliedAt', { date: formatDateTime(a.createdAt, i18n.language) })}
          </p>
        </div>
        <span className={`pj-badge pj-app-status pj-app-status--${a.status.toLowerCase()}`}>{t(`appStatus.${a.status}`)}</span>
      </header>
      {a.skills.length > 0 && (
        <ul className="pj-app__skills" aria-label={t('applications.skills')}>
          {a.skills.map((s) => (
            <li key={s} className={`pj-chip${needed.has(s.toLowerCase()) ? ' pj-chip--strong' : ''}`} data-user-content="">
              {s}
              {needed.has(s.toLowerCase()) && <span className="visually-hidden"> ({t('applications.skillMatches')})</span>}
            </li>
          ))}
        </ul>
      )}
      <p className="pj-app__intro" data-user-content="">
        {a.introduction}
      </p>
      {links.length > 0 ? (
        <ul className="pj-app__links" aria-label={t('applications.links', { name: a.applicant.name })}>
          {links.map((k) => (
            <li key={k}>
              <a href={a.links[k]!} target="_blank" rel="noopener noreferrer nofollow" className="pj-app__link">
                <span className="pj-app__link-kind">{t(`applications.${k}`)}</span>
                <span className="pj-app__link-url" data-user-content="">
                  {linkText(a.links[k]!)}
                </span>
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted pj-app__nolinks">{t('applications.noLinks')}</p>
      )}
      <dl className="pj-app__body">
        <dt>{t('applications.motivation')}</dt>
        <dd data-user-content="">{a.motivation}</dd>
        {a.reviewNote && (
          <>
            <dt>{t('applications.note')}</dt>
            <dd data-user-content="">{a.reviewNote}</dd>
          </>
        )}
      </dl>
      {a.status === 'PENDING' && (
        <div className="pj-app__actions">
          <button type="button" className="btn btn-primary" disabled={busy || positionFull} onClick={() => onDecide('accept')}>
            {positionFull ? t('applications.positionFull') : t('applications.accept')}
          </button>
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => onDecide('reject')}>
            {t('applications.reject')}
          </button>
        </div>
      )}
    </li>
  );
}
