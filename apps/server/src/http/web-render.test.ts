/**
 * Server-rendered study pages (web-render.ts) in the real app: the page is rendered with the
 * study's public data as the API answers it, refreshed when the study changes (edit, approval,
 * start), reused while nothing changed, and the plain shell when there is nothing to render.
 * The render bundle here is a small stand-in with the interface of apps/web/src/app/prerender.tsx
 * (the real one needs a web build; e2e/studies.e2e.ts and the benchmarks load it).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support.ts';
import { approvedStudy, createUser, setStatus, type TestUser } from '../modules/studies/test-helpers.ts';
import { importPostings, posting } from '../modules/job-postings/test-helpers.ts';
import { type OwnRule, usedCss } from './web-render.ts';

const SHELL = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
const TEMPLATE =
  '<!doctype html><html><head><style>h1{color:red}/*css*/</style></head><body><div id="root" data-prerendered><!--m--></div><!--d--></body></html>';
// the page's own rules (apps/web/scripts/prerender.mjs, ownRules): the server inlines those the rendered markup uses
const OWN_RULES: OwnRule[] = [
  { w: [], s: [['title']], css: '.title{font-size:2em}' },
  { w: [], s: [['unused']], css: '.unused{color:blue}' },
  { w: ['@media (min-width:768px)'], s: [['title']], css: '.title{font-size:3em}' },
  { w: ['@media (min-width:768px)'], s: [['unused'], ['status']], css: '.unused,.status{margin:0}' },
  { w: [], s: null, css: '@keyframes spin{to{transform:rotate(1turn)}}' },
];
const HASH = "'sha256-9mGezpK10NHPRUrmrP4/mSQAwETbqPwCJgzJ3lEzkcc='";
const SCRIPT_HASH = "'sha256-d3C/gPKqU4fnhhEV9xgaRdJqDMW63uZLPyeQRu6j+1Y='";

// the bundle's interface: loadPageData reads through `get`, renderPage renders the entries
const BUNDLE = `
export let renders = 0;
export async function loadPageData(path, get) {
  const m = /^\\/study\\/([^/?]+)(?:\\?.*)?$/.exec(path);
  if (!m || m[1] === 'explode') return m ? { pattern: '/study/:studyIdentifier', entries: [[['boom'], null]] } : null;
  const study = await get('/api/studies/slug/' + m[1]);
  // as readSubject does for a project or a posting: a subject the API does not know is drawn as not found
  if (m[1].startsWith('gone-') && study.status === 404 && study.error)
    return { pattern: '/study/:studyIdentifier', entries: [[['studies', 'detail', m[1]], null, { status: 404, ...study.error }]], status: 404 };
  if (study.status !== 200) return null;
  // as a page's renderedQuery does: a token is drawn only as "there is one"
  const url = path.includes('token=') ? path.split('?')[0] + '?token=link' : undefined;
  return { pattern: '/study/:studyIdentifier', entries: [[['studies', 'detail', m[1]], study.data]], url };
}
export async function renderPage(path, entries) {
  globalThis.__moimRenders = (globalThis.__moimRenders ?? 0) + 1;
  if (entries[0][2]) return { html: '<h1 class="title">' + entries[0][2].code + ': ' + entries[0][2].message + '</h1>' };
  const s = entries[0][1];
  if (!s) throw new Error('render failed');
  return { html: '<h1 class="title">' + s.title + '</h1><p class="status">' + s.status + '</p>' };
}
export function queryDataScript(entries) {
  return '<script type="application/json" id="moim-query-data">' + JSON.stringify(entries).replace(/</g, '\\\\u003c') + '</script>';
}
`;

const renders = () => (globalThis as { __moimRenders?: number }).__moimRenders ?? 0;

/** A web build folder as scripts/prerender.mjs leaves it: the shell, the render bundle and the server-rendered pages' spec. */
function webDist(prefix: string, bundle: string, spec: Record<string, unknown>): string {
  const dist = mkdtempSync(join(tmpdir(), prefix));
  writeFileSync(join(dist, 'index.html'), SHELL);
  mkdirSync(join(dist, '.ssr'));
  writeFileSync(join(dist, '.ssr', 'render.mjs'), bundle);
  writeFileSync(join(dist, '.ssr', 'server-rendered.json'), JSON.stringify({ markup: '<!--m-->', data: '<!--d-->', ...spec }));
  return dist;
}

