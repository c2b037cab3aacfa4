/** In-app notifications (the inbox) and the kinds of events that create them. */
import { z } from 'zod';
import { page } from './envelope.ts';

export const NOTIFICATION_TYPES = [
  'STUDY_APPROVED',
  'STUDY_REJECTED',
  'STUDY_STARTED',
  'STUDY_COMPLETED',
  'STUDY_TERMINATED',
  'APPLICATION_RECEIVED',
  'APPLICATION_ACCEPTED',
  'APPLICATION_REJECTED',
  'PAYMENT_DUE',
  'PAYMENT_EXPIRED',
  'PAYMENT_CONFIRMED',
  'PAYMENT_REFUNDED',
  'MEMBER_WARNED',
  'MEMBER_REMOVED',
  'WAITLIST_SEAT',
  'PROJECT_APPLICATION_RECEIVED',
  'PROJECT_APPLICATION_APPROVED',
  'PROJECT_APPLICATION_REJECTED',
  'PROJECT_APPLICATION_WITHDRAWN',
  'PROJECT_RECRUITMENT_CLOSED',
  'PROJECT_STATUS_CHANGED',
  'SESSION_REMINDER',
  'GENERAL',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notification = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  /** An in-app path to open, e.g. /study/1-tecoteco */
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notification>;
export const notificationPage = page(notification);
export const unreadCount = z.object({ count: z.number().int() });
export const notificationParams = z.object({ id: z.uuid() });
export const readAllResult = z.object({ updated: z.number().int() });

/**
 * What a module passes to the notifications module's `notify` (NotificationsService, injected): a
 * notice of the server's message catalogue (apps/server/src/i18n/messages.ts) and its parameters.
 * The inbox stores the key and renders title and body in the reader's language when read or mailed.
 */
export interface NotifyInput {
  type: NotificationType;
  message: { key: string; params?: Readonly<Record<string, string | number>> };
  link?: string | null;
  /** Also send an e-mail through the mail provider (default true). */
  mail?: boolean;
}

// --- Web push (docs/reminders.md) -----------------------------------------------------------

/** The server's VAPID public key (base64url, uncompressed P-256 point) for `pushManager.subscribe`. */
export const pushPublicKey = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKey>;

const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/);

/** A browser's PushSubscription as `subscription.toJSON()` gives it (endpoint + RFC 8291 keys). */
export const pushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  keys: z.object({
    /** the browser's P-256 public key (65 bytes, base64url) */
    p256dh: base64url(80, 100),
    /** the 16-byte auth secret (base64url) */
    auth: base64url(16, 32),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;
export const pushUnsubscribeBody = z.object({ endpoint: z.string().min(1).max(2048) });
export const pushSubscriptionResult = z.object({ id: z.string(), devices: z.number().int() });
export const pushDevices = z.object({ devices: z.number().int() });

/** What a reminder push carries to the service worker (it shows `title`/`body` and opens `url`). */
export const pushMessage = z.object({
  title: z.string(),
  body: z.string(),
  /** an in-app path, opened when the notification is clicked */
  url: z.string(),
  /** notifications with the same tag replace each other on a device */
  tag: z.string().optional(),
});
export type PushMessage = z.infer<typeof pushMessage>;

// --- Session reminders ----------------------------------------------------------------------

/** Reminder times a member may pick, in minutes before a session. */
export const REMINDER_OFFSET_CHOICES = [10, 30, 60, 180, 1440, 2880] as const;
export const DEFAULT_REMINDER_OFFSETS = [1440, 60] as const;
export const MAX_REMINDER_OFFSETS = 4;
export const MIN_REMINDER_OFFSET = 5;
/** a week */
export const MAX_REMINDER_OFFSET = 10_080;

export const reminderSettingsBody = z.object({
  /** minutes before each session; empty: no reminders for this study */
  offsets: z.array(z.number().int().min(MIN_REMINDER_OFFSET).max(MAX_REMINDER_OFFSET)).max(MAX_REMINDER_OFFSETS),
});
export type ReminderSettingsBody = z.infer<typeof reminderSettingsBody>;
export const reminderSettings = z.object({
  studyId: z.string(),
  offsets: z.array(z.number().int()),
  /** true while the member has not chosen (the defaults apply) */
  isDefault: z.boolean(),
});
export type ReminderSettings = z.infer<typeof reminderSettings>;
