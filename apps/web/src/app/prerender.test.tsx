/**
 * The server rendering of a study's page (app/prerender.tsx, used by the server's
 * http/web-render.ts) and the app's takeover of it (app/query-data.ts, main.tsx): the page is
 * rendered from its public data with the real components, and the app's first render — seeded
 * with the same data — is the same markup, so nothing flashes.
 */
import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seoulDate, STORAGE_KEYS, STUDY_DROPDOWN_COUNT, type StudyPageContent } from '@moim/contract';
import { authKeys } from '../features/auth/api';
import { calendarKeys } from '../features/calendar/api/calendar-api';
import { monthRange } from '../features/calendar/lib/month';
import { makeStudy } from '../features/studies/test-fixtures';
import { homeKeys } from '../features/home/api';
import {
  guardedLogin,
  loadPageData,
  PRERENDERED_PATHS,
  queryDataScript,
  renderAuthChecking,
  renderPage,
  sampleData,
  SERVER_RENDERED,
  type GetJson,
} from './prerender';
import { Providers } from './providers';
import { seedEntries, seedQueryData } from './query-data';
import { AppRoutes } from './router';

const study = makeStudy({ slug: '7-render', title: '서버 렌더 스터디 </script><b>', tagline: '먼저 그려지는 스터디' });

function api(pages: Record<string, Awaited<ReturnType<GetJson>>>): { get: GetJson; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    get: async (url) => {
      calls.push(url);
      return pages[url] ?? { status: 404 };
    },
  };
}

describe('server-rendered study page', () => {
  it('loads the study and its page through the API, by slug or id', async () => {
    const bySlug = api({
      '/api/studies/slug/7-render': { status: 200, data: study },
      [`/api/studies/${study.id}/page`]: { status: 404 },
    });
    const data = await loadPageData('/study/7-render', bySlug.get);
    expect(data?.pattern).toBe('/study/:studyIdentifier');
    expect(data?.entries).toEqual([
      [['studies', 'detail', '7-render'], study],
      [['studies', 'of', study.id, 'page', 'published'], null],
    ]);
    const byId = api({ [`/api/studies/${study.id}`]: { status: 200, data: study }, [`/api/studies/${study.id}/page`]: { status: 404 } });
    expect((await loadPageData(`/study/${study.id}`, byId.get))?.entries[0]).toEqual([['studies', 'detail', study.id], study]);
  });

  it('renders nothing for other pages, redirects and unknown studies (the app handles those)', async () => {
    const none = api({});
    for (const path of ['/study', '/study/propose', '/study/calendar', '/study/1', '/study/x/manage', '/lab/tetris']) {
      expect(await loadPageData(path, none.get), path).toBeNull();
    }
    expect(none.calls).toEqual([]);
    expect(await loadPageData('/study/unknown', none.get)).toBeNull();
    expect(none.calls).toEqual(['/api/studies/slug/unknown']);
  });

  it('renders the study with its data, and the app seeded from the page renders the same markup', async () => {
    const composed = {
      sections: [{ id: 'intro', type: 'richText', title: '이렇게 진행해요', html: '<p>매주 한 편씩 씁니다.</p>' }],
    } as Partial<StudyPageContent>;
    const { get } = api({
      '/api/studies/slug/7-render': { status: 200, data: study },
      [`/api/studies/${study.id}/page`]: { status: 200, data: composed },
    });
    const data = (await loadPageData('/study/7-render', get))!;
    const page = await renderPage('/study/7-render', data.entries);
    expect(page.html).toContain('서버 렌더 스터디 &lt;/script&gt;&lt;b&gt;');
    expect(page.html).toContain('먼저 그려지는 스터디');
    expect(page.html).not.toContain('page-loading');
    expect(page.html).toContain('이렇게 진행해요');

    // the data element: '<' escaped, so the title cannot end the <script> early
    const script = queryDataScript(data.entries);
    expect(script).not.toContain('</script><b>');
    document.body.innerHTML = script;
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    expect(seedQueryData(client)).toBe(2);
    expect(document.getElementById('moim-query-data')).toBeNull();
    expect(client.getQueryData(['studies', 'detail', '7-render'])).toEqual(study);
    // stale at once: a signed-in visitor's own view is fetched after the first render
    expect(client.getQueryState(['studies', 'detail', '7-render'])?.dataUpdatedAt).toBe(0);

    const view = render(
      <Providers client={client}>
        <MemoryRouter initialEntries={['/study/7-render']}>
          <AppRoutes />
        </MemoryRouter>
      </Providers>,
    );
    await act(async () => undefined);
    expect(view.container.querySelector('h1')?.textContent).toBe(study.title);
    expect(view.container.querySelector('.page-loading')).toBeNull();
    expect(view.container.innerHTML).toContain('이렇게 진행해요');
    view.unmount();
  });
});

