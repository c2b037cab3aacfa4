/**
 * The owner's (or an admin's) controls on the detail page: edit, the status moves the machine
 * allows from here, and deletion — each confirmed with the shared confirmation, saying what it
 * does and who is told (the team hears of every move but publishing; completing, cancelling and
 * deleting close the pending applications and tell their applicants).
 */
import { projectActionsFrom, type Project, type ProjectAction } from '@moim/contract';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../shared/toast/toast';
import { useDeleteProject, useMoveProject } from '../api/projects-api';
import { projectApplicationsPath, projectEditPath } from '../lib/paths';
import { useAuth } from '../../../shared/auth/auth-provider';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import '../projects.css';
import './detail.css';

export function OwnerPanel({ project }: { project: Project }) {
  const { t } = useTranslation('projects');
  const navigate = useNavigate();
  const move = useMoveProject(project.id);
  const del = useDeleteProject(project.id);
  const [asking, setAsking] = useState<ProjectAction | 'DELETE' | null>(null);
  const actions = projectActionsFrom(project.status);
  const pending = project.viewer?.pendingApplications ?? 0;
  const me = useAuth().user?.id;
  // the team hears of the move, the one who makes it aside
  const team = project.members.filter((m) => m.user.id !== me).length;
  const notice = (a: ProjectAction | 'DELETE') => {
    if (a === 'PUBLISH') return t('owner.notice.nobody');
    const told = team > 0 ? t('owner.notice.team', { count: team }) : t('owner.notice.noTeam');
    const closes = (a === 'COMPLETE' || a === 'CANCEL' || a === 'DELETE') && pending > 0;
    return closes ? `${told} ${t('owner.notice.applicants', { count: pending })}` : told;
  };

  const close = () => {
    setAsking(null);
    move.reset();
    del.reset();
  };
  const confirm = () => {
    if (asking === 'DELETE') {
      del.mutate(undefined, {
        onSuccess: () => {
          toast.success(t('owner.deleted'));
          navigate('/project', { replace: true });
        },
      });
    } else if (asking) {
      move.mutate(asking, {
        onSuccess: (p) => {
          toast.success(t('owner.moved', { status: t(`status.${p.status}`) }));
          setAsking(null);
        },
      });
    }
  };

  return (
    <section className="pj-owner card" aria-labelledby="pj-owner-title">
      <h2 id="pj-owner-title" className="pj-side__title">
        {t('owner.title')}
      </h2>
      {pending > 0 && (
        <Link to={projectApplicationsPath(project.slug)} className="pj-owner__pending">
          {t('owner.pending', { count: pending })}
        </Link>
      )}
      <div className="pj-owner__actions">
        {project.status !== 'CANCELLED' && (
          <Link to={projectEditPath(project.slug)} className="btn btn-secondary">
            {t('owner.edit')}
          </Link>
        )}
        {actions.map((a) => (
          <button
            key={a}
            type="button"
            className={`btn ${a === 'CANCEL' ? 'btn-ghost pj-danger-text' : a === 'PUBLISH' || a === 'REOPEN' ? 'btn-primary' : 'btn-secondary'}`}
            onClick={() => setAsking(a)}
          >
            {t(`owner.action.${a}`)}
          </button>
        ))}
        <button type="button" className="btn btn-ghost pj-danger-text" onClick={() => setAsking('DELETE')}>
          {t('owner.delete')}
        </button>
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'DELETE' ? t('owner.deleteTitle') : asking ? t(`owner.action.${asking}`) : ''}
        body={asking === 'DELETE' ? t('owner.deleteBody') : asking ? t(`owner.actionHint.${asking}`) : ''}
        notice={asking ? notice(asking) : undefined}
        confirmLabel={asking === 'DELETE' ? t('owner.delete') : asking ? t(`owner.action.${asking}`) : ''}
        cancelLabel={t('owner.cancel')}
        tone={asking === 'DELETE' || asking === 'CANCEL' ? 'danger' : 'primary'}
        pending={move.isPending || del.isPending}
        error={move.error ?? del.error}
        onConfirm={confirm}
        onClose={close}
      />
    </section>
  );
}
