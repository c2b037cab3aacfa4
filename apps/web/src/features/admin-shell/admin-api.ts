import { adminOverview, adminSecondFactorStatus, adminUserPage, mailOutboxPage, type AdminUser, type MailOutboxItem } from '@moim/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { adminPaths } from '../../shared/api/paths/admin';

/** The back office's keys (the security log's search lives in its own feature, under ['admin', 'security-log']). */
export const adminKeys = {
  all: ['admin'] as const,
  users: (q: object) => ['admin', 'users', q] as const,
  userSecondFactor: (userId: string) => ['admin', 'users', userId, 'second-factor'] as const,
  outbox: (q: object) => ['admin', 'outbox', q] as const,
  overview: () => ['admin', 'overview'] as const,
};

/** A row of the users list (contract `adminUser`) and of the mail outbox (contract `mailOutboxItem`). */
export type AdminUserRow = AdminUser;
export type OutboxItem = MailOutboxItem;

export const adminUsersQuery = (q: { page: number; size: number; q?: string; status?: string }) =>
  queryOptions({
    queryKey: adminKeys.users(q),
    queryFn: () => api.get(adminPaths.users, { query: q, schema: import.meta.env.DEV && adminUserPage }),
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(q: { page: number; size: number; q?: string; status?: string }) {
  return useQuery(adminUsersQuery(q));
}

export const outboxQuery = (q: { page: number; size: number; to?: string }) =>
  queryOptions({
    queryKey: adminKeys.outbox(q),
    queryFn: () => api.get(adminPaths.mailOutbox, { query: q, schema: import.meta.env.DEV && mailOutboxPage }),
    placeholderData: keepPreviousData,
  });

export function useOutbox(q: { page: number; size: number; to?: string }) {
  return useQuery(outboxQuery(q));
}

export { formatDateTime } from '../../shared/lib/format';

/** One member's second factor as the back office sees it (docs/accounts-factors.md). */
export const adminSecondFactorQuery = (userId: string) =>
  queryOptions({
    queryKey: adminKeys.userSecondFactor(userId),
    queryFn: () => api.get(adminPaths.userSecondFactor(userId), { schema: import.meta.env.DEV && adminSecondFactorStatus }),
  });

/** What waits for an admin (GET /api/admin/overview), refreshed every minute. */
export const adminOverviewQuery = () =>
  queryOptions({
    queryKey: adminKeys.overview(),
    queryFn: () => api.get(adminPaths.overview, { schema: import.meta.env.DEV && adminOverview }),
    refetchInterval: 60_000,
  });

export function useAdminOverview() {
  return useQuery(adminOverviewQuery());
}