describe('the other server-rendered pages: projects and the jobs navigator', () => {
  const project = { id: 'p-1', slug: '모임-캘린더', name: '모임 캘린더' };
  const postingId = '6f1c2a4e-0b7d-4c1e-9a55-2d3e4f5a6b7c';

  it('reads each page’s data as the page’s own queries do, keyed as they read it', async () => {
    const projects = api({ [`/api/projects/slug/${encodeURIComponent('모임-캘린더')}`]: { status: 200, data: project } });
    expect(await loadPageData('/project/모임-캘린더', projects.get)).toEqual({
      pattern: '/project/:slug',
      url: '/project/모임-캘린더',
      entries: [[['projects', 'detail', '모임-캘린더'], project]],
      status: 200,
    });

    const list = { content: [], totalElements: 0 };
    const listPath = '/api/projects?page=0&size=10&sort=createdAt%2Cdesc';
    const lists = api({ [listPath]: { status: 200, data: list } });
    const listData = await loadPageData('/project', lists.get);
    expect(lists.calls).toEqual([listPath]);
    expect(listData?.entries[0]?.[0]).toEqual(['projects', 'list', expect.objectContaining({ q: '', page: 0 }), 10]);

    const posting = { id: postingId, title: '백엔드' };
    const one = api({ [`/api/job-postings/${postingId}`]: { status: 200, data: posting } });
    expect(await loadPageData(`/ignition/navigator/${postingId}`, one.get)).toEqual({
      pattern: '/ignition/navigator/:jobId',
      url: `/ignition/navigator/${postingId}`,
      entries: [[['job-postings', 'detail', postingId, false], posting]],
      status: 200,
    });

    const search = { content: [], totalElements: 0, totalExact: true };
    const facets = { total: 0, companies: [], skills: [], experience: [], employmentType: [], workMode: [], region: [] };
    const searchPath = '/api/job-postings?page=0&size=20';
    const nav = api({ [searchPath]: { status: 200, data: search }, '/api/job-postings/facets': { status: 200, data: facets } });
    const navData = await loadPageData('/ignition/navigator', nav.get);
    expect(nav.calls.sort()).toEqual(['/api/job-postings/facets', searchPath]);
    expect(navData?.entries.map(([key]) => key.slice(0, 2))).toEqual([
      ['job-postings', 'list'],
      ['job-postings', 'facets'],
    ]);
  });

  it('renders a list with the filters of its address (a shared search shows its results first)', async () => {
    const list = { content: [], number: 0, size: 10, totalElements: 0, totalPages: 0, first: true, last: true };
    const listPath = '/api/projects?page=0&size=10&sort=createdAt%2Cdesc&type=STARTUP&q=%EC%BA%98%EB%A6%B0%EB%8D%94';
    const lists = api({ [listPath]: { status: 200, data: list } });
    const data = await loadPageData('/project?type=STARTUP&q=캘린더&type=NOPE', lists.get);
    expect(lists.calls).toEqual([listPath]);
    expect(data?.entries[0]?.[0]).toEqual(['projects', 'list', expect.objectContaining({ type: ['STARTUP'], q: '캘린더' }), 10]);
    // rendered at that address: the search box holds the words
    const page = await renderPage('/project?type=STARTUP&q=캘린더', data!.entries);
    expect(page.html).toMatch(/<input[^>]*value="캘린더"/);

    // the navigator's member tabs are the member's own: not rendered
    const none = api({});
    expect(await loadPageData('/ignition/navigator?view=bookmarks', none.get)).toBeNull();
    expect(await loadPageData('/ignition/navigator?jobId=6f1c2a4e-0b7d-4c1e-9a55-2d3e4f5a6b7c', none.get)).toBeNull();
    expect(none.calls).toEqual([]);
  });

  it('a project or posting the API does not know: its not-found state, sent as a 404', async () => {
    const missing = { status: 404, error: { code: 'PROJECT_NOT_FOUND', message: '프로젝트를 찾을 수 없습니다.' } };
    const slug = '없는-프로젝트';
    const projects = api({ [`/api/projects/slug/${encodeURIComponent(slug)}`]: missing });
    const data = await loadPageData(`/project/${slug}`, projects.get);
    expect(data).toEqual({
      pattern: '/project/:slug',
      url: `/project/${slug}`,
      entries: [[['projects', 'detail', slug], null, { status: 404, ...missing.error }]],
      status: 404,
    });
    const page = await renderPage(`/project/${slug}`, data!.entries);
    expect(page.html).toContain('프로젝트를 찾을 수 없어요');
    expect(page.html).not.toMatch(/page-loading|loading-state/);
    // hidden from a visitor with a stored session until the app has asked as them (a draft is its owner's)
    expect(page.html).toMatch(/<div class="page pj-page guest-only">/);

    const posting = { status: 404, error: { code: 'JOB_POSTING_NOT_FOUND', message: '채용 공고를 찾을 수 없습니다.' } };
    const postings = api({ [`/api/job-postings/${postingId}`]: posting });
    const postingData = await loadPageData(`/ignition/navigator/${postingId}`, postings.get);
    expect(postingData?.status).toBe(404);
    expect((await renderPage(`/ignition/navigator/${postingId}`, postingData!.entries)).html).toContain('채용 공고를 찾을 수 없습니다.');
  });

  it('sends the shell when the subject is missing or the address cannot name one (no read for a malformed id)', async () => {
    const none = api({});
    // a 404 without the API's error envelope (not the API answering): nothing to draw
    expect(await loadPageData('/project/없는-프로젝트', none.get)).toBeNull();
    expect(await loadPageData('/ignition/navigator/not-a-uuid', none.get)).toBeNull();
    expect(await loadPageData('/project/new', none.get)).toBeNull();
    expect(await loadPageData('/project/x/edit', none.get)).toBeNull();
    expect(none.calls).toEqual([`/api/projects/slug/${encodeURIComponent('없는-프로젝트')}`]);
    // a list the API could not answer: the shell, never a page without its data
    expect(await loadPageData('/project', api({}).get)).toBeNull();
  });

  it('the calendar: the events of the address’s month and types (this Seoul month by default)', async () => {
    const thisMonth = seoulDate(new Date()).slice(0, 7);
    const events = [
      {
        id: 'e1',
        studyId: 's-1',
        studyTitle: '캘린더 스터디',
        studySlug: '1-calendar',
        title: '특강: 서버 렌더링',
        description: null,
        date: '2027-02-03',
        startTime: '20:00',
        endTime: '21:30',
        eventType: 'special',
        location: 'online',
        address: null,
        link: null,
        participantLimit: null,
        currentParticipants: 0,
        rsvped: null,
      },
    ];
    const any =
      (calls: string[]): GetJson =>
      async (url) => (calls.push(url), { status: 200, data: events });
    const calls: string[] = [];
    const plain = await loadPageData('/calendar', any(calls));
    expect(plain?.pattern).toBe('/calendar');
    expect(plain?.entries).toEqual([[calendarKeys.range({ ...monthRange(thisMonth), type: [] }), events]]);
    const chosen = await loadPageData('/calendar?month=2027-02&type=special&type=nope&view=list', any(calls));
    expect(chosen?.entries[0]?.[0]).toEqual(calendarKeys.range({ ...monthRange('2027-02'), type: ['special'] }));
    expect(chosen?.url).toBe('/calendar?month=2027-02&type=special&type=nope&view=list');
    const [first, second] = calls.map((c) => new URL(c, 'http://x'));
    expect([first!.pathname, first!.searchParams.get('from'), first!.searchParams.get('to')]).toEqual([
      '/api/calendar/events',
      monthRange(thisMonth).from,
      monthRange(thisMonth).to,
    ]);
    expect([second!.searchParams.get('from'), second!.searchParams.getAll('type')]).toEqual([monthRange('2027-02').from, ['special']]);
    // the list view is drawn from the address
    const page = await renderPage(chosen!.url, chosen!.entries);
    expect(page.html).toMatch(/aria-pressed="true"[^>]*>목록/);
    expect(page.html).toContain('특강: 서버 렌더링');
    // events the API could not answer: the shell
    expect(await loadPageData('/calendar', api({}).get)).toBeNull();
  });

  it('pages drawn from their address: a reset link’s token and a payment’s unrelated parameters are not part of the rendering', async () => {
    const none = api({});
    const reset = await loadPageData('/reset-password?token=secret-token-123&utm=mail', none.get);
    expect(reset).toEqual({ pattern: '/reset-password', entries: [], status: 200, url: '/reset-password?token=link' });
    expect((await loadPageData('/reset-password', none.get))?.url).toBe('/reset-password');
    const form = await renderPage(reset!.url, []);
    expect(form.html).toContain('type="password"');
    expect(form.html).not.toContain('secret-token-123');
    const noLink = await renderPage('/reset-password', []);
    expect(noLink.html).not.toContain('type="password"');

    const fail = await loadPageData(
      '/payment/fail?code=REJECT_CARD_COMPANY&message=%ED%95%9C%EB%8F%84%20%EC%B4%88%EA%B3%BC&orderId=o-1&paymentKey=pk',
      none.get,
    );
    expect(fail?.url).toBe('/payment/fail?code=REJECT_CARD_COMPANY&message=%ED%95%9C%EB%8F%84+%EC%B4%88%EA%B3%BC&orderId=o-1');
    const failPage = await renderPage(fail!.url, []);
    expect(failPage.html).toContain('한도 초과');
    expect(failPage.html).toContain('o-1');
    expect(none.calls).toEqual([]);

    const providers = api({ '/api/auth/oauth/providers': { status: 200, data: [{ id: 'kakao', displayName: '카카오' }] } });
    const bench = await loadPageData('/test/kakao-oauth?x=1', providers.get);
    expect(bench?.url).toBe('/test/kakao-oauth');
    expect(bench?.entries[0]?.[0]).toEqual(authKeys.oauthProviders());
  });

  it('a guarded page (SPEC §6): the log-in address the route guard sends a guest to; none for any other page', () => {
    expect(guardedLogin('/payment/success?paymentKey=pk&orderId=o-1')).toBe(
      '/login?returnTo=%2Fpayment%2Fsuccess%3FpaymentKey%3Dpk%26orderId%3Do-1',
    );
    expect(guardedLogin('/users/me')).toBe('/login?returnTo=%2Fusers%2Fme');
    expect(guardedLogin('/checkout/test?')).toBe('/login?returnTo=%2Fcheckout%2Ftest');
    expect(guardedLogin('/study/7-render/manage')).toBe('/login?returnTo=%2Fstudy%2F7-render%2Fmanage');
    expect(guardedLogin('/admin/studies')).toBe('/login?returnTo=%2Fadmin%2Fstudies');
    for (const open of [
      '/',
      '/login?returnTo=%2Fusers%2Fme',
      '/study/7-render',
      '/payment/fail?code=X',
      '/users/me/email/confirm',
      '/nowhere',
    ])
      expect(guardedLogin(open)).toBeNull();
  });

  it("the guard's checking state for the guarded pages' HTML is the app's, in Korean", async () => {
    const html = await renderAuthChecking();
    expect(html).toContain('인증 확인 중...');
    expect(html).toContain('role="status"');
  });

  it('no server-rendered path is also prerendered (the prerendered file would be sent instead)', () => {
    for (const { sample } of SERVER_RENDERED) expect(PRERENDERED_PATHS).not.toContain(sample.split('?')[0]);
  });
});

