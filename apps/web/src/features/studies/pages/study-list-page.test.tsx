import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeStudy } from '../test-fixtures';
import { renderPage, stubFetch } from '../../../shared/test/render';
import StudyListPage from './study-list-page';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const page = (content: unknown[], total = content.length) => ({
  data: { content, number: 0, size: 10, totalElements: total, totalPages: Math.ceil(total / 10), first: true, last: total <= 10 },
});

describe('study list', () => {
  it('reads the filters from the URL and sends them with repeated array parameters', async () => {
    const { calls } = stubFetch((url) => (url.pathname === '/api/studies/paged' ? page([makeStudy({ title: '테코테코' })]) : undefined));
    const { router } = await renderPage(<StudyListPage />, {
      path: '/study?type=PARTICIPATORY&type=ONE_TIME&recruiting=true&q=알고리즘',
      route: '/study',
    });
    expect(await screen.findByRole('link', { name: '테코테코' })).toBeTruthy();
    const q = calls[0]!.url.searchParams;
    expect(q.getAll('type')).toEqual(['PARTICIPATORY', 'ONE_TIME']);
    expect(q.get('recruiting')).toBe('true');
    expect(q.get('q')).toBe('알고리즘');
    // a search lists the best matches first; the plain list, newest first
    expect(q.get('sort')).toBe('relevance,desc');
    expect(q.get('page')).toBe('0');
    expect(q.get('size')).toBe('10');
    expect((screen.getByLabelText('원데이') as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByLabelText('유료'));
    await waitFor(() => expect(router.state.location.search).toContain('costType=PAID'));
    expect(new URLSearchParams(router.state.location.search).getAll('type')).toEqual(['PARTICIPATORY', 'ONE_TIME']);
  });

  it('shows the status label from studyApplicability and an empty state for no results', async () => {
    const { calls } = stubFetch((url) =>
      url.pathname === '/api/studies/paged'
        ? page([
            makeStudy({ title: '마감된 스터디', recruitDeadline: '2000-01-01T00:00:00Z' }),
            makeStudy({ title: '꽉 찬 스터디', capacity: 3, enrolled: 3, seatsTaken: 3 }),
          ])
        : undefined,
    );
    await renderPage(<StudyListPage />, { path: '/study', route: '/study' });
    expect(await screen.findByText('모집 마감')).toBeTruthy();
    expect(screen.getByText('정원 마감')).toBeTruthy();
    expect(calls[0]!.url.searchParams.get('sort')).toBe('createdAt,desc');
  });

  it('has loading, empty and error states', async () => {
    stubFetch((url) => (url.pathname === '/api/studies/paged' ? page([]) : undefined));
    await renderPage(<StudyListPage />, { path: '/study?q=zzz', route: '/study' });
    expect(await screen.findByText('조건에 맞는 스터디가 없습니다.')).toBeTruthy();
  });
});
