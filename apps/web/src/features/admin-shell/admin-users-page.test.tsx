/**
 * The back office's users list: the search is sent trimmed and only on submit, a filter change
 * goes back to the first page, the status filter narrows the list; each row shows its roles once
 * and its status in the reader's language; a deleted account offers no second-factor action; an
 * empty result says so.
 */
import type { AdminUser } from '@moim/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, stubFetch } from '../../shared/test/render';
import AdminUsersPage from './admin-users-page';

const row = (over: Partial<AdminUser> & Pick<AdminUser, 'id' | 'name'>): AdminUser => ({
  email: `${over.id}@moim.dev`,
  username: null,
  roles: ['ROLE_USER'],
  systemRole: 'ROLE_USER',
  profileImage: null,
  status: 'ACTIVE',
  hasPassword: true,
  createdAt: '2026-03-01T00:00:00.000Z',
  teamMember: null,
  ...over,
});

const page = (content: AdminUser[], number = 0, totalPages = 1, totalElements = content.length) => ({
  content,
  number,
  size: 20,
  totalElements,
  totalPages,
  first: number === 0,
  last: number >= totalPages - 1,
});

const USERS = [
  row({ id: 'u-1', name: '김활성', username: 'active_kim', roles: ['ROLE_USER', 'ROLE_ADMIN'], systemRole: 'ROLE_ADMIN' }),
  row({ id: 'u-2', name: '박탈퇴', status: 'DELETED' }),
];

/** The list's requests, as the page asked them (page, q, status). */
function serve() {
  const { calls } = stubFetch((url) => {
    if (url.pathname !== '/api/admin/users') return undefined;
    const q = url.searchParams.get('q');
    const status = url.searchParams.get('status');
    const n = Number(url.searchParams.get('page') ?? 0);
    if (q === 'nobody') return { data: page([]) };
    const list = USERS.filter((u) => !status || u.status === status);
    return { data: page(list, n, 3, 45) };
  });
  const asked = () =>
    calls
      .filter((c) => c.url.pathname === '/api/admin/users')
      .map((c) => Object.fromEntries([...c.url.searchParams.entries()].filter(([k]) => k !== 'size')));
  return asked;
}

describe('/admin/users', () => {
  it('shows each account with its roles once, its status and the total', async () => {
    serve();
    await renderPage(<AdminUsersPage />, { path: '/admin/users' });
    const first = (await screen.findByText('김활성')).closest('tr') as HTMLElement;
    expect(within(first).getByText('@active_kim')).toBeTruthy();
    expect(within(first).getByText('ROLE_USER, ROLE_ADMIN')).toBeTruthy();
    expect(within(first).getByText('활성')).toBeTruthy();
    expect(within(first).getByRole('button', { name: '관리' })).toBeTruthy();
    const deleted = screen.getByText('박탈퇴').closest('tr') as HTMLElement;
    expect(within(deleted).getByText('탈퇴')).toBeTruthy();
    expect(within(deleted).queryByRole('button', { name: '관리' })).toBeNull();
    expect(screen.getByText('총 45명')).toBeTruthy();
  });

  it('searches only on submit, trimmed, and from the first page again', async () => {
    const asked = serve();
    await renderPage(<AdminUsersPage />, { path: '/admin/users' });
    await screen.findByText('김활성');
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(asked().at(-1)).toEqual({ page: '1' }));
    fireEvent.change(screen.getByLabelText('사용자 검색'), { target: { value: '  kim  ' } });
    expect(asked().some((q) => 'q' in q)).toBe(false); // typing alone sends nothing
    fireEvent.click(screen.getByRole('button', { name: '검색' }));
    await waitFor(() => expect(asked().at(-1)).toEqual({ page: '0', q: 'kim' }));
  });

  it('filters by status from the first page, and "all statuses" sends no status', async () => {
    const asked = serve();
    await renderPage(<AdminUsersPage />, { path: '/admin/users' });
    await screen.findByText('김활성');
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(asked().at(-1)).toEqual({ page: '2' }));
    fireEvent.change(screen.getByLabelText('상태'), { target: { value: 'DELETED' } });
    await waitFor(() => expect(asked().at(-1)).toEqual({ page: '0', status: 'DELETED' }));
    await waitFor(() => expect(screen.queryByText('김활성')).toBeNull());
    expect(screen.getByText('박탈퇴')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('상태'), { target: { value: '' } });
    await waitFor(() => expect(asked().at(-1)).toEqual({ page: '0' }));
  });

  it('says so when nobody matches', async () => {
    serve();
    await renderPage(<AdminUsersPage />, { path: '/admin/users' });
    await screen.findByText('김활성');
    fireEvent.change(screen.getByLabelText('사용자 검색'), { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: '검색' }));
    expect(await screen.findByText('조건에 맞는 사용자가 없습니다.')).toBeTruthy();
    expect(screen.queryByText('김활성')).toBeNull();
  });
});
