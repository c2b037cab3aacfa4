/** The inbox: GET /api/notifications (page, unread), unread count, mark one or all read; a `queryOptions` factory per read. */
import { type LiveEvent, notification, notificationPage, readAllResult, unreadCount } from '@moim/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { useAuth } from '../../../shared/auth/auth-provider';
import { useLiveInvalidation, useOwnTopic, usePollUnlessLive } from '../../../shared/live/use-live';
import { notificationsPaths } from '../../../shared/api/paths/notifications';
import { serverLocaleMeta } from '../../../shared/i18n/server-locale';

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: () => ['notifications', 'unread-count'] as const,
  list: (page: number, unread: boolean) => ['notifications', 'list', page, unread] as const,
};

const isNewNotification = (e: LiveEvent) => e.kind === 'notification.changed' && e.data.created === true;

export const unreadCountQuery = () =>
  queryOptions({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => api.get(notificationsPaths.unreadCount, { signal, schema: import.meta.env.DEV && unreadCount }),
    refetchOnWindowFocus: true,
    staleTime: 15_000,
    retry: false,
  });

/** The header's count; while mounted, the reader's live topic refreshes the count and the inbox (docs/live.md). */
export function useUnreadCount() {
  const { user } = useAuth();
  const topic = useOwnTopic(user?.id);
  // a new notification: what it is about changed too (the study page behind a seat offer, a payment)
  useLiveInvalidation(topic, [notificationKeys.all], isNewNotification);
  // polling only while the live channel is down or degraded
  return useQuery({ ...unreadCountQuery(), refetchInterval: usePollUnlessLive(60_000) });
}

export const notificationsQuery = (page: number, unread: boolean) =>
  queryOptions({
    queryKey: notificationKeys.list(page, unread),
    // the notices' texts are written in the account's language: read again when it changes
    meta: serverLocaleMeta,
    queryFn: ({ signal }) =>
      api.get(notificationsPaths.root, {
        signal,
        query: { page, size: 20, unread: unread ? 'true' : undefined },
        schema: import.meta.env.DEV && notificationPage,
      }),
    placeholderData: keepPreviousData,
  });

/** The inbox: the header's live topic refreshes it (useUnreadCount); it polls only while the channel is down. */
export function useNotifications(page: number, unread: boolean) {
  return useQuery({ ...notificationsQuery(page, unread), refetchInterval: usePollUnlessLive(60_000) });
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(notificationsPaths.read(id), undefined, { schema: import.meta.env.DEV && notification }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(notificationsPaths.readAll, undefined, { schema: import.meta.env.DEV && readAllResult }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
