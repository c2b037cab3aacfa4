/**
 * `<RequireAuth roles?>`: the route guard of SPEC §6 (./route-guard.tsx), a chunk of its own that
 * only guarded pages load (it shows '인증 확인 중...' while it arrives, as while it checks), and
 * the helpers other pages use without it: the login address that returns here, and the test of a
 * return address.
 */
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Location } from 'react-router';
import { lazyChunk } from '../chunk/lazy-page';

const RouteGuard = lazyChunk<{ roles?: readonly string[]; children: ReactNode }>(() => import('./route-guard'));

export function loginPathFor(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  const back = `${location.pathname}${location.search}${location.hash}`;
  return `/login?returnTo=${encodeURIComponent(back)}`;
}

/** Only same-site paths may be returned to (no open redirects). */
export function safeReturnTo(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

export function AuthChecking() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <div className="stack" style={{ alignItems: 'center' }}>
        <div className="spinner" aria-hidden="true" />
        <span>{t('auth.checking')}</span>
      </div>
    </div>
  );
}

export function RequireAuth({ roles, children }: { roles?: readonly string[]; children: ReactNode }) {
  return (
    <Suspense fallback={<AuthChecking />}>
      <RouteGuard roles={roles}>{children}</RouteGuard>
    </Suspense>
  );
}
