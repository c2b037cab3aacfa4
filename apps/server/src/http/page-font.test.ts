/**
 * A server-rendered page's own font (page-font.ts): the first render declares the Pretendard
 * subsets its text uses and starts the cut; the next renders carry the page's own font, preloaded,
 * covering every character of the study's text; the font URL is served by any instance (cut on
 * demand) and only for URLs this server made. The font is the real Pretendard file and the cut
 * the real subsetter (harfbuzz in a worker thread).
 */
import { createHmac } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support.ts';
import { waitFor } from '../../test/wait-for.ts';
import { approvedStudy, createUser, type TestUser } from '../modules/studies/test-helpers.ts';
import { createPageFonts, type PageFontSpec } from './page-font.ts';

const FIRST_SUBSET = '<link rel="preload" href="/assets/PretendardVariable.subset.91-abc.woff2" as="font" type="font/woff2" crossorigin>';
const TEMPLATE =
  `<!doctype html><html><head>${FIRST_SUBSET}<style>/*moim-ssr-font*/h1{color:red}/*css*/</style><!--moim-ssr-font-preload-->` +
  '</head><body><div id="root" data-prerendered><!--m--></div><!--d--></body></html>';
const FACES = {
  latin: '@font-face{font-family:"Pretendard Variable";src:url(/assets/latin.woff2) format("woff2");unicode-range:U+20-7E}',
  hangul: '@font-face{font-family:"Pretendard Variable";src:url(/assets/hangul.woff2) format("woff2");unicode-range:U+AC00-D7A3}',
  cjk: '@font-face{font-family:"Pretendard Variable";src:url(/assets/cjk.woff2) format("woff2");unicode-range:U+3000-303F}',
};
const SPEC: PageFontSpec = {
  file: 'PretendardVariable.woff2',
  sha256: 'test-font',
  family: 'Pretendard Page',
  stack: '"Pretendard Variable",system-ui,sans-serif',
  weight: '45 920',
  style: 'normal',
  has: 'U+20-7E,U+AC00-D7A3',
  faces: [
    { css: FACES.latin, range: [[0x20, 0x7e]] },
    { css: FACES.hangul, range: [[0xac00, 0xd7a3]] },
    { css: FACES.cjk, range: [[0x3000, 0x303f]] },
  ],
  css: '/*moim-ssr-font*/',
  preload: '<!--moim-ssr-font-preload-->',
  firstSubsetPreload: FIRST_SUBSET,
};
const BUNDLE = `
export async function loadPageData(path, get) {
  const m = /^\\/study\\/([^/]+)$/.exec(path);
  if (!m) return null;
  const study = await get('/api/studies/slug/' + m[1]);
  if (study.status !== 200) return null;
  return { pattern: '/study/:studyIdentifier', entries: [[['studies', 'detail', m[1]], study.data]] };
}
export async function renderPage(path, entries) {
  const s = entries[0][1];
  return { html: '<h1 class="title">' + s.title + '</h1><p class="status" title="ignored">' + s.status + ' &amp; 끝</p>' };
}
export function queryDataScript(entries) {
  return '<script type="application/json" id="moim-query-data">' + JSON.stringify(entries).replace(/</g, '\\\\u003c') + '</script>';
}
`;

/** A web build with the render bundle `bundle`, one template per pattern (TEMPLATE) and the real Pretendard file. */
function webDist(prefix: string, bundle: string, patterns: string[]): string {
  const dist = mkdtempSync(join(tmpdir(), prefix));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  mkdirSync(join(dist, '.ssr'));
  writeFileSync(join(dist, '.ssr', 'render.mjs'), bundle);
  copyFileSync(
    createRequire(import.meta.url).resolve('pretendard/dist/web/variable/woff2/PretendardVariable.woff2'),
    join(dist, '.ssr', SPEC.file),
  );
  const templates = patterns.map((pattern) => ({ pattern, html: TEMPLATE, css: { marker: '/*css*/', rules: [] } }));
  writeFileSync(
    join(dist, '.ssr', 'server-rendered.json'),
    JSON.stringify({ markup: '<!--m-->', data: '<!--d-->', templates, font: SPEC }),
  );
  return dist;
}

const FONT_URL =
  /<link rel="preload" href="(\/assets\/page-fonts\/([\w-]{22})\.woff2\?u=([0-9A-F,-]+))" as="font" type="font\/woff2" crossorigin>/;

