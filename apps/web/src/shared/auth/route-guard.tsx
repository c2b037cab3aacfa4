/**
 * The route guard of SPEC §6. While the stored token is checked it shows '인증 확인 중...'; a
 * guest goes to /login with the original location kept (router state `from` and ?returnTo=);
 * a user without one of `roles` goes home. While the page is open, losing the stored token (on
 * window focus, on becoming visible, or a `storage` event from another tab) sends the user to
 * /login. Guarded pages set no-cache meta tags and reload when shown again from the
 * back/forward cache.
 */
import { STORAGE_KEYS } from '@moim/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useAuth } from './auth-provider';
import { getAccessToken, SIGNED_OUT_GRACE_MS, signedOutJustNow } from './token-store';
import { AuthChecking, loginPathFor } from './auth-checking';
import { hasAnyRole } from './types';

const NO_CACHE_META: Array<[string, string]> = [
  ['Cache-Control', 'no-cache, no-store, must-revalidate'],
  ['Pragma', 'no-cache'],
  ['Expires', '0'],
];

function useNoCacheWhileMounted() {
  useEffect(() => {
    const metas = NO_CACHE_META.map(([equiv, content]) => {
      const m = document.createElement('meta');
      m.httpEquiv = equiv;
      m.content = content;
      m.dataset.guard = 'no-cache';
      document.head.appendChild(m);
      return m;
    });
    const onPageShow = (e: PageTransitionEvent) => {
      if (e.persisted) window.location.reload();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => {
      metas.forEach((m) => m.remove());
      window.removeEventListener('pageshow', onPageShow);
    };
  }, []);
}

function useTokenLossRedirect(active: boolean) {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (!active) return;
    const target = loginPathFor(location);
    const check = () => {
      if (!getAccessToken()) navigate(target, { replace: true, state: { from: location } });
    };
    const onVisible = () => document.visibilityState === 'visible' && check();
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === STORAGE_KEYS.authToken) check();
    };
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('storage', onStorage);
    };
  }, [active, navigate, location]);
}

/** The guard itself (its own chunk: see ./require-auth). */
export default function RouteGuard({ roles, children }: { roles?: readonly string[]; children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  const [checked, setChecked] = useState(false);
  const { ready } = auth;

  useEffect(() => {
    let live = true;
    void ready().then(() => {
      if (live) setChecked(true);
    });
    return () => {
      live = false;
    };
  }, [ready]);

  const allowed = checked && !auth.isLoading && auth.isAuthenticated && (!roles || hasAnyRole(auth.user, roles));
  useTokenLossRedirect(allowed);
  // the user logged out here: the page is being left for home, do not bounce them to /login
  const leaving = checked && !auth.isLoading && !auth.isAuthenticated && signedOutJustNow();
  const [, recheck] = useState(0);
  useEffect(() => {
    if (!leaving) return;
    const id = setTimeout(() => recheck((n) => n + 1), SIGNED_OUT_GRACE_MS);
    return () => clearTimeout(id);
  }, [leaving]);

  if (!checked || auth.isLoading) return <AuthChecking />;
  if (leaving) return null;
  if (!auth.isAuthenticated || !getAccessToken()) return <Navigate to={loginPathFor(location)} replace state={{ from: location }} />;
  if (roles && !hasAnyRole(auth.user, roles)) return <Navigate to="/" replace />;
  return <GuardedContent>{children}</GuardedContent>;
}

function GuardedContent({ children }: { children: ReactNode }) {
  useNoCacheWhileMounted();
  return <>{children}</>;
}
