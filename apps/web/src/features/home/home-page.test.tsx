/**
 * The home page's live parts in ko and en: the current studies while they load, when none, when
 * the list fails (retry loads them) and with studies (cards, the featured one is the first taking
 * applications); this week's Tetris top three or its empty line; the recruiting count only when
 * there is one; guests are invited to sign up, members get their profile and no sign-up button.
 */
import { studyApplicability, type Leaderboard, type Study } from '@moim/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AuthStateProvider } from '../../shared/auth/auth-provider';
import type { SessionUser } from '../../shared/auth/types';
import { fakeAuth, initTestI18n, newTestQueryClient, stubFetch, TEST_USER, type FetchHandler } from '../../shared/test/render';
import HomePage from './home-page';

async function showHome(lang: 'ko' | 'en', user: SessionUser | null = null) {
  await initTestI18n(lang);
  const router = createMemoryRouter([{ path: '*', element: <HomePage /> }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={newTestQueryClient()}>
      <AuthStateProvider value={fakeAuth(user)}>
        <RouterProvider router={router} />
      </AuthStateProvider>
    </QueryClientProvider>,
  );
}

const page = (content: Study[], totalElements = content.length) => ({
  content,
  number: 0,
  size: content.length || 1,
  totalElements,
  totalPages: 1,
  first: true,
  last: true,
});

const board = (entries: Leaderboard['entries']): Leaderboard => ({
  gameType: 'TETRIS',
  difficulty: null,
  period: 'WEEKLY',
  periodStart: '2026-11-29T15:00:00.000Z',
  entries,
  userRank: null,
});

let n = 0;
/** A whole contract study (the list is parsed against `studyListPage` in tests). */
function makeStudy(over: Partial<Study> = {}): Study {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    slug: `${n}-study`,
    title: '테코테코 알고리즘 스터디',
    coverImage: null,
    coverImageThumb: null,
    coverImageStatus: 'NONE',
    generation: 1,
    tagline: '매주 수요일, 코딩 테스트 문제를 함께 풀어요',
    proposerId: 'p-1',
    type: 'PARTICIPATORY',
    leader: { id: 'l-1', name: '이리더', profileImage: null, welcomeMessage: '꾸준함이 실력이 되는 곳' },
    schedule: '매주 수 20:00–22:00',
    duration: '8주',
    scheduleDetails: { weekdays: ['WED'], startTime: '20:00', endTime: '22:00', timezone: 'Asia/Seoul' },
    location: { type: 'ONLINE', address: null },
    capacity: 8,
    enrolled: 3,
    seatsTaken: 3,
    recruitDeadline: '2099-12-01T14:59:59.999Z',
    isRecruiting: null,
    status: 'APPROVED',
    recurrenceType: 'WEEKLY',
    startDate: '2099-12-02',
    endDate: '2100-01-27',
    costType: 'FREE',
    costDescription: '',
    cost: 0,
    paymentDeadlineHours: 72,
    questions: [],
    deleted: false,
    rejectReason: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    applicability: { canApply: true, label: 'RECRUITING', showReviewButton: false },
    viewer: null,
    ...over,
  };
}

const withApplicability = (s: Study): Study => ({ ...s, applicability: studyApplicability(s) });
const past = '2020-01-01T00:00:00.000Z';

/** The studies list (newest), the recruiting count (?recruiting=true) and the weekly board. */
function api(opts: { studies?: Study[] | 'fail'; recruiting?: number; top?: Leaderboard['entries'] }): FetchHandler {
  return (url) => {
    if (url.pathname === '/api/studies/paged' && url.searchParams.get('recruiting') === 'true')
      return { data: page([], opts.recruiting ?? 0) };
    if (url.pathname === '/api/studies/paged') {
      if (opts.studies === 'fail') return { status: 500, error: { code: 'SYS-5001', message: 'boom' } };
      return { data: page(opts.studies ?? []) };
    }
    if (url.pathname === '/api/games/leaderboards/global') return { data: board(opts.top ?? []) };
    return undefined;
  };
}

function hangStudies(handler: FetchHandler) {
  stubFetch(handler);
  const stubbed = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/studies/paged' && !url.searchParams.get('recruiting')) return new Promise<Response>(() => undefined);
    return stubbed(input, init);
  }) as typeof fetch;
}

