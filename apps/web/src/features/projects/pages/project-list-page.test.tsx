import { addDays, seoulDate } from '@moim/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { page, renderAt, stubFetch, summary } from '../test/harness';
import ProjectListPage from './project-list-page';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('project list', () => {
  it('sends the filters from the URL (arrays repeated) and keeps changes in the URL', async () => {
    const calls = stubFetch((url) => (url.pathname === '/api/projects' ? { data: page([summary()]) } : undefined));
    const { router } = await renderAt(
      <ProjectListPage />,
      '/project?type=STARTUP&type=OPEN_SOURCE&stack=React&q=ㅅㅇㄷ&sort=deadline,asc&page=2',
      '/project',
    );
    // The first test of the file pays for the cold start (catalogues, the page's modules, the
    // contract schema's first parse): on a loaded machine that can pass the default 1 s, so the
    // waits here allow 5 s. What is asserted is unchanged.
    await screen.findByRole('link', { name: '모임 캘린더' }, { timeout: 5_000 });
    const q = calls[0]!.url.searchParams;
    expect(q.getAll('type')).toEqual(['STARTUP', 'OPEN_SOURCE']);
    expect(q.getAll('stack')).toEqual(['React']);
    expect(q.get('q')).toBe('ㅅㅇㄷ');
    expect(q.get('sort')).toBe('deadline,asc');
    expect(q.get('page')).toBe('2');
    expect((screen.getByLabelText('오픈소스') as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByLabelText('온라인'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).getAll('meetingType')).toEqual(['ONLINE']), {
      timeout: 5_000,
    });
    // a filter change goes back to the first page and keeps the others
    const after = new URLSearchParams(router.state.location.search);
    expect(after.get('page')).toBeNull();
    expect(after.getAll('type')).toEqual(['STARTUP', 'OPEN_SOURCE']);
  });

  it('shows a card with type, status, D-day, open positions and counts', async () => {
    const deadline = addDays(seoulDate(new Date()), 3);
    stubFetch((url) => (url.pathname === '/api/projects' ? { data: page([summary({ recruitmentDeadline: deadline })]) } : undefined));
    await renderAt(<ProjectListPage />, '/project', '/project');
    const card = (await screen.findByRole('link', { name: '모임 캘린더' })).closest('article')!;
    const c = within(card as HTMLElement);
    expect(c.getByText('사이드 프로젝트')).toBeTruthy();
    expect(c.getByText('모집 중')).toBeTruthy();
    expect(c.getByText('D-3')).toBeTruthy();
    expect(c.getByText('백엔드 개발자')).toBeTruthy();
    expect(c.getByText('1명 남음')).toBeTruthy();
    expect(c.queryByText('디자이너')).toBeNull(); // filled positions give way to open ones
    expect(c.getByText(/팀원 3명/)).toBeTruthy();
    expect(screen.getByText('프로젝트 1개')).toBeTruthy();
  });

  it('has an empty state that resets the filters, and an error state that retries', async () => {
    stubFetch((url) => (url.pathname === '/api/projects' ? { data: page([]) } : undefined));
    const { router } = await renderAt(<ProjectListPage />, '/project?q=없는말', '/project');
    await screen.findByText('조건에 맞는 프로젝트가 없어요.');
    fireEvent.click(screen.getAllByRole('button', { name: '필터 초기화' })[0]!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await screen.findByText('아직 공개된 프로젝트가 없어요.');

    let fail = true;
    stubFetch((url) =>
      url.pathname === '/api/projects'
        ? fail
          ? { status: 500, error: { code: 'SYS-5001', message: 'boom' } }
          : { data: page([summary()]) }
        : undefined,
    );
    await renderAt(<ProjectListPage />, '/project?type=STARTUP', '/project');
    const retry = await screen.findByRole('button', { name: '다시 시도' });
    fail = false;
    fireEvent.click(retry);
    await screen.findByRole('link', { name: '모임 캘린더' });
  });
});