describe('hydrating a prerendered page (main.tsx, a Korean guest)', () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  // The same tree as main.tsx (StrictMode, one wrapper per level, the router), hydrated the same
  // way (in a transition: time-sliced): what React compares with the markup. A mismatch is a
  // recoverable error (and a page error in browsers).
  async function hydrate(
    path: string,
    entries: Parameters<typeof renderPage>[1] = [],
    storedTheme?: string,
    /** answers already in the browser's cache when hydration begins (not in the markup) */
    arrived: Parameters<typeof renderPage>[1] = [],
    /** this browser besides the theme: what it has stored, what it can do (after the render, before the adoption) */
    inBrowser: () => void = () => undefined,
  ) {
    const page = await renderPage(path, entries); // as the build does: no storage
    if (storedTheme) localStorage.setItem('theme', storedTheme); // this visitor's browser
    inBrowser();
    const container = document.createElement('div');
    container.innerHTML = page.html;
    document.body.replaceChildren(container);
    const heading = container.querySelector('h1');
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    seedEntries(client, entries, 0); // as seedQueryData does
    seedEntries(client, arrived);
    const errors: unknown[] = [];
    await act(async () => {
      startTransition(
        () =>
          void hydrateRoot(
            container,
            <StrictMode>
              <Providers client={client}>
                <MemoryRouter initialEntries={[path]}>
                  <AppRoutes />
                </MemoryRouter>
              </Providers>
            </StrictMode>,
            { onRecoverableError: (e) => errors.push(e), onUncaughtError: (e) => errors.push(e) },
          ),
      );
    });
    return { errors, heading, container };
  }

  it.each(PRERENDERED_PATHS)('%s: renders its page, not the route fallback the build refuses (scripts/prerender.mjs)', async (path) => {
    const page = await renderPage(path);
    expect(page.html).not.toContain('class="page-loading"');
  });

  it.each(PRERENDERED_PATHS)("%s: a header's log-in and sign-up links are hidden from a signed-in visitor (guest-only)", async (path) => {
    const page = await renderPage(path);
    const doc = new DOMParser().parseFromString(page.html, 'text/html');
    // (a closed menu's items are not on screen: it opens once the app is there)
    const links = [...doc.querySelectorAll('header a[href^="/login"], header a[href^="/signup"]')].filter((a) => !a.closest('[hidden]'));
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((a) => !a.closest('.guest-only')).map((a) => a.outerHTML)).toEqual([]);
  });

  it.each(PRERENDERED_PATHS)('%s: the markup is adopted as it is, even with a stored theme', async (path) => {
    vi.stubGlobal('fetch', () => new Promise(() => undefined)); // data stays loading, as in the markup
    // the social log-in's return, as a provider sends it (the log-in then waits on the API)
    if (path === '/auth/callback') window.history.replaceState(null, '', '/auth/callback#accessToken=a.b.c&refreshToken=r');
    const { errors, heading, container } = await hydrate(path, [], 'dark');
    expect(errors).toEqual([]);
    // the very nodes of the markup stay (no second paint of the page's text)
    expect(heading).not.toBeNull();
    expect(container.querySelector('h1')).toBe(heading);
    // the footer then shows the stored theme (the studio's own layout has no site footer)
    if (!path.startsWith('/studio'))
      expect(container.querySelector('.site-footer__settings .segmented:last-child button[aria-pressed="true"]')?.textContent).toBe('다크');
  });

  it.each(SERVER_RENDERED)('$pattern rendered with its data: the markup is adopted as it is', async ({ pattern, sample }) => {
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    const { errors, heading, container } = await hydrate(sample, sampleData(pattern));
    expect(errors).toEqual([]);
    expect(heading).not.toBeNull();
    expect(container.querySelector('h1')).toBe(heading);
    expect(container.querySelector('.page-loading, .loading-state')).toBeNull();
  });

  it('the log-in page a guarded page sends a guest to (the server draws it at the guarded address): adopted as it is, returnTo in its links', async () => {
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    const login = guardedLogin('/payment/success?paymentKey=pk&orderId=o-1')!;
    const data = await loadPageData(
      login,
      api({ '/api/auth/oauth/providers': { status: 200, data: [{ id: 'local', displayName: 'moim 테스트 로그인' }] } }).get,
    );
    expect(data?.url).toBe(login);
    window.history.replaceState(null, '', login);
    const { errors, heading, container } = await hydrate(login, data!.entries);
    expect(errors).toEqual([]);
    expect(container.querySelector('h1')).toBe(heading);
    expect(container.querySelector('main a[href^="/signup?"]')?.getAttribute('href')).toBe(
      `/signup?returnTo=${encodeURIComponent('/payment/success?paymentKey=pk&orderId=o-1')}`,
    );
  });

  it('/auth/callback without a result in its address: the markup is adopted, then the failure shows', async () => {
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    // the markup has both states; theme-init.js names the one the address shows before the first paint
    const markup = new DOMParser().parseFromString((await renderPage('/auth/callback')).html, 'text/html');
    const texts = (selector: string) => [...markup.querySelectorAll(selector)].map((e) => e.textContent);
    expect(texts('.auth-callback__when-result')).toEqual(['소셜 로그인 마무리', '로그인을 마무리하는 중...']);
    expect(texts('.auth-callback__when-none')).toEqual([
      '소셜 로그인에 실패했습니다',
      '로그인 정보를 받지 못했습니다. 다시 시도해 주세요.로그인으로 돌아가기홈으로',
    ]);
    window.history.replaceState(null, '', '/auth/callback');
    const { errors, heading, container } = await hydrate('/auth/callback');
    expect(errors).toEqual([]);
    // the same frame: the prerendered heading itself now names the failure
    expect(container.querySelector('h1')).toBe(heading);
    expect(container.querySelector('h1')?.textContent).toBe('소셜 로그인에 실패했습니다');
    expect(container.textContent).toContain('로그인 정보를 받지 못했습니다.');
  });

  it('a project that does not exist: its not-found markup is adopted as it is, and not fetched again on adoption', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      calls.push(String(url));
      return new Promise(() => undefined);
    });
    const key = ['projects', 'detail', '없는-프로젝트'];
    const error = { status: 404, code: 'PROJECT_NOT_FOUND', message: '프로젝트를 찾을 수 없습니다.' };
    const { errors, container } = await hydrate('/project/없는-프로젝트', [[key, null, error]]);
    expect(errors).toEqual([]);
    expect(container.textContent).toContain('프로젝트를 찾을 수 없어요.');
    expect(container.querySelector('.page-loading, .loading-state')).toBeNull();
    expect(calls.filter((u) => u.includes('/api/projects/'))).toEqual([]);
  });

  it('a posting that does not exist: its not-found markup is adopted as it is, with the way back to the list (asking again would not help)', async () => {
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    const id = '6f1c2a4e-0b7d-4c1e-9a55-2d3e4f5a6b7c';
    const error = { status: 404, code: 'BIZ-5001', message: '채용 공고를 찾을 수 없습니다.' };
    const { errors, container } = await hydrate(`/ignition/navigator/${id}`, [[['job-postings', 'detail', id, false], null, error]]);
    expect(errors).toEqual([]);
    expect(container.textContent).toContain('채용 공고를 찾을 수 없습니다.');
    expect(container.querySelector('.state a.btn[href="/ignition/navigator"]')?.textContent).toBe('채용 공고 목록');
    expect([...container.querySelectorAll('button')].some((b) => b.textContent === '다시 시도')).toBe(false);
  });

  it('/lab/spotlight-arena: the lobby and history this browser stored are drawn right after the adoption, and kept', async () => {
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    const setup = JSON.stringify({
      people: [
        { name: '김모임', weight: 1 },
        { name: '이모임', weight: 1 },
      ],
      count: 1,
    });
    const { errors, heading, container } = await hydrate('/lab/spotlight-arena', [], undefined, [], () => {
      localStorage.setItem('lab-arena-setup', setup);
      // a browser that can record a canvas (jsdom cannot): the record option is the browser's
      vi.stubGlobal('MediaRecorder', class {});
      vi.stubGlobal(
        'HTMLCanvasElement',
        class {
          captureStream() {}
        },
      );
    });
    expect(errors).toEqual([]);
    expect(container.querySelector('h1')).toBe(heading);
    await act(async () => undefined);
    expect(container.querySelector('[data-testid="people-count"]')?.textContent).toContain('2');
    // the adoption (drawn with an empty lobby) did not overwrite what was stored
    expect(JSON.parse(localStorage.getItem('lab-arena-setup')!).people).toHaveLength(2);
  });

  it('/lab: the category chosen in this tab and a guest’s Tetris best are drawn right after the adoption', async () => {
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    const { errors, heading, container } = await hydrate('/lab', [], undefined, [], () => {
      sessionStorage.setItem('lab-category', 'playground');
      localStorage.setItem(STORAGE_KEYS.tetrisHighScore, '4321');
    });
    sessionStorage.clear();
    expect(errors).toEqual([]);
    expect(container.querySelector('h1')).toBe(heading);
    await act(async () => undefined);
    expect(container.querySelector('[data-testid="lab-category-playground"]')?.getAttribute('aria-pressed')).toBe('true');
    expect(container.querySelector('[data-testid="lab-tetris-best"]')?.textContent).toBe('4,321');
  });

  it('/lab/deduction-game: the intro paints from the markup while the page looks for a game to resume; a guest’s best after the adoption', async () => {
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    const page = await renderPage('/lab/deduction-game');
    expect(page.html).toContain('data-testid="ded-rules"');
    expect(page.html).toMatch(/data-testid="ded-new-game"[^>]*disabled|disabled[^>]*data-testid="ded-new-game"/);
    const { errors, heading, container } = await hydrate('/lab/deduction-game', [], undefined, [], () => {
      localStorage.setItem(
        STORAGE_KEYS.gameHistory,
        JSON.stringify([{ id: 'g1', gameType: 'DEDUCTION', score: 870, playedAt: '2026-11-29T10:00:00.000Z' }]),
      );
    });
    expect(errors).toEqual([]);
    expect(container.querySelector('h1')).toBe(heading);
    const rules = container.querySelector('[data-testid="ded-rules"]');
    await act(async () => undefined);
    expect(container.querySelector('[data-testid="ded-best"] strong')?.textContent).toBe('870');
    expect(container.querySelector<HTMLButtonElement>('[data-testid="ded-new-game"]')?.disabled).toBe(false);
    // the rules painted from the markup are the ones the player reads (not drawn again)
    expect(container.querySelector('[data-testid="ded-rules"]')).toBe(rules);
  });

  it('/: data that arrives before a part of the page is adopted waits for the adoption, then shows (no mismatch)', async () => {
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    const top = { entries: [{ userId: 'u-1', rank: 1, name: '테트리스왕', score: 98_765 }] };
    const { errors, heading, container } = await hydrate('/', [], undefined, [
      [homeKeys.weeklyTop('TETRIS'), top],
      [homeKeys.recruitingCount(), 7],
    ]);
    expect(errors).toEqual([]);
    expect(container.querySelector('h1')).toBe(heading);
    // right after the adoption the answers are drawn
    await act(async () => undefined);
    expect(container.querySelector('[data-testid="hero-weekly-top"]')?.textContent).toContain('테트리스왕');
  });

  it.each(['/terms', '/lab'])(
    '%s: the current studies arriving before the header is adopted wait for the adoption (no mismatch), then fill the STUDY menu',
    async (path) => {
      vi.stubGlobal('fetch', () => new Promise(() => undefined));
      const study = { id: 's-1', slug: '1-tecoteco', title: '테코테코 알고리즘', generation: 1, isRecruiting: true };
      const { errors, heading, container } = await hydrate(path, [], undefined, [
        [['shell', 'current-studies', STUDY_DROPDOWN_COUNT], [study]],
      ]);
      expect(errors).toEqual([]);
      expect(container.querySelector('h1')).toBe(heading);
      await act(async () => undefined);
      expect(container.querySelector('[data-testid="study-dropdown-item"]')?.textContent).toContain('테코테코 알고리즘');
    },
  );

  it('a page built last year is adopted without a mismatch, then its footer shows this year', async () => {
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-31T14:00:00Z') }); // the build, 23:00 in Seoul
    try {
      const { errors, heading, container } = await hydrate('/terms', [], undefined, [], () =>
        vi.setSystemTime(new Date('2027-01-01T01:00:00Z')),
      );
      expect(errors).toEqual([]);
      expect(container.querySelector('h1')).toBe(heading);
      await act(async () => undefined);
      expect(container.querySelector('.site-footer__copy')?.textContent).toContain('2027');
    } finally {
      vi.useRealTimers();
    }
  });

  it('/login in a browser that speaks WebAuthn: the markup is adopted (what was typed stays), then the passkey button joins it', async () => {
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    const page = await renderPage('/login', []);
    expect(page.html).not.toContain('passkey-sign-in');
    const { errors, heading, container } = await hydrate('/login');
    expect(errors).toEqual([]);
    expect(container.querySelector('h1')).toBe(heading);
    expect(container.querySelector('.passkey-sign-in button')).not.toBeNull();
  });

  it("a server-rendered study page, with the study's deadline in 24 h", async () => {
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    const s = makeStudy({ slug: '8-hydrate', recruitDeadline: '2026-11-02T14:59:00Z' });
    const { errors, heading, container } = await hydrate('/study/8-hydrate', [
      [['studies', 'detail', '8-hydrate'], s],
      [['studies', 'of', s.id, 'page', 'published'], null],
    ]);
    expect(errors).toEqual([]);
    expect(container.querySelector('h1')).toBe(heading);
    expect(container.textContent).toContain('2026년 11월 2일 23:59');
  });
});
