import { adminOverview, type Page } from '@moim/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { apiPaths } from '../../shared/api/paths';

export interface AdminUserRow {
  id: string;
  email: string;
  username: string | null;
  name: string;
  roles: string[];
  systemRole: string;
  profileImage: string | null;
  status: 'ACTIVE' | 'DEACTIVATED' | 'DELETED';
  createdAt: string;
}
export interface OutboxItem {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  transport: string;
  createdAt: string;
}

export function useAdminUsers(q: { page: number; size: number; q?: string; status?: string }) {
  return useQuery({
    queryKey: ['admin', 'users', q],
    queryFn: () => api.get<Page<AdminUserRow>>(apiPaths.admin.users, { query: q }),
    placeholderData: keepPreviousData,
  });
}

export function useOutbox(q: { page: number; size: number; to?: string }) {
  return useQuery({
    queryKey: ['admin', 'outbox', q],
    queryFn: () => api.get<Page<OutboxItem>>(apiPaths.admin.mailOutbox, { query: q }),
    placeholderData: keepPreviousData,
  });
}

export { formatDateTime } from '../../shared/lib/format';

/** What waits for an admin (GET /api/admin/overview), refreshed every minute. */
export function useAdminOverview() {
  return useQuery({
    queryKey: ['admin', 'overview'],
    queryFn: () => api.get(apiPaths.admin.overview, { schema: import.meta.env.DEV && adminOverview }),
    refetchInterval: 60_000,
  });
}