describe('usedCss', () => {
  it('keeps the rules one of whose selectors has all its classes in the markup, in order, under their at-rules', () => {
    const rules: OwnRule[] = [
      { w: [], s: [['a', 'b']], css: '.a .b{x:1}' },
      { w: ['@media print'], s: [['b']], css: '.b{x:2}' },
      { w: ['@media print'], s: [['c']], css: '.c{x:3}' },
      { w: ['@supports (display:grid)', '@media print'], s: [['a']], css: '.a{x:4}' },
      { w: [], s: [[]], css: 'h1{x:5}' },
      { w: [], s: [['c'], ['b', 'a']], css: '.c,.b.a{x:6}' },
    ];
    expect(usedCss('<div class="a"><p class="b x">t</p></div>', rules)).toBe(
      '.a .b{x:1}@media print{.b{x:2}}@supports (display:grid){@media print{.a{x:4}}}h1{x:5}.c,.b.a{x:6}',
    );
    expect(usedCss('<div class="b">', rules)).toBe('@media print{.b{x:2}}h1{x:5}');
    expect(usedCss('<div>', [])).toBe('');
  });
});

describe('server-rendered study pages', () => {
  let dist: string;
  let t: TestApp;
  let leader: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    dist = webDist('moim-web-render-', BUNDLE, {
      templates: [{ pattern: '/study/:studyIdentifier', html: TEMPLATE, css: { marker: '/*css*/', rules: OWN_RULES } }],
    });
    writeFileSync(
      join(dist, '.ssr', 'csp.json'),
      JSON.stringify({ styleSrcElem: [HASH, "'unsafe-inline' nope"], scriptSrc: [SCRIPT_HASH, "'unsafe-eval'"] }),
    );
    t = await createTestApp({ serveWeb: true, env: { WEB_DIST_DIR: dist } });
    leader = await createUser(t);
    admin = await createUser(t, { admin: true });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const page = (path: string) => t.app.inject({ url: path, headers: { accept: 'text/html', 'accept-encoding': 'identity' } });

  it('renders a study page with its data, and refreshes it when the study changes', async () => {
    const s = await approvedStudy(t, leader, admin, { title: '렌더 스터디' });
    const first = await page(`/study/${s.slug}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('text/html');
    expect(first.body).toContain('<div id="root" data-prerendered><h1 class="title">렌더 스터디</h1><p class="status">APPROVED</p></div>');
    // the critical CSS: the template's, then the page's own rules that this markup uses
    expect(first.body).toContain(
      '<style>h1{color:red}.title{font-size:2em}@media (min-width:768px){.title{font-size:3em}.unused,.status{margin:0}}@keyframes spin{to{transform:rotate(1turn)}}</style>',
    );
    // the data the page was rendered with, for the app's query cache
    expect(first.body).toMatch(/<script type="application\/json" id="moim-query-data">\[\[\["studies","detail",/);
    expect(first.body).toContain('"title":"렌더 스터디"');

    // unchanged data: the rendered page is reused
    const before = renders();
    expect((await page(`/study/${s.slug}`)).body).toBe(first.body);
    expect(renders()).toBe(before);

    // edited: the next visit shows the new title at once (the read cache is invalidated)
    const patched = await t.call({
      method: 'PATCH',
      url: `/api/studies/${s.id}`,
      headers: leader.headers,
      payload: { title: '새 제목 스터디' },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const edited = await page(`/study/${s.slug}`);
    expect(edited.body).toContain('<h1 class="title">새 제목 스터디</h1>');
    expect(renders()).toBe(before + 1);

    // started: the status follows
    expect((await setStatus(t, admin, s.id, 'START')).status).toBe(200);
    expect((await page(`/study/${s.slug}`)).body).toContain('<p class="status">IN_PROGRESS</p>');
  });

  it('renders an address with a query as that address (kept apart from the bare path); an overlong query gets the shell', async () => {
    const s = await approvedStudy(t, leader, admin, { title: '질의 스터디' });
    const before = renders();
    const shared = await page(`/study/${s.slug}?utm_source=kakao`);
    expect(shared.body).toContain('<h1 class="title">질의 스터디</h1>');
    expect((await page(`/study/${s.slug}`)).body).toContain('<h1 class="title">질의 스터디</h1>');
    expect(renders()).toBe(before + 2);
    // each is reused for its own address
    await page(`/study/${s.slug}?utm_source=kakao`);
    expect(renders()).toBe(before + 2);
    const long = await page(`/study/${s.slug}?q=${'x'.repeat(600)}`);
    expect(long.statusCode).toBe(200);
    expect(long.body).toBe(SHELL);
    expect(renders()).toBe(before + 2);
  });

  it('keeps a page by the part of the query it is drawn with: two links with different tokens share one rendering', async () => {
    const s = await approvedStudy(t, leader, admin, { title: '토큰 스터디' });
    const before = renders();
    const one = await page(`/study/${s.slug}?token=aaaa-1111`);
    const two = await page(`/study/${s.slug}?token=bbbb-2222`);
    expect(one.body).toContain('<h1 class="title">토큰 스터디</h1>');
    expect(two.body).toBe(one.body);
    expect(renders()).toBe(before + 1);
  });

  it('sends the rendered page compressed to a browser that accepts it, the same page once decoded', async () => {
    const s = await approvedStudy(t, leader, admin, { title: '압축 스터디' });
    const plain = (await page(`/study/${s.slug}`)).body;
    expect(plain).toContain('<h1 class="title">압축 스터디</h1>');
    const fetchAs = (encoding: string) =>
      t.app.inject({ url: `/study/${s.slug}`, headers: { accept: 'text/html', 'accept-encoding': encoding } });
    const br = await fetchAs('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gzip = await fetchAs('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);
  });

  it('sends the plain shell when there is nothing to render or rendering fails, never an error', async () => {
    for (const path of ['/study/no-such-study', '/study/explode', '/users/me']) {
      const res = await page(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toBe(SHELL);
    }
  });

  it('a page drawn for a subject the API does not know is sent as a 404, with the API’s error, and not kept', async () => {
    const before = renders();
    for (let i = 0; i < 2; i++) {
      const res = await page('/study/gone-nothing-here');
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<h1 class="title">BIZ-3001: 스터디를 찾을 수 없습니다.</h1>');
      expect(res.body).toContain('"status":404');
    }
    // rendered for each request: addresses nobody links to do not take the place of kept pages
    expect(renders() - before).toBe(2);
  });

  it('never serves the render bundle, and allows the inline scripts by hash and inline styles', async () => {
    for (const file of ['/.ssr/render.mjs', '/.ssr/server-rendered.json', '/.ssr/csp.json']) {
      expect((await t.app.inject({ url: file })).statusCode, file).toBe(404);
    }
    const csp = String((await page('/')).headers['content-security-policy']);
    expect(csp).not.toContain('style-src-elem');
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toMatch(new RegExp(`script-src 'self' 'wasm-unsafe-eval' ${SCRIPT_HASH.replace(/[+/]/g, '\\$&')};`));
    expect(csp).not.toContain('nope');
    expect(csp).not.toContain(" 'unsafe-eval'");
  });

  /** The page's structured data as the server wrote it in <head>. */
  const headJsonLd = (html: string) => {
    const head = html.slice(0, html.indexOf('</head>'));
    const m = /<script type="application\/ld\+json" id="page-json-ld">([^<]*)<\/script>/.exec(head);
    return m ? (JSON.parse(m[1]!) as Record<string, any>) : undefined;
  };

  it('writes a study page’s Course (a weekly study) into the HTML it serves, with the public origin and Google’s required properties', async () => {
    const s = await approvedStudy(t, leader, admin, { title: '구조화 데이터 스터디' });
    const ld = headJsonLd((await page(`/study/${s.slug}`)).body);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org/',
      '@type': 'Course',
      name: '구조화 데이터 스터디',
      description: s.tagline,
      url: `${t.ctx.config.publicUrl.replace(/\/$/, '')}/study/${encodeURIComponent(s.slug)}`,
      provider: { name: 'moim' },
      offers: [{ category: expect.any(String) }],
      hasCourseInstance: [{ courseMode: expect.any(String), courseSchedule: { repeatFrequency: expect.stringMatching(/^P/) } }],
    });
    // a page with nothing to render (the shell) carries none
    expect(headJsonLd((await page('/study/no-such-study')).body)).toBeUndefined();
  });

  it('writes a job posting’s JobPosting into the shell of its own page, escaped so its text cannot close the element', async () => {
    const title = '백엔드 </script><script>alert(1)</script> 개발자';
    const run = await importPostings(t, admin, [posting({ title, workMode: 'REMOTE', employmentType: 'CONTRACT' })]);
    expect(run.created).toBe(1);
    const found = await t.call({ method: 'GET', url: `/api/job-postings?q=${encodeURIComponent('백엔드')}` });
    const id = (found.body.data.content as Array<{ id: string; title: string }>).find((p) => p.title === title)!.id;
    const res = await page(`/ignition/navigator/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(headJsonLd(res.body)).toMatchObject({
      '@type': 'JobPosting',
      title,
      employmentType: 'CONTRACTOR',
      jobLocationType: 'TELECOMMUTE',
      hiringOrganization: { name: '테스트컴퍼니' },
      datePosted: expect.any(String),
      description: expect.any(String),
    });
    // an unknown posting: the plain shell
    expect((await page('/ignition/navigator/00000000-0000-4000-8000-000000000000')).body).toBe(SHELL);
  });
});

/**
 * A guarded page (SPEC §6) for a browser without the signed-in hint: the log-in page the route
 * guard would open, under its checking state (apps/web/scripts/prerender.mjs, guardTemplate);
 * the shell for a browser that says it holds a session, or reads English.
 */
describe('guarded pages for a guest', () => {
  const CHECKING = '<div id="guard-checking"><div class="page-loading">인증 확인 중...</div></div>';
  const LOGIN_MARKER = '/login?moim-guard-login';
  const LOGIN_TEMPLATE =
    '<!doctype html><html><head><style>/*css*/</style></head><body><div id="root" data-prerendered data-rendered-query><!--m--></div><!--d--></body></html>';
  const GUARD_TEMPLATE = `<!doctype html><html><head><meta name="robots" content="noindex" /><style>/*css*/</style></head><body>${CHECKING}<div id="root" data-guard-login="${LOGIN_MARKER}" data-prerendered data-rendered-query><!--m--></div><!--d--><script>guard()</script></body></html>`;
  const RULES: OwnRule[] = [
    { w: [], s: [['page-loading']], css: '.page-loading{display:grid}' },
    { w: [], s: [['title']], css: '.title{font-size:2em}' },
    { w: [], s: [['unused']], css: '.unused{color:blue}' },
  ];
  // as apps/web/src/app/prerender.tsx: the log-in page drawn for its address, and which addresses are guarded
  const GUARD_BUNDLE = `
export async function loadPageData(url) {
  if (!url.startsWith('/login?')) return null;
  return { pattern: '/login', entries: [[['auth', 'oauth-providers'], [{ id: 'local' }]]], url };
}
export async function renderPage(url) {
  globalThis.__moimGuardRenders = (globalThis.__moimGuardRenders ?? 0) + 1;
  return { html: '<h1 class="title">로그인</h1><a href="/signup?' + url.split('?')[1] + '">회원가입</a>' };
}
export function queryDataScript(entries) {
  return '<script type="application/json" id="moim-query-data">' + JSON.stringify(entries) + '</script>';
}
export function guardedLogin(url) {
  const path = url.split('?')[0];
  const guarded = path === '/users/me' || (path.startsWith('/payment/') && path !== '/payment/fail');
  return guarded ? '/login?returnTo=' + encodeURIComponent(url) : null;
}
`;
  const guardRenders = () => (globalThis as { __moimGuardRenders?: number }).__moimGuardRenders ?? 0;
  let dist: string;
  let t: TestApp;

  beforeAll(async () => {
    dist = webDist('moim-web-guard-', GUARD_BUNDLE, {
      templates: [{ pattern: '/login', html: LOGIN_TEMPLATE, css: { marker: '/*css*/', rules: RULES } }],
      guard: {
        pattern: '/login',
        html: GUARD_TEMPLATE,
        css: { marker: '/*css*/', rules: RULES },
        checking: CHECKING,
        login: LOGIN_MARKER,
      },
    });
    t = await createTestApp({ serveWeb: true, env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const page = (path: string, cookie?: string) =>
    t.app.inject({ url: path, headers: { accept: 'text/html', 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) } });

  it('a guest gets the log-in page drawn for this address as its returnTo, under the checking state, not indexed', async () => {
    const res = await page('/payment/success?paymentKey=pk&orderId=o-1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toContain('cookie');
    const returnTo = encodeURIComponent('/payment/success?paymentKey=pk&orderId=o-1');
    expect(res.body).toContain(
      `${CHECKING}<div id="root" data-guard-login="/login?returnTo=${returnTo}" data-prerendered data-rendered-query><h1 class="title">로그인</h1><a href="/signup?returnTo=${returnTo}">회원가입</a></div>`,
    );
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    // the rules the checking state and the page use, and no other
    expect(res.body).toContain('<style>.page-loading{display:grid}.title{font-size:2em}</style>');
    // the log-in page's data, for the app that adopts it
    expect(res.body).toContain(
      '<script type="application/json" id="moim-query-data">[[["auth","oauth-providers"],[{"id":"local"}]]]</script>',
    );
  });

  it('a browser that says it holds a session, or reads English, gets the shell; so does a page nobody guards', async () => {
    expect((await page('/users/me', 'signed_in=1')).body).toBe(SHELL);
    expect((await page('/payment/pending?orderId=o-2', 'theme=dark; signed_in=1')).body).toBe(SHELL);
    expect((await page('/users/me', 'lang=en')).body).toBe(SHELL);
    expect((await page('/nowhere')).body).toBe(SHELL);
    // a cleared hint (signed out) is no session
    expect((await page('/users/me', 'signed_in=')).body).toContain('data-guard-login="/login?returnTo=%2Fusers%2Fme"');
  });

  it('the log-in page at its own address is the log-in template, without the guard', async () => {
    const res = await page('/login?returnTo=%2Fusers%2Fme');
    expect(res.body).toContain('<div id="root" data-prerendered data-rendered-query><h1 class="title">로그인</h1>');
    expect(res.body).not.toContain('guard-checking');
  });

  it('an address is written into the page escaped: its characters cannot leave the attribute', async () => {
    const res = await page('/payment/success?a=%22%3E%3Cimg%20src=x%3E&b="><b>');
    expect(res.statusCode).toBe(200);
    const attr = /data-guard-login="([^"]*)"/.exec(res.body)?.[1];
    // (the request's own encoding of the quotes kept: the address the browser shows)
    expect(attr).toMatch(/^\/login\?returnTo=[\w%.!~*'()-]+$/);
    expect(decodeURIComponent(attr!.slice('/login?returnTo='.length))).toMatch(/^\/payment\/success\?a=%22%3E%3Cimg%20src=x%3E&b=/);
    expect(res.body).not.toContain('<img');
    expect(res.body).not.toContain('"><b>');
  });

  it('a guarded address without a query is kept; one with a query (a payment’s return) is drawn each time', async () => {
    const before = guardRenders();
    const first = await page('/payment/account-info');
    expect((await page('/payment/account-info')).body).toBe(first.body);
    expect(guardRenders()).toBe(before + 1);
    await page('/payment/success?paymentKey=pk-9');
    await page('/payment/success?paymentKey=pk-9');
    expect(guardRenders()).toBe(before + 3);
  });
});
