/**
 * /project/{slug}: the project with its positions (open or filled, apply per position), stack,
 * schedule, team and owner; the owner (and admins) also get the controls and the applications
 * inbox (?tab=applications). The server counts each viewer once a day.
 */
import type { ProjectPosition } from '@moim/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { useAuth } from '../../../shared/auth/auth-provider';
import { loginPathFor } from '../../../shared/auth/require-auth';
import { EmptyState, LoadingState } from '../../../shared/ui/states';
import { projectOptions } from '../api/projects-api';
import { ApplicationsPanel } from '../components/applications-panel';
import { DdayBadge, StatusBadge, TypeBadge } from '../components/badges';
import { FactsSection, LinksCard, PositionsSection, ProjectProse, StackSection, TeamSection } from '../components/detail-sections';
import { OwnerPanel } from '../components/owner-panel';
import { OwnerCard, ViewerPanel } from '../components/viewer-panel';
import { formatDate } from '../../../shared/lib/format';
import { ErrorMessage } from '../../../shared/ui/error-message';
import '../projects.css';
import { TabBar } from '../../../shared/ui/tab-bar';
import { BackLink } from '../../../shared/ui/back-link';
import '../components/detail.css';

// the form and its validation (zod) load when someone applies, not with the page
const ApplyDialog = lazy(() => import('../components/apply-dialog').then((m) => ({ default: m.ApplyDialog })));

export default function ProjectDetailPage() {
  const { t, i18n } = useTranslation('projects');
  const { slug = '' } = useParams();
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = useQuery(projectOptions(slug));
  const [applyFor, setApplyFor] = useState<string | null>(null);
  const [now] = useState(() => new Date());

  if (q.isPending) return <LoadingState />;
  if (q.isError) {
    const missing = q.error instanceof ApiError && q.error.status === 404;
    // A draft is not found for a guest, which is how the server draws it: a visitor with a stored
    // session (maybe its owner) sees nothing here until the app has asked as them (guest-only).
    return (
      <div className={missing ? 'page pj-page guest-only' : 'page pj-page'}>
        <div className="container">
          {missing ? (
            <EmptyState title={t('detail.notFound')}>
              <p className="muted">{t('detail.notFoundBody')}</p>
              <Link to="/project" className="btn btn-primary">
                {t('detail.back')}
              </Link>
            </EmptyState>
          ) : (
            <ErrorMessage variant="state" error={q.error} onRetry={() => void q.refetch()} />
          )}
        </div>
      </div>
    );
  }

  const p = q.data;
  const v = p.viewer;
  const manage = !!v?.canManage;
  const tab = manage && params.get('tab') === 'applications' ? 'applications' : 'overview';
  const canApply = p.acceptingApplications && !v?.isOwner && !v?.isMember && v?.application?.status !== 'PENDING';
  const onApply = (pos: ProjectPosition) => {
    if (!auth.isAuthenticated) navigate(loginPathFor(location));
    else setApplyFor(pos.id);
  };
  const setTab = (next: 'overview' | 'applications') => {
    const n = new URLSearchParams(params);
    if (next === 'applications') n.set('tab', 'applications');
    else n.delete('tab');
    setParams(n, { replace: true });
  };

  return (
    <div className="page pj-page">
      <div className="container">
        <BackLink to="/project">{t('detail.back')}</BackLink>
        <header className="pj-hero">
          <div className="pj-card__badges">
            <TypeBadge type={p.type} />
            <StatusBadge status={p.status} />
            <DdayBadge deadline={p.recruitmentDeadline} status={p.status} now={now} />
          </div>
          <h1 className="pj-h1">{p.name}</h1>
          {p.tagline && <p className="pj-lead">{p.tagline}</p>}
          <p className="muted pj-hero__meta">
            {t('detail.created', { date: formatDate(p.createdAt, i18n.language) })} · {t('detail.views', { count: p.viewCount })}
          </p>
          {p.status === 'DRAFT' && (
            <p className="form-message form-message--info" role="status">
              {t('detail.draftNotice')}
            </p>
          )}
        </header>

        {manage && (
          <TabBar variant="segmented" className="pj-tabs" role="group" aria-label={t('owner.title')}>
            <button type="button" aria-pressed={tab === 'overview'} onClick={() => setTab('overview')}>
              {t('detail.tabs.overview')}
            </button>
            <button type="button" aria-pressed={tab === 'applications'} onClick={() => setTab('applications')}>
              {t('detail.tabs.applications')}
              {(v?.pendingApplications ?? 0) > 0 && <span className="pj-count">{v!.pendingApplications}</span>}
            </button>
          </TabBar>
        )}

        <div className="pj-layout">
          <div className="pj-main">
            {tab === 'applications' ? (
              <ApplicationsPanel project={p} />
            ) : (
              <>
                <PositionsSection project={p} canApply={canApply} onApply={onApply} />
                {p.description && (
                  <section className="pj-section" aria-labelledby="pj-about">
                    <h2 id="pj-about" className="pj-h2">
                      {t('detail.about')}
                    </h2>
                    <ProjectProse html={p.description} />
                  </section>
                )}
                {p.vision && (
                  <section className="pj-section" aria-labelledby="pj-vision">
                    <h2 id="pj-vision" className="pj-h2">
                      {t('detail.vision')}
                    </h2>
                    <p className="pj-vision">{p.vision}</p>
                  </section>
                )}
                <StackSection project={p} />
                <FactsSection project={p} />
                <TeamSection project={p} />
              </>
            )}
          </div>
          <aside className="pj-aside">
            {manage && <OwnerPanel project={p} />}
            <ViewerPanel project={p} signedIn={auth.isAuthenticated} />
            <OwnerCard project={p} />
            <LinksCard project={p} />
          </aside>
        </div>
      </div>
      {applyFor !== null && (
        <Suspense fallback={null}>
          <ApplyDialog project={p} positionId={applyFor} onClose={() => setApplyFor(null)} />
        </Suspense>
      )}
    </div>
  );
}
