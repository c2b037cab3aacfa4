/**
 * Notifications on this device (web push, docs/reminders.md) and reminder times per study:
 * the server's VAPID key, this browser's subscription, my studies and their reminder settings.
 * A `queryOptions` factory per read, a hook per write.
 */
import { membership, pushDevices, pushPublicKey, pushSubscriptionResult, reminderSettings, type ReminderSettings } from '@moim/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, arrayOf } from '../../../shared/api/client';
import { notificationsPaths } from '../../../shared/api/paths/notifications';
import { studiesPaths } from '../../../shared/api/paths/studies';

export const pushKeys = {
  push: () => ['notifications', 'push'] as const,
  device: () => ['notifications', 'push', 'device'] as const,
  devices: () => ['notifications', 'push', 'devices'] as const,
  studies: () => ['notifications', 'reminders', 'studies'] as const,
  reminders: (studyId: string) => ['notifications', 'reminders', studyId] as const,
};

/** What this browser can do: no Push API at all, permission refused, or allowed/undecided. */
export type PushSupport = 'unsupported' | 'denied' | 'granted' | 'default';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return 'unsupported';
  }
  return Notification.permission;
}

/** The applicationServerKey as bytes (the key arrives base64url). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** Whether this browser holds a push subscription now. */
export const deviceSubscribedQuery = () =>
  queryOptions({
    queryKey: pushKeys.device(),
    queryFn: async () => {
      if (pushSupport() === 'unsupported') return false;
      const reg = await navigator.serviceWorker.getRegistration('/');
      return Boolean(await reg?.pushManager.getSubscription());
    },
  });

export function useDeviceSubscribed() {
  return useQuery(deviceSubscribedQuery());
}

export const pushDevicesQuery = () =>
  queryOptions({
    queryKey: pushKeys.devices(),
    queryFn: ({ signal }) => api.get(notificationsPaths.pushDevices, { signal, schema: import.meta.env.DEV && pushDevices }),
  });

export function usePushDevices() {
  return useQuery(pushDevicesQuery());
}

/** Ask for permission, subscribe with the server's key, and tell the server. */
export function useEnableDevice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') throw new PermissionRefused();
      const { publicKey } = await api.get(notificationsPaths.pushKey, { schema: import.meta.env.DEV && pushPublicKey });
      const reg = await registration();
      const sub =
        (await reg.pushManager.getSubscription()) ??
        (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
      return api.put(notificationsPaths.pushSubscription, sub.toJSON(), { schema: import.meta.env.DEV && pushSubscriptionResult });
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: pushKeys.push() }),
  });
}

export function useDisableDevice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const reg = await navigator.serviceWorker.getRegistration('/');
      const sub = await reg?.pushManager.getSubscription();
      if (!sub) return;
      await api.delete(notificationsPaths.pushSubscription, {
        body: { endpoint: sub.endpoint },
        schema: import.meta.env.DEV && pushDevices,
      });
      await sub.unsubscribe();
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: pushKeys.push() }),
  });
}

export class PermissionRefused extends Error {
  constructor() {
    super('notification permission refused');
  }
}

/** The studies I am an active member of (each has its own reminder times). */
export const myStudiesQuery = () =>
  queryOptions({
    queryKey: pushKeys.studies(),
    queryFn: async ({ signal }) => {
      const list = await api.get(studiesPaths.myMemberships, { signal, schema: import.meta.env.DEV && arrayOf(membership) });
      return list.filter((m) => m.isActive && (m.studyStatus === 'APPROVED' || m.studyStatus === 'IN_PROGRESS'));
    },
  });

export function useMyStudies() {
  return useQuery(myStudiesQuery());
}

export const reminderSettingsQuery = (studyId: string) =>
  queryOptions({
    queryKey: pushKeys.reminders(studyId),
    queryFn: ({ signal }) => api.get(studiesPaths.reminders(studyId), { signal, schema: import.meta.env.DEV && reminderSettings }),
  });

export function useReminderSettings(studyId: string) {
  return useQuery(reminderSettingsQuery(studyId));
}

export function useSetReminders(studyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (offsets: number[]) =>
      api.put(studiesPaths.reminders(studyId), { offsets }, { schema: import.meta.env.DEV && reminderSettings }),
    onSuccess: (data: ReminderSettings) => qc.setQueryData(pushKeys.reminders(studyId), data),
  });
}
