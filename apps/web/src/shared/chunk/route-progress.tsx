/**
 * A thin bar at the top of the window while a page's code loads after a click (SPEC §2's
 * 'Loading...' for a lazy route: the router keeps the old page during the transition, so the
 * Suspense fallback alone would never show). Screen readers hear the loading text through a
 * live region that is always mounted; the bar appears after a short delay (CSS) so quick loads
 * do not flash.
 */
import { useSyncExternalStore } from 'react';
import { useTranslation } from '../i18n';
import { pageChunkLoads } from './lazy-page';

export function RouteProgress() {
  const { t } = useTranslation();
  const loading = useSyncExternalStore(pageChunkLoads.subscribe, pageChunkLoads.loading, () => false);
  return (
    <>
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="route-progress-status">
        {loading ? t('common.loading') : ''}
      </div>
      {loading && <div className="route-progress" aria-hidden="true" data-testid="route-progress" />}
    </>
  );
}
