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
import type { StudyPageContent } from '@moim/contract';
import { makeStudy } from '../features/studies/test-fixtures';
import { homeKeys } from '../features/home/api';
import { loadPageData, PRERENDERED_PATHS, queryDataScript, renderPage, type GetJson } from './prerender';
import { Providers } from './providers';
import { seedQueryData } from './query-data';
import { AppRoutes } from './router';

const study = makeStudy({ slug: '7-render', title: '서버 렌더 스터디 </script><b>', tagline: '먼저 그려지는 스터디' });

function api(pages: Record<string, { status: number; data?: unknown }>): { get: GetJson; calls: string[] } {
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

describe('hydrating a prerendered page (main.tsx, a Korean guest)', () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
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
  ) {
    const page = await renderPage(path, entries); // as the build does: no storage
    if (storedTheme) localStorage.setItem('theme', storedTheme); // this visitor's browser
    const container = document.createElement('div');
    container.innerHTML = page.html;
    document.body.replaceChildren(container);
    const heading = container.querySelector('h1');
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    for (const [key, value] of entries) client.setQueryData(key, value, { updatedAt: 0 });
    for (const [key, value] of arrived) client.setQueryData(key, value);
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

  it.each(PRERENDERED_PATHS)('%s: the markup is adopted as it is, even with a stored theme', async (path) => {
    vi.stubGlobal('fetch', () => new Promise(() => undefined)); // data stays loading, as in the markup
    const { errors, heading, container } = await hydrate(path, [], 'dark');
    expect(errors).toEqual([]);
    // the very nodes of the markup stay (no second paint of the page's text)
    expect(heading).not.toBeNull();
    expect(container.querySelector('h1')).toBe(heading);
    // the footer then shows the stored theme (the studio's own layout has no site footer)
    if (!path.startsWith('/studio'))
      expect(container.querySelector('.site-footer__settings .segmented:last-child button[aria-pressed="true"]')?.textContent).toBe('다크');
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
