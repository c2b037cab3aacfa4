import { studySeats } from '@moim/contract';
/**
 * /study/{id}/manage (leader, manager or admin): applications to decide, the waitlist, members, attendance,
 * events, status moves with their history, and the page composer (its own chunk).
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../../../shared/i18n';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState, LoadingState } from '../../../../shared/ui/states';
import { useStudy } from '../../api/studies-api';
import { StatusBadge } from '../../components/status-badge';
import { TabBar, TabPanel, tabProps } from '../../../../shared/ui/tab-bar';
import { studyPath } from '../../lib/paths';
import { ApplicationsPanel } from './applications-panel';
import { AttendancePanel } from './attendance-panel';
import { AttendanceReport } from './attendance-report';
import { CheckInPanel } from './check-in-panel';
import { CoverEditor } from './cover-editor';
import { EventsPanel } from './events-panel';
import { MembersPanel } from './members-panel';
import { StatusPanel } from './status-panel';
import { WaitlistPanel } from './waitlist-panel';
import { DepositPanel } from './deposit-panel';
import { ErrorMessage } from '../../../../shared/ui/error-message';
import '../../studies.css';
import { BackLink } from '../../../../shared/ui/back-link';

const PageComposer = lazy(() => import('./page-composer'));

const TABS = ['applications', 'waitlist', 'members', 'checkIn', 'attendance', 'deposit', 'events', 'status', 'page'] as const;
type Tab = (typeof TABS)[number];

export default function ManagePage() {
  const { t } = useTranslation('studies');
  const { studyId } = useParams();
  const study = useStudy(studyId);
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'applications';

  if (study.isPending) return <LoadingState />;
  if (study.isError) return <ErrorMessage variant="state" error={study.error} onRetry={() => void study.refetch()} />;
  const s = study.data;
  const v = s.viewer;
  const canManage = !!(v?.isLeader || v?.isAdmin || v?.role === 'MANAGER' || v?.role === 'OWNER');
  if (!canManage) {
    return (
      <div className="page container">
        <EmptyState title={t('manage.forbidden')}>
          <Link className="btn btn-secondary" to={studyPath(s)}>
            {t('apply.backToStudy')}
          </Link>
        </EmptyState>
      </div>
    );
  }
  const isOwner = !!(v?.isLeader || v?.isAdmin);

  return (
    <div className="page st-page">
      <div className="container stack">
        <BackLink to={studyPath(s)}>{t('manage.viewPage')}</BackLink>
        <header className="st-managehead">
          <div>
            <p className="st-eyebrow">{t('manage.eyebrow')}</p>
            <h1 className="st-h1" data-user-content="">
              {s.title}
            </h1>
            <div className="row">
              <StatusBadge study={s} />
              <span className="muted">{t('manage.seats', { taken: studySeats(s).taken, capacity: s.capacity })}</span>
            </div>
          </div>
        </header>
        {isOwner && <CoverEditor study={s} />}
        <TabBar role="tablist" aria-label={t('manage.tabsLabel')}>
          {TABS.map((id) => (
            <button
              key={id}
              {...tabProps('manage', id, id === tab)}
              onClick={() => setParams(id === 'applications' ? {} : { tab: id }, { replace: true })}
            >
              {t(`manage.tabs.${id}`)}
            </button>
          ))}
        </TabBar>
        <TabPanel idBase="manage" selected={tab}>
          {tab === 'applications' && <ApplicationsPanel study={s} />}
          {tab === 'waitlist' && <WaitlistPanel study={s} />}
          {tab === 'members' && <MembersPanel study={s} isOwner={isOwner} />}
          {tab === 'checkIn' && <CheckInPanel study={s} />}
          {tab === 'attendance' && (
            <div className="stack">
              <AttendancePanel study={s} />
              <AttendanceReport study={s} />
            </div>
          )}
          {tab === 'deposit' && <DepositPanel study={s} isOwner={isOwner} />}
          {tab === 'events' && <EventsPanel study={s} />}
          {tab === 'status' && <StatusPanel study={s} />}
          {tab === 'page' && (
            <Suspense fallback={<LoadingState />}>
              <PageComposer study={s} />
            </Suspense>
          )}
        </TabPanel>
      </div>
    </div>
  );
}
