/**
 * `<RequireAuth roles?>`: the route guard of SPEC §6 (./route-guard.tsx), a chunk of its own that
 * only guarded pages load (it shows '인증 확인 중...' while it arrives, as while it checks), and
 * the helpers other pages use without it: the login address that returns here, and the test of a
 * return address.
 */
import { Suspense, type ReactNode } from 'react';
import { AuthChecking } from './auth-checking';
import { lazyChunk } from '../chunk/lazy-page';

export { AuthChecking, loginPathFor, safeReturnTo } from './auth-checking';

const RouteGuard = lazyChunk<{ roles?: readonly string[]; children: ReactNode }>(() => import('./route-guard'));

export function RequireAuth({ roles, children }: { roles?: readonly string[]; children: ReactNode }) {
  return (
    <Suspense fallback={<AuthChecking />}>
      <RouteGuard roles={roles}>{children}</RouteGuard>
    </Suspense>
  );
}
