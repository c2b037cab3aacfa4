/**
 * The SPEC §2 routes, filled with demo values, in one place for every suite that walks them
 * (shell.e2e.ts: each answers and guards; language-a11y.e2e.ts: English scan and axe) and for
 * the web benches (bench/web-budget.bench.ts: every public route; bench/lighthouse.bench.ts:
 * MEASURED_PAGES).
 * Add a route here when SPEC §2 gains one. No imports: benches load this file as it is.
 */

/** Routes anyone may open (a guest sees the page, not /login). */
export const PUBLIC_ROUTES = [
  '/',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/auth/callback',
  '/test/kakao-oauth',
  '/terms',
  '/privacy',
  '/payment/success',
  '/payment/fail',
  '/payment/account-info',
  '/payment/pending',
  '/checkout/test',
  '/studio',
  '/studio/documentor',
  '/study',
  '/study/calendar',
  '/study/1-tecoteco',
  '/study/2-11routine',
  '/study/1-clean-architecture', // a paid study: cost note, pay button
  '/calendar',
  '/guide/study-leader',
  '/study-plan',
  '/project',
  '/project/some-project',
  '/ignition',
  '/ignition/navigator',
  '/ignition/navigator-v1-deprecated',
  '/lab',
  '/lab/team-shuffle',
  '/lab/spotlight-arena',
  '/lab/tetris',
  '/lab/deduction',
  '/whoweare',
  '/whoweare-original',
  '/whoweare-hybrid-archive',
  '/querydaily-promo-demo',
] as const;

export type PublicRoute = (typeof PUBLIC_ROUTES)[number];

/**
 * Public routes that open on a form, or send a guest to /login's form (the payment results): the
 * only ones that may load the shared forms chunk (zod + react-hook-form) as they open
 * (bench/web-budget.bench.ts). Elsewhere a form loads it when the reader opens the form.
 */
export const FORM_ROUTES = [
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/payment/success',
  '/payment/account-info',
  '/payment/pending',
  '/checkout/test',
  '/studio/documentor',
] as const satisfies readonly PublicRoute[];

/** The core pages Lighthouse measures with the median of five runs (bench/lighthouse.bench.ts; every other public route with one). */
export const MEASURED_PAGES = ['/', '/study', '/study/1-tecoteco', '/lab', '/lab/tetris'] as const satisfies readonly PublicRoute[];

/** Login-required routes: a guest lands on /login?returnTo=…. */
export const GUARDED_ROUTES = [
  '/users/me',
  '/users/me/edit',
  '/study/propose',
  '/project/new',
  '/project/some-project/edit',
  '/study/1-tecoteco/apply',
  '/study/1-tecoteco/manage',
  '/study/1-tecoteco/review/write',
] as const;

/** Routes whose demo value names nothing the seed creates (a project slug): they show a not-found state. */
export const PLACEHOLDER_ROUTES: ReadonlySet<string> = new Set(['/project/some-project', '/project/some-project/edit']);

/** Every SPEC §2 route (public, then guarded). */
export const SPEC_ROUTES: readonly string[] = [...PUBLIC_ROUTES, ...GUARDED_ROUTES];