describe('a server-rendered page’s own font', () => {
  let dist: string;
  let t: TestApp;
  let other: TestApp;
  let leader: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    dist = webDist('moim-page-font-', BUNDLE, ['/study/:studyIdentifier']);
    t = await createTestApp({ serveWeb: true, env: { WEB_DIST_DIR: dist } });
    other = await createTestApp({ serveWeb: true, env: { WEB_DIST_DIR: dist }, instanceOf: t });
    leader = await createUser(t);
    admin = await createUser(t, { admin: true });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const page = async (app: TestApp, path: string) =>
    (await app.app.inject({ url: path, headers: { accept: 'text/html', 'accept-encoding': 'identity' } })).body;
  /** the page once its font is cut (the cut runs beside the requests; the app does not expose it, so the page is read until it shows) */
  const pageWithFont = (path: string) =>
    waitFor(
      () => page(t, path),
      (html) => FONT_URL.test(html),
      { timeoutMs: 30_000, everyMs: 100, what: `a page font for ${path}` },
    );
  const codesOf = (ranges: string) =>
    ranges.split(',').flatMap((r) => {
      const [a, b] = r.split('-').map((h) => parseInt(h, 16));
      return Array.from({ length: (b ?? a!) - a! + 1 }, (_, i) => a! + i);
    });

  it('first declares the subsets the page’s text uses, then gives the page its own font, preloaded, covering its text', async () => {
    const title = '글꼴 자르기 스터디 Fonts';
    const s = await approvedStudy(t, leader, admin, { title });
    const first = await page(t, `/study/${s.slug}`);
    expect(first).toContain(`<h1 class="title">${title}</h1>`);
    // the subsets of its text (Latin and Hangul), not the others, and no page font yet
    expect(first).toContain(`<style>${FACES.latin}${FACES.hangul}h1{color:red}</style>`);
    expect(first).toMatch(/<\/style><script type="application\/ld\+json" id="page-json-ld">[^<]*<\/script><\/head>/);
    expect(first).not.toContain(FACES.cjk);
    expect(first).toContain(FIRST_SUBSET);
    expect(first).not.toContain('moim-ssr-font');

    const html = await pageWithFont(`/study/${s.slug}`);
    const [, url, , ranges] = FONT_URL.exec(html)!;
    // its own family first, the stack after it; the same URL in the face and the preload
    expect(html).toContain(
      `<style>@font-face{font-family:"Pretendard Page";src:url(${url}) format("woff2");font-weight:45 920;font-style:normal;` +
        `font-display:swap;unicode-range:${ranges!
          .split(',')
          .map((r) => `U+${r}`)
          .join(',')}}:root:root{--font-sans:"Pretendard Page","Pretendard Variable",system-ui,sans-serif}h1{color:red}</style>`,
    );
    expect(html).not.toContain(FACES.hangul);
    expect(html).not.toContain(FIRST_SUBSET); // its own font replaces the most frequent subset's preload
    // every character of the text (the decoded entity too, not the attribute), nothing else
    const covered = new Set(codesOf(ranges!));
    const shown = new Set([...`${title}APPROVED & 끝`].map((c) => c.codePointAt(0)!));
    expect([...shown].filter((c) => !covered.has(c))).toEqual([]);
    expect([...covered].filter((c) => !shown.has(c))).toEqual([]);
    // the same page from now on
    expect(await page(t, `/study/${s.slug}`)).toBe(html);

    const font = await t.app.inject({ url });
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(font.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect(font.rawPayload.length).toBeGreaterThan(1_000);
    expect(font.rawPayload.length).toBeLessThan(100_000); // the full font is 2 MB

    // another instance (no cut of its own yet) serves the same URL with the same bytes
    const again = await other.app.inject({ url });
    expect(again.statusCode).toBe(200);
    expect(Buffer.compare(again.rawPayload, font.rawPayload)).toBe(0);
  });

  it('cuts a new font when the study’s text changes', async () => {
    const s = await approvedStudy(t, leader, admin, { title: '처음 제목' });
    const before = FONT_URL.exec(await pageWithFont(`/study/${s.slug}`))![1];
    const patched = await t.call({
      method: 'PATCH',
      url: `/api/studies/${s.id}`,
      headers: leader.headers,
      payload: { title: '바뀐 제목 뷁' },
    });
    expect(patched.status).toBe(200);
    const edited = await page(t, `/study/${s.slug}`);
    expect(edited).toContain('<h1 class="title">바뀐 제목 뷁</h1>');
    expect(edited).not.toContain(before!); // not the old text's font, which lacks 뷁
    const [, url, , ranges] = FONT_URL.exec(await pageWithFont(`/study/${s.slug}`))!;
    expect(url).not.toBe(before);
    expect(codesOf(ranges!)).toContain('뷁'.codePointAt(0));
  });

  it('serves only the URLs it made: a changed key or range, or a range it would not cut, is a 404 in the error envelope', async () => {
    const s = await approvedStudy(t, leader, admin, { title: '검증 스터디' });
    const [, url, key, ranges] = FONT_URL.exec(await pageWithFont(`/study/${s.slug}`))!;
    const flipped = `${key!.slice(0, -1)}${key!.endsWith('A') ? 'B' : 'A'}`;
    const hmac = (r: string) =>
      createHmac('sha256', t.ctx.config.jwtSecret).update(`page-font\n${SPEC.sha256}\n${r}`).digest('base64url').slice(0, 22);
    for (const bad of [
      url!.replace(key!, flipped),
      url!.replace(`u=${ranges}`, `u=${ranges},41`),
      url!.replace(/\?u=.*/, ''),
      `/assets/page-fonts/${hmac('zz')}.woff2?u=zz`,
      `/assets/page-fonts/${hmac('0-10FFFF')}.woff2?u=0-10FFFF`, // signed, but more than a page's text
      `/assets/page-fonts/${key}.txt?u=${ranges}`,
    ]) {
      const res = await t.app.inject({ url: bad });
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().error.code, bad).toBe('BIZ-3001');
    }
  });
});

