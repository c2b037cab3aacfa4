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
  'PROJECT_APPLICATION_RECEIVED',
  'PROJECT_APPLICATION_APPROVED',
  'PROJECT_APPLICATION_REJECTED',
  'PROJECT_APPLICATION_WITHDRAWN',
  'PROJECT_RECRUITMENT_CLOSED',
  'PROJECT_STATUS_CHANGED',
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