describe('home page: current studies', () => {
  it('shows a loading placeholder while the studies load, labelled in the reader’s language', async () => {
    hangStudies(api({}));
    await showHome('ko');
    expect(await screen.findByRole('status', { name: '스터디를 불러오는 중' })).toBeTruthy();
    expect(screen.queryByText('아직 모집 중인 스터디가 없어요')).toBeNull();
  });

  it('when no study runs, says so and offers to propose one', async () => {
    stubFetch(api({ studies: [] }));
    await showHome('ko');
    expect(await screen.findByText('아직 모집 중인 스터디가 없어요')).toBeTruthy();
    const propose = screen.getAllByRole('link', { name: '스터디 제안하기' });
    expect(propose.some((a) => a.getAttribute('href') === '/study/propose')).toBe(true);
    expect(screen.queryByRole('status', { name: '스터디를 불러오는 중' })).toBeNull();
  });

  it('says in English when no study runs', async () => {
    stubFetch(api({ studies: [] }));
    await showHome('en');
    expect(await screen.findByText('No study is recruiting yet')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Studies running now' })).toBeTruthy();
  });

  it('says the list could not be loaded rather than "none", and "load again" fetches it again', async () => {
    const studies: { value: Study[] | 'fail' } = { value: 'fail' };
    const handler = api({});
    const { calls } = stubFetch((url, init) =>
      url.pathname === '/api/studies/paged' && !url.searchParams.get('recruiting')
        ? studies.value === 'fail'
          ? { status: 500, error: { code: 'SYS-5001', message: 'boom' } }
          : { data: page(studies.value) }
        : handler(url, init),
    );
    await showHome('en');
    const alert = await screen.findByText('The studies could not be loaded.');
    expect(screen.queryByText('No study is recruiting yet')).toBeNull();
    studies.value = [withApplicability(makeStudy({ title: 'Kotlin in depth' }))];
    fireEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Load again' }));
    expect(await screen.findByRole('heading', { name: 'Kotlin in depth' })).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname === '/api/studies/paged' && !c.url.searchParams.get('recruiting'))).toHaveLength(2);
  });

  it('lists the studies with their generation, seats and leader, and features the first one taking applications', async () => {
    const closed = withApplicability(makeStudy({ slug: '2-closed', title: '마감된 스터디', recruitDeadline: past, status: 'IN_PROGRESS' }));
    const open = withApplicability(makeStudy({ slug: '3-open', title: '모집하는 스터디', generation: 3, capacity: 10, seatsTaken: 4 }));
    stubFetch(api({ studies: [closed, open] }));
    await showHome('ko');
    expect(await screen.findByRole('heading', { name: '모집하는 스터디' })).toBeTruthy();
    const card = screen.getByRole('heading', { name: '모집하는 스터디' }).closest('a') as HTMLElement;
    expect(card.getAttribute('href')).toBe('/study/3-open');
    expect(within(card).getByText('3기')).toBeTruthy();
    expect(within(card).getByText('모집 중')).toBeTruthy();
    expect(within(card).getByText('4 / 10명')).toBeTruthy();
    expect(within(card).getByText('이리더')).toBeTruthy();
    const closedCard = screen.getByRole('heading', { name: '마감된 스터디' }).closest('a') as HTMLElement;
    expect(within(closedCard).getByText('진행 중')).toBeTruthy();
    expect(within(closedCard).queryByText('모집 중')).toBeNull();
    // the hero features the open one, though it is second in the list
    const featured = await screen.findByTestId('hero-featured-study');
    expect(featured.getAttribute('href')).toBe('/study/3-open');
    expect(within(featured).getByText('모집 중')).toBeTruthy();
  });
});

describe('home page: hero cards', () => {
  it('shows this week’s Tetris top three with names (or "anonymous") and the recruiting count', async () => {
    stubFetch(
      api({
        studies: [],
        recruiting: 3,
        top: [
          { rank: 1, userId: 'a', name: '테트리스왕', profileImage: null, score: 123456, playedAt: '2026-11-30T01:00:00.000Z' },
          { rank: 2, userId: 'b', name: null, profileImage: null, score: 99000, playedAt: '2026-11-30T01:00:00.000Z' },
        ],
      }),
    );
    await showHome('en');
    const top = await screen.findByTestId('hero-weekly-top');
    expect(await within(top).findByText('테트리스왕')).toBeTruthy();
    expect(within(top).getByText('123,456')).toBeTruthy();
    expect(within(top).getByText(/Anonymous/)).toBeTruthy();
    expect((await screen.findByTestId('hero-recruiting-count')).textContent).toBe('3 studies recruiting now');
  });

  it('with no score this week invites the first one, and shows no count when nothing recruits', async () => {
    stubFetch(api({ studies: [], recruiting: 0, top: [] }));
    await showHome('ko');
    const top = await screen.findByTestId('hero-weekly-top');
    expect(await within(top).findByText('이번 주 첫 기록의 주인공이 되어 보세요.')).toBeTruthy();
    expect(screen.queryByTestId('hero-recruiting-count')).toBeNull();
  });
});

describe('home page: guest or member', () => {
  it('invites a guest to sign up', async () => {
    stubFetch(api({ studies: [] }));
    await showHome('ko');
    expect((await screen.findByRole('link', { name: '지금 함께하기' })).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('link', { name: '무료로 가입하기' }).getAttribute('href')).toBe('/signup');
  });

  it('links a member to their profile and offers no sign-up', async () => {
    stubFetch(api({ studies: [] }));
    await showHome('en', TEST_USER);
    expect((await screen.findByRole('link', { name: `${TEST_USER.name}'s profile` })).getAttribute('href')).toBe('/users/me');
    expect(screen.queryByRole('link', { name: 'Join now' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign up for free' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Find studies' })).toBeTruthy();
  });
});
