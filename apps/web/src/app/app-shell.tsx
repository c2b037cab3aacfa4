/**
 * Behaviour every page shares, with no visible chrome of its own: scroll to top on a path
 * change (after 10 ms, not on back/forward), the unauthorized event → /login, the toast region
 * and, for administrators only, the floating admin toolbar (its own lazy chunk).
 */
import { SCROLL_TO_TOP_DELAY_MS } from '@moim/contract';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate, useNavigationType } from 'react-router';
import { UNAUTHORIZED_EVENT } from '../shared/api/client';
import { useAuth } from '../shared/auth/auth-provider';
import { loginPathFor } from '../shared/auth/require-auth';
import { isAdminUser } from '../shared/auth/types';
import { lazyChunk } from '../shared/chunk/lazy-page';
import { RouteProgress } from '../shared/chunk/route-progress';
import { Toaster } from '../shared/toast/toaster';
import { QuietBoundary } from '../shared/ui/error-boundary';
import { PageLoading } from '../shared/ui/states';

const AdminToolbar = lazyChunk(() => import('../features/admin-shell/admin-toolbar'));

function ScrollToTop() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type === 'POP') return;
    const timer = setTimeout(() => window.scrollTo(0, 0), SCROLL_TO_TOP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname, type]);
  return null;
}

function UnauthorizedRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    const onUnauthorized = () => {
      const path = window.location.pathname;
      if (path === '/' || path === '/login') return;
      navigate(loginPathFor(window.location), { replace: true, state: { from: location } });
    };
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
  }, [navigate, location]);
  return null;
}

export function AppShell() {
  const { user } = useAuth();
  return (
    <>
      <ScrollToTop />
      <UnauthorizedRedirect />
      <RouteProgress />
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
      <Toaster />
      {isAdminUser(user) && (
        <QuietBoundary>
          <Suspense fallback={null}>
            <AdminToolbar />
          </Suspense>
        </QuietBoundary>
      )}
    </>
  );
}
