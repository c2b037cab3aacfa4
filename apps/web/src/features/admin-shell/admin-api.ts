import { adminOverview, adminUserPage, mailOutboxPage, type AdminUser, type MailOutboxItem } from '@moim/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { adminPaths } from '../../shared/api/paths/admin';

/** A row of the users list (contract `adminUser`) and of the mail outbox (contract `mailOutboxItem`). */
export type AdminUserRow = AdminUser;
export type OutboxItem = MailOutboxItem;

export function useAdminUsers(q: { page: number; size: number; q?: string; status?: string }) {
  return useQuery({
    queryKey: ['admin', 'users', q],
    queryFn: () => api.get(adminPaths.users, { query: q, schema: import.meta.env.DEV && adminUserPage }),
    placeholderData: keepPreviousData,
  });
}

export function useOutbox(q: { page: number; size: number; to?: string }) {
  return useQuery({
    queryKey: ['admin', 'outbox', q],
    queryFn: () => api.get(adminPaths.mailOutbox, { query: q, schema: import.meta.env.DEV && mailOutboxPage }),
    placeholderData: keepPreviousData,
  });
}

export { formatDateTime } from '../../shared/lib/format';

/** What waits for an admin (GET /api/admin/overview), refreshed every minute. */
export function useAdminOverview() {
  return useQuery({
    queryKey: ['admin', 'overview'],
    queryFn: () => api.get(adminPaths.overview, { schema: import.meta.env.DEV && adminOverview }),
    refetchInterval: 60_000,
  });
}
