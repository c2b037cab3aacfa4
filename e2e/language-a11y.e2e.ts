/**
 * Issue 13 items 3 and 9, on every SPEC §2 route, signed in as the demo member (so the guarded
 * routes render their page, not /login):
 * - in English (the `lang` choice in localStorage, what the footer's language switch stores) no
 *   Hangul outside user-written content (containers marked `data-user-content`), in text and in
 *   the labels people hear (aria-label, placeholder, title, alt);
 * - axe-core (injected into the page) finds no serious or critical violation, in the light and
 *   the dark theme (`theme` in localStorage, what the theme switch stores), at 1280 and 390 px.
 * One browser context, pages visited one after another, to keep the run to a minute or two.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiJson, apiLogin, DEMO, type Session, signIn, uniqueEmail } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';
import { PLACEHOLDER_ROUTES, SPEC_ROUTES } from './support/routes.ts';
import { domQuiet } from './support/settled.ts';

const b = useBrowser();
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Every SPEC §2 route with demo values, signed in (so guarded ones render), but the placeholder
 * project addresses (no seeded project has that slug); the 404 page through an unknown address.
 */
const ROUTES = [...SPEC_ROUTES.filter((p) => !PLACEHOLDER_ROUTES.has(p)), '/no-such-page'];

/**
 * Routes the English scan skips for now: documented gaps (docs/web-shell.md), each still showing
 * Hangul in English on 2026-11-23. Remove a route when it is fixed.
 */
const ENGLISH_SCAN_GAPS = new Map<string, string>([]);

/** The admin area, walked signed in as the demo admin (the member cannot open it). */
const ADMIN_ROUTES = [
  '/admin',
  '/admin/users',
  '/admin/outbox',
  '/admin/studies',
  '/admin/payments',
  '/admin/deposit-refunds',
  '/admin/deposit-refunds?status=ALL',
  '/admin/jobs',
  '/admin/jobs?tab=postings',
  '/admin/jobs/postings/new',
];

/** A study's manage page, every tab, signed in as its leader (the demo leader owns 1-tecoteco). */
const MANAGE_ROUTES = ['applications', 'members', 'attendance', 'events', 'status', 'page'].map(
  (tab) => `/study/1-tecoteco/manage${tab === 'applications' ? '' : `?tab=${tab}`}`,
);

async function prepare(lang: 'en' | 'ko', theme: 'light' | 'dark', account: { email: string; password: string } = DEMO.member) {
  await signIn(b.context, await apiLogin(account.email, account.password));
  await b.context.addInitScript(
    ([l, th]) => {
      localStorage.setItem('lang', l);
      localStorage.setItem('theme', th);
    },
    [lang, theme] as const,
  );
}

async function visit(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'networkidle' }).catch(() => undefined);
  // the app's own page, not the prerendered markup (Korean) nor the empty shell before the app runs
  await page.waitForFunction(() => document.querySelector('#root > *') && !document.querySelector('#root[data-prerendered]'), null, {
    timeout: 30_000,
  });
  // lazy pages and their catalogues: wait until the 'Loading...' fallback is gone
  await page
    .waitForFunction(() => !document.querySelector('[data-route-loading], .route-loading'), null, { timeout: 5_000 })
    .catch(() => undefined);
  // and the page done drawing: its DOM unchanged over a few frames (a page that animates for good
  // is checked as it is after 5 s, as the route-loading wait above gives up too)
  await domQuiet(page, { timeoutMs: 5_000 }).catch(() => undefined);
}

/**
 * Visits `routes` in two tabs of the test's (signed-in) context, each tab taking the next route
 * when it is done with one, and runs `check` on each page: most of a visit is waiting (for the
 * network to go idle, for the lazy route), so the two tabs overlap rather than compete. Returns
 * how many routes were checked.
 */
async function inTwoTabs(
  routes: readonly string[],
  check: (page: Page, path: string) => Promise<void>,
  viewport?: { width: number; height: number },
): Promise<number> {
  const second = await b.context.newPage();
  const queue = [...routes];
  let checked = 0;
  try {
    await Promise.all(
      [b.page, second].map(async (page) => {
        if (viewport) await page.setViewportSize(viewport);
        for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
          await visit(page, path);
          await check(page, path);
          checked++;
        }
      }),
    );
  } finally {
    await second.close();
  }
  return checked;
}

