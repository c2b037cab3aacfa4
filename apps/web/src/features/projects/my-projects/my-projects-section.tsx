/**
 * "My projects" on /users/me (GET /api/projects/my), beside my studies: projects I own (drafts
 * too, with what waits for me), teams I joined with my position, and every application I made
 * with its status and the owner's note. Placed through the shell's `profileSections` slot.
 */
import type { MyProjects, ProjectApplication } from '@moim/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-provider';
import { toast } from '../../../shared/toast/toast';
import { EmptyState, LoadingState } from '../../../shared/ui/states';
import { markUserValue } from '../../../shared/ui/user-value';
import { myProjectsOptions, useDecide } from '../api/projects-api';
import { StatusBadge } from '../components/badges';
import { formatDate } from '../../../shared/lib/format';
import { projectEditPath, projectPath } from '../lib/paths';
import { ErrorMessage, errorText } from '../../../shared/ui/error-message';
import '../projects.css';
import './my-projects.css';

function Group({ id, title, count, children }: { id: string; title: string; count: number; children: ReactNode }) {
  return (
    <section className="pj-my__group" aria-labelledby={id}>
      <h3 id={id} className="pj-my__group-title">
        {title} <span className="pj-count">{count}</span>
      </h3>
      {children}
    </section>
  );
}

export default function MyProjectsSection() {
  const { t } = useTranslation('projects');
  const auth = useAuth();
  const my = useQuery({ ...myProjectsOptions(), enabled: auth.isAuthenticated });
  const data = my.data;
  const total = data ? data.owned.length + data.member.length + data.applications.length : 0;

  return (
    <section id="my-projects" className="pj-my card" aria-labelledby="my-projects-title">
      <div className="pj-my__head">
        <h2 id="my-projects-title" className="pj-my__title">
          {t('my.title')}
        </h2>
        <div className="pj-my__links">
          <Link to="/project" className="btn btn-ghost">
            {t('my.browse')}
          </Link>
          <Link to="/project/new" className="btn btn-secondary">
            {t('my.create')}
          </Link>
        </div>
      </div>
      {my.isPending ? (
        <LoadingState />
      ) : my.isError ? (
        <ErrorMessage variant="state" error={my.error} onRetry={() => void my.refetch()} />
      ) : total === 0 ? (
        <EmptyState title={t('my.empty')}>
          <p className="muted">{t('my.emptyBody')}</p>
        </EmptyState>
      ) : (
        <MyGroups data={data!} />
      )}
    </section>
  );
}

function MyGroups({ data }: { data: MyProjects }) {
  const { t } = useTranslation('projects');
  return (
    <div className="pj-my__groups">
      <Group id="my-projects-owned" title={t('my.owned')} count={data.owned.length}>
        {data.owned.length === 0 ? (
          <p className="muted">{t('my.none')}</p>
        ) : (
          <ul className="pj-my__list">
            {data.owned.map((p) => (
              <li key={p.id} className="pj-my__item">
                <Link to={projectPath(p.slug)} className="pj-my__name" data-user-content="">
                  {p.name}
                </Link>
                <StatusBadge status={p.status} />
                {p.status !== 'CANCELLED' && (
                  <Link to={projectEditPath(p.slug)} className="pj-my__action">
                    {t('my.edit')}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        )}
      </Group>
      <Group id="my-projects-member" title={t('my.member')} count={data.member.length}>
        {data.member.length === 0 ? (
          <p className="muted">{t('my.none')}</p>
        ) : (
          <ul className="pj-my__list">
            {data.member.map(({ project: p, position }) => (
              <li key={p.id} className="pj-my__item">
                <Link to={projectPath(p.slug)} className="pj-my__name" data-user-content="">
                  {p.name}
                </Link>
                <StatusBadge status={p.status} />
                {position && <span className="muted">{markUserValue(t('my.asPosition', { position: position.name }), position.name)}</span>}
              </li>
            ))}
          </ul>
        )}
      </Group>
      <Group id="my-projects-applications" title={t('my.applications')} count={data.applications.length}>
        {data.applications.length === 0 ? (
          <p className="muted">{t('my.none')}</p>
        ) : (
          <ul className="pj-my__list">
            {data.applications.map((a) => (
              <ApplicationItem key={a.applicationId} a={a} />
            ))}
          </ul>
        )}
      </Group>
    </div>
  );
}

function ApplicationItem({ a }: { a: ProjectApplication }) {
  const { t, i18n } = useTranslation('projects');
  const decide = useDecide(a.project.id);
  return (
    <li className="pj-my__item pj-my__item--app">
      <Link to={projectPath(a.project.slug)} className="pj-my__name" data-user-content="">
        {a.project.name}
      </Link>
      <span className="muted">
        <span data-user-content="">{a.position.name}</span> · {formatDate(a.createdAt, i18n.language)}
      </span>
      <span className={`pj-badge pj-app-status pj-app-status--${a.status.toLowerCase()}`}>{t(`appStatus.${a.status}`)}</span>
      {a.status === 'PENDING' && (
        <button
          type="button"
          className="btn btn-ghost pj-my__action"
          disabled={decide.isPending}
          onClick={() =>
            decide.mutate(
              // (my own applications: I am their applicant)
              { verb: 'cancel', applicationId: a.applicationId, applicantId: a.applicant.id },
              { onSuccess: () => toast.success(t('detail.cancelled')), onError: (e) => toast.error(errorText(e)) },
            )
          }
        >
          {t('detail.cancel')}
        </button>
      )}
      {a.status === 'REJECTED' && a.reviewNote && (
        <blockquote className="pj-note pj-my__note" data-user-content="">
          <span className="pj-note__label">{t('detail.rejectedNote')}</span>
          {a.reviewNote}
        </blockquote>
      )}
    </li>
  );
}
