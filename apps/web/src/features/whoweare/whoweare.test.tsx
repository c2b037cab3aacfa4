/**
 * /whoweare and its two other views in ko and en: the team in the order the admins set (then by
 * name), the demo team's texts in the reader's language while a member's own text is shown as
 * written (and marked as user content), the archive grouped by year (newest first) with a count,
 * and the loading, empty and failed states (retry loads again).
 */
import type { WhoweareMember } from '@moim/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { initTestI18n, newTestQueryClient, stubFetch } from '../../shared/test/render';
import WhoWeAreArchivePage from './whoweare-archive-page';
import WhoWeAreOriginalPage from './whoweare-original-page';
import WhoWeArePage from './whoweare-page';

async function show(element: ReactElement, lang: 'ko' | 'en', at = '/whoweare') {
  await initTestI18n(lang);
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [at] });
  render(
    <QueryClientProvider client={newTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const member = (over: Partial<WhoweareMember> & Pick<WhoweareMember, 'id' | 'name'>): WhoweareMember => ({
  username: null,
  roleTitle: '멤버',
  quote: null,
  bio: null,
  profileImage: null,
  profileImageThumb: null,
  links: [],
  joinedYear: 2024,
  memberSince: '2024-03-01',
  sortOrder: 0,
  ...over,
});

// the demo's own member, with the demo's Korean texts (the catalogue has them in both languages)
const ADMIN = member({
  id: 'm-1',
  name: '모임 운영자',
  username: 'moim-admin',
  roleTitle: '운영 리드',
  quote: '꾸준함이 재능을 이깁니다.',
  bio: 'moim을 만들고 운영합니다. 함께 공부하는 개발자 모임이 오래 가도록 돕고 있어요.',
  joinedYear: 2023,
  sortOrder: 1,
  links: [{ label: 'GitHub', url: 'https://github.com/moim' }],
});
// a demo member whose role title an admin changed: theirs, shown as written
const JIHOON = member({ id: 'm-2', name: '박지훈', username: 'jihoon.park', roleTitle: '알고리즘 코치', sortOrder: 2, joinedYear: 2024 });
const GA = member({ id: 'm-3', name: '가나다', roleTitle: '디자이너', sortOrder: 2, joinedYear: 2024 });

const serve = (list: WhoweareMember[]) =>
  stubFetch((url) => (url.pathname === '/api/public/users/whoweare-members' ? { data: list } : undefined));

describe('/whoweare', () => {
  it('lists the team by the admins’ order, then by name, with their texts, links and year (ko)', async () => {
    serve([JIHOON, GA, ADMIN]);
    await show(<WhoWeArePage />, 'ko');
    const names = (await screen.findAllByRole('heading', { level: 3 })).map((h) => h.textContent);
    expect(names).toEqual(['모임 운영자', '가나다', '박지훈']);
    expect(screen.getByText('운영 리드')).toBeTruthy();
    expect(screen.getByText('“꾸준함이 재능을 이깁니다.”')).toBeTruthy();
    expect(screen.getByText('2023년부터 함께')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'GitHub' });
    expect(link.getAttribute('href')).toBe('https://github.com/moim');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('우리는 함께 성장하는 개발자들입니다');
  });

  it('shows the demo texts in English, and a text someone changed as they wrote it', async () => {
    serve([ADMIN, JIHOON]);
    await show(<WhoWeArePage />, 'en');
    expect(await screen.findByText('Operations lead')).toBeTruthy();
    expect(screen.getByText('“Consistency beats talent.”')).toBeTruthy();
    expect(screen.getByText(/^Builds and runs moim/)).toBeTruthy();
    expect(screen.queryByText('운영 리드')).toBeNull();
    // jihoon.park's catalogue title is "Study leader", but the stored one is not the demo's: it stays
    const own = screen.getByText('알고리즘 코치');
    expect(own.closest('[data-user-content]')).toBeTruthy();
    expect(screen.queryByText('Study leader')).toBeNull();
    expect(screen.getByText('With us since 2023')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('We are developers who grow together');
  });

  it('says so when no member is introduced yet', async () => {
    serve([]);
    await show(<WhoWeArePage />, 'ko');
    expect(await screen.findByText('아직 소개된 팀원이 없습니다.')).toBeTruthy();
  });

  it('says so in English when no member is introduced yet', async () => {
    serve([]);
    await show(<WhoWeArePage />, 'en');
    expect(await screen.findByText('No team member has been introduced yet.')).toBeTruthy();
  });

  it('shows a loading state while the team loads', async () => {
    globalThis.fetch = (() => new Promise<Response>(() => undefined)) as typeof fetch;
    await show(<WhoWeArePage />, 'en');
    expect(await screen.findByText('Loading the team...')).toBeTruthy();
  });

  it('when the team cannot be loaded says so with a retry that loads it again', async () => {
    let fail = true;
    const { calls } = stubFetch((url) =>
      url.pathname === '/api/public/users/whoweare-members'
        ? fail
          ? { status: 500, error: { code: 'SYS-5001', message: 'boom' } }
          : { data: [ADMIN] }
        : undefined,
    );
    await show(<WhoWeArePage />, 'ko');
    const alert = await screen.findByRole('alert');
    expect(screen.queryByText('아직 소개된 팀원이 없습니다.')).toBeNull();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('heading', { name: '모임 운영자' })).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname === '/api/public/users/whoweare-members')).toHaveLength(2);
  });
});

describe('the other views', () => {
  it('the archive groups members by the year they joined, newest year first, with a count', async () => {
    serve([ADMIN, JIHOON, GA]);
    await show(<WhoWeAreArchivePage />, 'ko', '/whoweare-hybrid-archive');
    const years = await screen.findAllByRole('heading', { level: 2 });
    expect(years.map((h) => h.textContent)).toEqual(['2024 2명', '2023 1명']);
    const y2024 = years[0]!.closest('section') as HTMLElement;
    expect(within(y2024).getByText('가나다')).toBeTruthy();
    expect(within(y2024).queryByText('모임 운영자')).toBeNull();
  });

  it('the archive counts in English with the plural', async () => {
    serve([ADMIN, JIHOON, GA]);
    await show(<WhoWeAreArchivePage />, 'en', '/whoweare-hybrid-archive');
    const years = await screen.findAllByRole('heading', { level: 2 });
    expect(years.map((h) => h.textContent)).toEqual(['2024 2 members', '2023 1 member']);
  });

  it('the card grid shows each member and the views’ navigation marks the open one', async () => {
    serve([ADMIN]);
    await show(<WhoWeAreOriginalPage />, 'en', '/whoweare-original');
    expect(await screen.findByRole('heading', { name: '모임 운영자' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Views' });
    expect(within(nav).getByRole('link', { name: 'Cards' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'About' }).getAttribute('aria-current')).toBeNull();
  });

  it('the card grid loads the first cards’ photos with the page and the others as they come into view', async () => {
    const team = Array.from({ length: 7 }, (_, i) =>
      member({ id: `p-${i}`, name: `멤버 ${i}`, sortOrder: i, profileImage: `/api/public/users/p-${i}/image?size=512&v=1` }),
    );
    serve(team);
    await show(<WhoWeAreOriginalPage />, 'ko', '/whoweare-original');
    await screen.findByRole('heading', { name: '멤버 6' });
    const photos = [...document.querySelectorAll('.member-card img.avatar')];
    expect(photos.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'eager', 'eager', 'eager', 'lazy', 'lazy', 'lazy']);
  });
});
