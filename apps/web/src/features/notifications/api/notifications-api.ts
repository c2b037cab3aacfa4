/** The inbox: GET /api/notifications (page, unread), unread count, mark one or all read. */
import type { Notification, Page } from '@moim/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: () => ['notifications', 'unread-count'] as const,
  list: (page: number, unread: boolean) => ['notifications', 'list', page, unread] as const,
};

export function useUnreadCount() {
  return useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => api.get<{ count: number }>('/api/notifications/unread-count', { signal }),
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    staleTime: 15_000,
    retry: false,
  });
}

export function useNotifications(page: number, unread: boolean) {
  return useQuery({
    queryKey: notificationKeys.list(page, unread),
    queryFn: ({ signal }) =>
      api.get<Page<Notification>>('/api/notifications', { signal, query: { page, size: 20, unread: unread ? 'true' : undefined } }),
    placeholderData: keepPreviousData,
  });
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<Notification>(`/api/notifications/${id}/read`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ updated: number }>('/api/notifications/read-all'),
    onSuccess: () => void qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
