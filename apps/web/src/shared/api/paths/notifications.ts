/** The notifications module's paths (SPEC §7); segments from data URI-encoded. */
const seg = encodeURIComponent;

export const notificationsPaths = {
  root: '/api/notifications',
  unreadCount: '/api/notifications/unread-count',
  read: (id: string) => `/api/notifications/${seg(id)}/read`,
  readAll: '/api/notifications/read-all',
  /** web push (docs/reminders.md) */
  pushKey: '/api/notifications/push/key',
  pushDevices: '/api/notifications/push/devices',
  pushSubscription: '/api/notifications/push/subscription',
} as const;