describe('a page font whose cut fails', () => {
  it('keeps the subsets, logs once and does not cut the same text again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'moim-page-font-bad-'));
    try {
      writeFileSync(join(dir, SPEC.file), 'not a font');
      const errors: Error[] = [];
      const fonts = createPageFonts(SPEC, dir, 'a-secret-of-at-least-thirty-two-characters', (e) => errors.push(e));
      const codes = fonts.codePoints('<h1>깨진 글꼴</h1>');
      expect(codes).toEqual([...new Set([...'깨진 글꼴'].map((c) => c.codePointAt(0)!))].sort((a, b) => a - b));
      expect(fonts.ready(codes)).toBeUndefined();
      await fonts.idle();
      expect(fonts.stats()).toEqual({ cuts: 1, failed: 1 });
      expect(errors).toHaveLength(1);
      // the next renders of the page: still the subsets, no second cut
      expect(fonts.ready(codes)).toBeUndefined();
      expect(fonts.ready(codes)).toBeUndefined();
      await fonts.idle();
      expect(fonts.stats()).toEqual({ cuts: 1, failed: 1 });
      expect(errors).toHaveLength(1);
      expect(fonts.subsetFaces(codes)).toBe(`${FACES.latin}${FACES.hangul}`);
      await fonts.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the pages with one address, once the server listens', () => {
  const BOARD_BUNDLE = `
export async function loadPageData(path) {
  if (path === '/board') return { pattern: '/board', entries: [[['board'], { title: '모임 게시판' }]] };
  if (path.startsWith('/study/')) return { pattern: '/study/:studyIdentifier', entries: [[['study'], { title: '스터디' }]] };
  return null;
}
export async function renderPage(path, entries) {
  globalThis.__moimWarmRenders = [...(globalThis.__moimWarmRenders ?? []), path];
  return { html: '<h1 class="title">' + entries[0][1].title + '</h1>' };
}
export function queryDataScript(entries) {
  return '<script type="application/json" id="moim-query-data">' + JSON.stringify(entries).replace(/</g, '\\\\u003c') + '</script>';
}
`;
  let dist: string;
  let t: TestApp;
  const rendered = () => (globalThis as { __moimWarmRenders?: string[] }).__moimWarmRenders ?? [];

  beforeAll(async () => {
    dist = webDist('moim-page-warm-', BOARD_BUNDLE, ['/study/:studyIdentifier', '/board']);
    t = await createTestApp({ serveWeb: true, warmRenderedPages: true, env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('are rendered before anyone asks, and the first visitor gets the kept page with its own font', async () => {
    expect(rendered()).toEqual([]);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    // nobody has asked: the page with one address is rendered (once); a study's page is not
    await waitFor(rendered, (r) => r.length > 0, { timeoutMs: 10_000, everyMs: 20, what: 'the warm-up render' });
    expect(rendered()).toEqual(['/board']);
    const html = await waitFor(
      async () => (await t.app.inject({ url: '/board', headers: { accept: 'text/html', 'accept-encoding': 'identity' } })).body,
      (body) => FONT_URL.test(body),
      { timeoutMs: 30_000, everyMs: 100, what: 'the warmed page with its own font' },
    );
    expect(html).toContain('<h1 class="title">모임 게시판</h1>');
    // its markup was not rendered again for the visitor
    expect(rendered()).toEqual(['/board']);
  });
});
