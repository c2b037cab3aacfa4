/** The in-app inbox (see migrations/0003_studies.sql). */
import type { NotificationType } from '@moim/contract';
import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const notifications = pgTable('notifications', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  type: text('type').$type<NotificationType>().notNull(),
  title: text('title').notNull(),
  body: text('body').notNull().default(''),
  link: text('link'),
  /** the server catalogue's message (i18n/messages.ts) and its parameters; null on older rows */
  messageKey: text('message_key'),
  messageParams: jsonb('message_params').$type<Record<string, string | number>>(),
  readAt: timestamp('read_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type NotificationRow = typeof notifications.$inferSelect;
