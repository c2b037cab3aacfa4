import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import StudyDetailPage from '../pages/study-detail-page';
import { renderPage, stubFetch } from '../../../shared/test/render';
import { makeStudy } from '../test-fixtures';
import { fetchStudyByIdentifier, identifierKind, matchStudy } from './study-identifier';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('study identifier (SPEC §5)', () => {
  it('is an id when it matches the UUID pattern, otherwise a slug', () => {
    expect(identifierKind('3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e')).toBe('id');
    expect(identifierKind('3F2B8C1E-4D5A-4B6C-8D7E-9F0A1B2C3D4E')).toBe('id');
    expect(identifierKind('1-tecoteco')).toBe('slug');
    expect(identifierKind('3f2b8c1e-4d5a-4b6c-8d7e')).toBe('slug');
    expect(identifierKind('3기-데브로그')).toBe('slug');
  });

  it('loads an id through GET /api/studies/{id} and never tries the slug lookup', async () => {
    const s = makeStudy();
    const { calls } = stubFetch((url) => (url.pathname === `/api/studies/${s.id}` ? { data: s } : undefined));
    await expect(fetchStudyByIdentifier(s.id)).resolves.toMatchObject({ id: s.id });
    expect(calls.map((c) => c.url.pathname)).toEqual([`/api/studies/${s.id}`]);
  });

  it('loads a slug through GET /api/studies/slug/{slug}', async () => {
    const s = makeStudy({ slug: '2-11routine' });
    const { calls } = stubFetch((url) => (url.pathname === '/api/studies/slug/2-11routine' ? { data: s } : undefined));
    await expect(fetchStudyByIdentifier('2-11routine')).resolves.toMatchObject({ slug: '2-11routine' });
    expect(calls).toHaveLength(1);
  });

  it('falls back to searching the list when the slug lookup answers 404', async () => {
    const s = makeStudy({ slug: '3-devlog', title: '데브로그' });
    const { calls } = stubFetch((url) => {
      if (url.pathname.startsWith('/api/studies/slug/')) return undefined; // 404
      if (url.pathname === '/api/studies') return { data: [makeStudy({ slug: '9-other', title: '다른 스터디' }), s] };
      if (url.pathname === `/api/studies/${s.id}`) return { data: { ...s, viewer: null } };
      return undefined;
    });
    await expect(fetchStudyByIdentifier('devlog')).resolves.toMatchObject({ id: s.id });
    const paths = calls.map((c) => `${c.url.pathname}${c.url.search}`);
    expect(paths[0]).toBe('/api/studies/slug/devlog');
    expect(paths[1]).toBe('/api/studies?q=devlog&limit=100');
    expect(paths.at(-1)).toBe(`/api/studies/${s.id}`);
  });

  it('rejects with the original 404 when the list has no match either', async () => {
    stubFetch((url) => (url.pathname === '/api/studies' ? { data: [makeStudy({ slug: '9-other', title: '다른 스터디' })] } : undefined));
    await expect(fetchStudyByIdentifier('nothing-here')).rejects.toMatchObject({ status: 404 });
  });

  it('matches slugs, slugs without the generation and titles', () => {
    const a = makeStudy({ slug: '1-tecoteco', title: '테코테코' });
    const b = makeStudy({ slug: '3-devlog', title: '데브로그 14기' });
    expect(matchStudy('1-tecoteco', [a, b])).toBe(a);
    expect(matchStudy('7-tecoteco', [a, b])).toBe(a);
    expect(matchStudy(encodeURIComponent('데브로그 14기'), [a, b])).toBe(b);
    expect(matchStudy('unknown', [a, b])).toBeNull();
  });

  it('the detail page shows the study found by the fallback', async () => {
    const s = makeStudy({ slug: '3-devlog', title: '데브로그' });
    stubFetch((url) => {
      if (url.pathname === '/api/studies') return { data: [s] };
      if (url.pathname === `/api/studies/${s.id}`) return { data: s };
      if (url.pathname === `/api/studies/${s.id}/page`)
        return { data: { studyId: s.id, draft: false, sections: [], version: 0, publishedAt: null, updatedAt: null } };
      return undefined;
    });
    await renderPage(<StudyDetailPage />, { path: '/study/devlog', route: '/study/:studyIdentifier' });
    expect(await screen.findByRole('heading', { level: 1, name: '데브로그' })).toBeTruthy();
  });

  it('the detail page says "not found" when nothing matches', async () => {
    stubFetch((url) => (url.pathname === '/api/studies' ? { data: [] } : undefined));
    await renderPage(<StudyDetailPage />, { path: '/study/ghost', route: '/study/:studyIdentifier' });
    expect(await screen.findByText('스터디를 찾을 수 없습니다')).toBeTruthy();
  });
});