/** Hangul outside [data-user-content], as "text ‹tag›" lines. */
function hangulOutsideUserContent(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const HANGUL = /[\uAC00-\uD7A3\u3131-\u318E]/;
    const out: string[] = [];
    const visible = (el: Element) => {
      const r = (el as HTMLElement).getClientRects?.();
      return !!r && r.length > 0;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      // [lang="ko"]: text marked as Korean on purpose (the language switch's "한국어")
      if (!el || !HANGUL.test(n.nodeValue ?? '') || el.closest('[data-user-content], [lang="ko"], script, style, noscript')) continue;
      // visually hidden text is read out too: keep it unless it is not rendered at all
      if (!visible(el) && !el.closest('.visually-hidden')) continue;
      out.push(
        `${(n.nodeValue ?? '').trim().slice(0, 60)} ‹${el.tagName.toLowerCase()}${el.className ? '.' + String(el.className).split(' ')[0] : ''}›`,
      );
    }
    for (const el of document.body.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      if (el.closest('[data-user-content], [lang="ko"]')) continue;
      for (const a of ['aria-label', 'placeholder', 'title', 'alt']) {
        const v = el.getAttribute(a);
        if (v && HANGUL.test(v)) out.push(`@${a}="${v.slice(0, 60)}" ‹${el.tagName.toLowerCase()}›`);
      }
    }
    if (HANGUL.test(document.title)) out.push(`<title> ${document.title}`);
    return [...new Set(out)];
  });
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

async function axeSeriousViolations(page: Page): Promise<string[]> {
  // evaluated through the DevTools protocol: the page's CSP (no inline scripts) does not apply
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const r = await axe.run(document, {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return r.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

describe('the account’s locale follows the language switch', () => {
  it('stores en, then ko, as the signed-in user switches in the footer (server-made texts follow it)', async () => {
    const reg = await apiJson<Session>('/api/users/register', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail('locale'), password: 'correct-horse-battery-9', name: 'Locale Reader' }),
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    const session = reg.body.data;
    const locale = async () => (await apiJson<{ locale: string }>('/api/users/me', { token: session.accessToken })).body.data.locale;
    expect(await locale()).toBe('ko');
    await signIn(b.context, session);
    await visit(b.page, '/');
    for (const lang of ['en', 'ko'] as const) {
      const saved = b.page.waitForResponse((r) => r.url().endsWith('/api/users/me') && r.request().method() === 'PUT');
      await b.page.locator(`.site-footer__settings button[lang="${lang}"]`).click();
      expect((await saved).status()).toBe(200);
      expect(await b.page.evaluate(() => document.documentElement.lang)).toBe(lang);
      expect(await locale()).toBe(lang);
    }
  }, 60_000);
});

describe('English has no Hangul outside user-written content', () => {
  it('on every SPEC §2 route', async () => {
    await prepare('en', 'light');
    const found: Record<string, string[]> = {};
    const routes = ROUTES.filter((p) => !ENGLISH_SCAN_GAPS.has(p));
    const checked = await inTwoTabs(routes, async (page, path) => {
      expect(await page.evaluate(() => document.documentElement.lang), path).toBe('en');
      const hits = await hangulOutsideUserContent(page);
      if (hits.length) found[path] = hits.slice(0, 15);
    });
    expect(checked).toBe(routes.length);
    expect(found).toEqual({});
    // the pages prerendered in Korean are not sent to a reader who chose English (the lang cookie)
    const html = await (await b.page.request.get('/study')).text();
    expect(html).not.toContain('data-prerendered');
  }, 180_000);

  for (const [who, account, routes] of [
    ['the demo admin over the admin routes', DEMO.admin, ADMIN_ROUTES],
    ['the demo leader over a manage page', DEMO.leader, MANAGE_ROUTES],
  ] as const) {
    it(`signed in as ${who}`, async () => {
      await prepare('en', 'light', account);
      const found: Record<string, string[]> = {};
      for (const path of routes) {
        await visit(b.page, path);
        // the page itself, not the login or forbidden page
        expect(new URL(b.page.url()).pathname, path).toBe(path.split('?')[0]);
        await b.page.locator('h1').first().waitFor({ timeout: 10_000 });
        expect(await b.page.evaluate(() => document.documentElement.lang), path).toBe('en');
        const hits = await hangulOutsideUserContent(b.page);
        if (hits.length) found[path] = hits.slice(0, 15);
      }
      expect(found).toEqual({});
    }, 120_000);
  }
});

describe('axe-core: no serious or critical violation', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`on every SPEC §2 route, ${theme} theme, at 1280 and 390 px`, async () => {
      await prepare('ko', theme);
      const found: Record<string, string[]> = {};
      let checked = 0;
      for (const width of [1280, 390]) {
        checked += await inTwoTabs(
          ROUTES,
          async (page, path) => {
            const v = await axeSeriousViolations(page);
            if (v.length) found[`${width} ${path}`] = v;
          },
          { width, height: width > 800 ? 800 : 844 },
        );
      }
      expect(checked).toBe(ROUTES.length * 2);
      expect(found).toEqual({});
    }, 300_000);
  }
});
