/** /admin/studies/{id}: one study in any status: facts, status moves with reasons, history, applications. */
import type { AdminStudy, Study } from '@moim/contract';
import { useTranslation } from '../../../shared/i18n';
import { Link, useParams } from 'react-router';
import { LoadingState } from '../../../shared/ui/states';
import { ApplicationsPanel } from '../pages/manage/applications-panel';
import { StatusPanel } from '../pages/manage/status-panel';
import { formatDateTime } from '../../../shared/lib/format';
import { managePath, studyPath } from '../lib/paths';
import { useLocale } from '../lib/use-locale';
import { useAdminStudy } from './admin-api';
import { ErrorMessage } from '../../../shared/ui/error-message';
import '../studies.css';
import { BackLink } from '../../../shared/ui/back-link';

/** The back office acts as admin whatever relation the admin has to the study. */
function asAdmin(s: AdminStudy): Study {
  return {
    ...s,
    viewer: {
      isLeader: s.viewer?.isLeader ?? false,
      role: s.viewer?.role ?? null,
      isActiveMember: s.viewer?.isActiveMember ?? false,
      applicationId: s.viewer?.applicationId ?? null,
      applicationStatus: s.viewer?.applicationStatus ?? null,
      isAdmin: true,
    },
  };
}

export default function AdminStudyPage() {
  const { t } = useTranslation('studies');
  const locale = useLocale();
  const { studyId } = useParams();
  const q = useAdminStudy(studyId);
  if (q.isPending) return <LoadingState />;
  if (q.isError) return <ErrorMessage variant="state" error={q.error} onRetry={() => void q.refetch()} />;
  const s = q.data;
  const study = asAdmin(s);
  return (
    <div className="stack st-admin">
      <BackLink to="/admin/studies?view=all">{t('admin.back')}</BackLink>
      <header>
        <h1 className="st-h1" data-user-content="">
          {s.title}
        </h1>
        <p className="muted">
          {t('admin.proposedBy', { name: s.proposer.name, date: formatDateTime(s.createdAt, locale) })}
          {s.deleted && s.deletedAt ? ` · ${t('admin.deletedAt', { date: formatDateTime(s.deletedAt, locale) })}` : ''}
        </p>
        {!s.deleted && (
          <div className="row">
            <Link className="btn btn-secondary btn-sm" to={studyPath(s)}>
              {t('admin.publicPage')}
            </Link>
            <Link className="btn btn-secondary btn-sm" to={managePath(s)}>
              {t('cta.manage')}
            </Link>
          </div>
        )}
        {s.rejectReason && <p className="st-alert st-alert--warning">{t('my.rejectReason', { reason: s.rejectReason })}</p>}
      </header>
      <StatusPanel study={study} />
      <section aria-labelledby="admin-apps" className="stack">
        <h2 id="admin-apps" className="st-subtitle">
          {t('admin.applications', { count: s.openApplications })}
        </h2>
        <ApplicationsPanel study={study} admin />
      </section>
    </div>
  );
}
