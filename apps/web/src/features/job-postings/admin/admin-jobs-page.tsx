/** /admin/jobs: the navigator's back office — import runs (and uploads), feed sources, corrections; add a posting. */
import { useTranslation } from '../../../shared/i18n';
import { Link, useSearchParams } from 'react-router';
import { AdminCorrections } from './admin-corrections';
import { AdminRuns } from './admin-runs';
import { AdminSources } from './admin-sources';
import '../navigator/navigator.css';
import { TabBar } from '../../../shared/ui/tab-bar';

const TABS = ['runs', 'sources', 'corrections'] as const;
type Tab = (typeof TABS)[number];

export default function AdminJobsPage() {
  const { t } = useTranslation('job-postings');
  const [params] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'runs';
  return (
    <section aria-labelledby="admin-jobs-title" className="jn-admin">
      <div className="jn-toolbar">
        <h1 id="admin-jobs-title">{t('admin.title')}</h1>
        <Link to="/admin/jobs/postings/new" className="btn btn-primary btn-sm">
          {t('admin.addPosting')}
        </Link>
      </div>
      <TabBar as="nav" aria-label={t('admin.tabsLabel')}>
        {TABS.map((x) => (
          <Link key={x} to={x === 'runs' ? '/admin/jobs' : `/admin/jobs?tab=${x}`} aria-current={tab === x ? 'page' : undefined}>
            {t(`admin.tabs.${x}`)}
          </Link>
        ))}
      </TabBar>
      {tab === 'runs' ? <AdminRuns /> : tab === 'sources' ? <AdminSources /> : <AdminCorrections />}
    </section>
  );
}
