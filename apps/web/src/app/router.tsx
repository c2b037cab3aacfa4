/**
 * The whole route table of SPEC §2, rendered in React Router's declarative mode
 * (`<BrowserRouter>` + `useRoutes`, `<StaticRouter>` when prerendering): the app uses no
 * loaders, actions or fetchers, and the data router would cost ≈ 17 KB gzip more on every
 * page (see docs/web-performance.md). So a route is only `path` + `element` (+ `children`/`index`);
 * `loader`, `action`, `lazy` and `errorElement` would be ignored (router.test.tsx refuses them).
 * Every page is a lazy chunk (`lazyPage`) shown with the 'Loading...' fallback; errors thrown
 * while rendering (an ApiError with a status, a Response, a chunk load error) land in a
 * `RouteErrorBoundary`, which picks the 404 / 401 / 503 / generic / chunk page. Redirects are
 * `<Navigate replace>`, so the old address never stays in the history; static paths outrank
 * /study/:studyIdentifier.
 */
import { isValidElement, useContext, type ComponentType } from 'react';
import {
  matchRoutes,
  Navigate,
  Outlet,
  renderMatches,
  UNSAFE_NavigationContext as NavigationContext,
  useLocation,
  type RouteMatch,
  type RouteObject,
} from 'react-router';
import { ADMIN_ROLES } from '../shared/auth/types';
import { RequireAuth } from '../shared/auth/require-auth';
import { lazyPage, type LazyPageComponent } from '../shared/chunk/lazy-page';
import { RouteErrorBoundary } from '../features/errors/route-error';
import { NotFoundPage } from '../features/errors/error-pages';
import { AppShell } from './app-shell';
import { featureRoutes } from './feature-modules';
import { SiteLayout } from './site-layout';

// ── Shell pages (this app) ────────────────────────────────────────────────────────────────
const HomePage = lazyPage(() => import('../features/home/home-page'), 'home');
const LoginPage = lazyPage(() => import('../features/auth/login-page'), 'auth');
const SignupPage = lazyPage(() => import('../features/auth/signup-page'), 'auth');
const ForgotPasswordPage = lazyPage(() => import('../features/auth/forgot-password-page'), 'auth');
const ResetPasswordPage = lazyPage(() => import('../features/auth/reset-password-page'), 'auth');
const AuthCallbackPage = lazyPage(() => import('../features/auth/auth-callback-page'), 'auth');
const OAuthTestPage = lazyPage(() => import('../features/auth/oauth-test-page'), 'auth');
const ProfilePage = lazyPage(() => import('../features/account/profile-page'), 'account');
const SettingsPage = lazyPage(() => import('../features/account/settings-page'), 'account');
const SecurityPage = lazyPage(() => import('../features/account/security-page'), 'account');
const EmailConfirmPage = lazyPage(() => import('../features/account/email-confirm-page'), 'account');
const TermsPage = lazyPage(() => import('../features/legal/terms-page'), 'legal');
const PrivacyPage = lazyPage(() => import('../features/legal/privacy-page'), 'legal');
const StudyLeaderGuidePage = lazyPage(() => import('../features/static-pages/study-leader-guide-page'), 'static-pages');
const StudyPlanPage = lazyPage(() => import('../features/static-pages/study-plan-page'), 'static-pages');
const QueryDailyPromoPage = lazyPage(() => import('../features/static-pages/querydaily-promo-page'), 'static-pages');
const WhoWeArePage = lazyPage(() => import('../features/whoweare/whoweare-page'), 'whoweare');
const WhoWeAreOriginalPage = lazyPage(() => import('../features/whoweare/whoweare-original-page'), 'whoweare');
const WhoWeAreArchivePage = lazyPage(() => import('../features/whoweare/whoweare-archive-page'), 'whoweare');
const IgnitionPage = lazyPage(() => import('../features/job-postings/ignition-page'), 'job-postings');
const NavigatorPage = lazyPage(() => import('../features/job-postings/navigator-page'), 'job-postings');
const NavigatorDeprecatedPage = lazyPage(() => import('../features/job-postings/navigator-deprecated-page'), 'job-postings');
const StudioLayout = lazyPage(() => import('../features/studio/studio-layout'), 'studio');
const StudioHomePage = lazyPage(() => import('../features/studio/studio-home-page'), 'studio');
const DocumentorPage = lazyPage(() => import('../features/studio/documentor-page'), 'studio');
// The back office's own route table (its layout, pages and the features' admin pages), loaded
// when an admin opens /admin: see admin-area.tsx.
const AdminArea = lazyPage(() => import('./admin-area'), 'admin-shell');

/** SPEC §2 redirects (old addresses). */
export const redirects: Array<[from: string, to: string]> = [
  ['/study/1', '/study/1-tecoteco'],
  ['/study/2', '/study/2-11routine'],
  ['/study/3', '/study/3-devlog'],
  ['/study/3-devlog-14', '/study/3-devlog'],
  ['/study/devlog-14', '/study/3-devlog'],
  ['/whoweare-profile-cards-floating', '/whoweare'],
  ['/whoweare-ai-guide', '/whoweare'],
  ['/whoweare-hybrid', '/whoweare-hybrid-archive'],
];

