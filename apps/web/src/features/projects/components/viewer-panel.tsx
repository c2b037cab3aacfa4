/**
 * What the page says to the caller beside the project: the owner card, and their own relation
 * (a guest's login button, a member's note, their application with its status, the owner's
 * note on a rejection and a cancel button while it is pending; cancelling tells the owner, so it
 * asks first with the shared confirmation).
 */
import type { Project } from '@moim/contract';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-provider';
import { loginPathFor } from '../../../shared/auth/require-auth';
import { toast } from '../../../shared/toast/toast';
import { Avatar } from '../../../shared/ui/avatar';
import { useDecide } from '../api/projects-api';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import '../projects.css';
import './detail.css';

export function OwnerCard({ project }: { project: Project }) {
  const { t } = useTranslation('projects');
  return (
    <section className="pj-side card" aria-labelledby="pj-owner-card">
      <h2 id="pj-owner-card" className="pj-side__title">
        {t('detail.ownerCard')}
      </h2>
      <p className="pj-ownercard">
        <Avatar name={project.owner.name} src={project.owner.profileImage} size={48} />
        <span>
          <span className="pj-ownercard__name" data-user-content="">
            {project.owner.name}
          </span>
          {project.owner.username && <span className="muted">@{project.owner.username}</span>}
        </span>
      </p>
    </section>
  );
}

export function ViewerPanel({ project, signedIn }: { project: Project; signedIn: boolean }) {
  const { t } = useTranslation('projects');
  const location = useLocation();
  const auth = useAuth();
  const decide = useDecide(project.id);
  const [asking, setAsking] = useState(false);
  const v = project.viewer;
  if (v?.canManage && v.isOwner) return null;
  let body;
  if (!signedIn) {
    body = project.acceptingApplications ? (
      <Link to={loginPathFor(location)} className="btn btn-primary btn-block">
        {t('detail.loginToApply')}
      </Link>
    ) : (
      <p className="muted">{t('detail.notRecruiting')}</p>
    );
  } else if (v?.isMember) {
    body = <p>{t('detail.youAreMember')}</p>;
  } else if (v?.application) {
    const a = v.application;
    body = (
      <>
        <p>{t('detail.yourApplicationStatus', { position: a.positionName, status: t(`appStatus.${a.status}`) })}</p>
        {a.status === 'REJECTED' && a.reviewNote && (
          <blockquote className="pj-note">
            <span className="pj-note__label">{t('detail.rejectedNote')}</span>
            {a.reviewNote}
          </blockquote>
        )}
        {a.status === 'PENDING' && (
          <>
            <button type="button" className="btn btn-secondary btn-block" disabled={decide.isPending} onClick={() => setAsking(true)}>
              {t('detail.cancel')}
            </button>
            <ConfirmDialog
              open={asking}
              title={t('detail.cancelTitle', { position: a.positionName })}
              body={t('detail.cancelBody')}
              notice={t('detail.cancelNotice', { owner: project.owner.name })}
              confirmLabel={t('detail.cancelConfirm')}
              cancelLabel={t('detail.keep')}
              tone="danger"
              pending={decide.isPending}
              error={decide.error}
              onClose={() => {
                setAsking(false);
                decide.reset();
              }}
              onConfirm={() =>
                decide.mutate(
                  { verb: 'cancel', applicationId: a.applicationId, applicantId: auth.user?.id ?? '' },
                  {
                    onSuccess: () => {
                      toast.success(t('detail.cancelled'));
                      setAsking(false);
                    },
                  },
                )
              }
            />
          </>
        )}
      </>
    );
  } else if (!project.acceptingApplications) {
    body = <p className="muted">{t('detail.notRecruiting')}</p>;
  } else {
    return null;
  }
  return (
    <section className="pj-side card" aria-labelledby="pj-viewer">
      <h2 id="pj-viewer" className="pj-side__title">
        {t('detail.yourApplication')}
      </h2>
      {body}
    </section>
  );
}