const shellRoutes: RouteObject[] = [
  { path: '/', element: <HomePage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/signup', element: <SignupPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/auth/callback', element: <AuthCallbackPage /> },
  { path: '/test/kakao-oauth', element: <OAuthTestPage /> },
  {
    path: '/users/me',
    element: (
      <RequireAuth>
        <ProfilePage />
      </RequireAuth>
    ),
  },
  {
    path: '/users/me/edit',
    element: (
      <RequireAuth>
        <SettingsPage />
      </RequireAuth>
    ),
  },
  // the link mailed to the new address: opened signed in or not (the token is the credential)
  { path: '/users/me/email/confirm', element: <EmailConfirmPage /> },
  {
    path: '/users/me/security',
    element: (
      <RequireAuth>
        <SecurityPage />
      </RequireAuth>
    ),
  },
  { path: '/terms', element: <TermsPage /> },
  { path: '/privacy', element: <PrivacyPage /> },
  { path: '/guide/study-leader', element: <StudyLeaderGuidePage /> },
  { path: '/study-plan', element: <StudyPlanPage /> },
  { path: '/querydaily-promo-demo', element: <QueryDailyPromoPage /> },
  { path: '/whoweare', element: <WhoWeArePage /> },
  { path: '/whoweare-original', element: <WhoWeAreOriginalPage /> },
  { path: '/whoweare-hybrid-archive', element: <WhoWeAreArchivePage /> },
  { path: '/ignition', element: <IgnitionPage /> },
  { path: '/ignition/navigator', element: <NavigatorPage /> },
  { path: '/ignition/navigator-v1-deprecated', element: <NavigatorDeprecatedPage /> },
  {
    path: '/admin/*',
    element: (
      <RequireAuth roles={ADMIN_ROLES}>
        <AdminArea />
      </RequireAuth>
    ),
  },
];

/** A pathless route whose errors (while rendering its children) show the error pages in place. */
const errorBoundary = (children: RouteObject[]): RouteObject => ({
  element: (
    <RouteErrorBoundary>
      <Outlet />
    </RouteErrorBoundary>
  ),
  children,
});

export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <AppShell />
      </RouteErrorBoundary>
    ),
    children: [
      {
        element: <SiteLayout />,
        children: [
          errorBoundary([
            // `replace`: the old address must not stay in the history, even on a first load.
            ...redirects.map(([from, target]) => ({ path: from, element: <Navigate to={target} replace /> })),
            ...shellRoutes,
            ...featureRoutes,
            { path: '*', element: <NotFoundPage /> },
          ]),
        ],
      },
      // The writing studio has its own header (SPEC §2 "studio header").
      {
        path: '/studio',
        element: <StudioLayout />,
        children: [
          errorBoundary([
            { index: true, element: <StudioHomePage /> },
            { path: 'documentor', element: <DocumentorPage /> },
          ]),
        ],
      },
    ],
  },
];

/**
 * `matchRoutes(routes, pathname)`, remembered for the last few pathnames. react-router flattens
 * and ranks the whole table and compiles a RegExp per tried route on every call (≈ 12 ms of main
 * thread at start-up, one unit of work the hydration cannot split): the start-up matches the
 * address once, in `preloadRoute`, and the first render reuses it (docs/web-performance.md).
 */
const matchCache = new Map<string, RouteMatch[] | null>();
function matchPathname(pathname: string): RouteMatch[] | null {
  let matches = matchCache.get(pathname);
  if (matches === undefined) {
    matches = matchRoutes(routes, { pathname });
    if (matchCache.size >= 8) matchCache.delete(matchCache.keys().next().value!);
    matchCache.set(pathname, matches);
  }
  return matches;
}

/**
 * The app's routes; render inside `<BrowserRouter>` (the app) or `<StaticRouter>` (prerendering).
 * What `useRoutes(routes)` renders at the top level (no parent route), with the matching
 * remembered per pathname (`matchPathname`): the same matches, each pathname re-encoded the way
 * `useRoutes` does it (`navigator.encodeLocation`: non-ASCII slugs), rendered by `renderMatches`.
 */
export function AppRoutes() {
  const { navigator } = useContext(NavigationContext);
  const matches = matchPathname(useLocation().pathname || '/');
  const encode = (path: string) =>
    navigator.encodeLocation
      ? navigator.encodeLocation(path.replace(/%/g, '%25').replace(/\?/g, '%3F').replace(/#/g, '%23')).pathname
      : path;
  const slash = (path: string) => `/${path}`.replace(/\/\/+/g, '/');
  return renderMatches(
    matches?.map((match) => ({
      ...match,
      params: { ...match.params },
      pathname: slash(encode(match.pathname)),
      pathnameBase: match.pathnameBase === '/' ? '/' : slash(encode(match.pathnameBase)),
    })) ?? null,
  );
}

/** The lazy pages (`lazyPage`) that `pathname` renders, outermost first. */
export function matchedPages(pathname: string): Array<LazyPageComponent<never>> {
  return (matchPathname(pathname) ?? []).flatMap(({ route }) => {
    const type: unknown = isValidElement(route.element) ? route.element.type : undefined;
    return typeof type === 'function' && 'preload' in type ? [type as LazyPageComponent<never>] : [];
  });
}

/**
 * Loads the lazy pages (code and namespaces) that `pathname` matches, so that the first render
 * does not suspend; resolves to their modules. Used to take over a prerendered page (main.tsx)
 * and by the prerender itself (app/prerender.tsx).
 */
export function preloadRoute(pathname: string): Promise<Array<{ default: ComponentType<never> }>> {
  return Promise.all(matchedPages(pathname).map((page) => page.preload()));
}
