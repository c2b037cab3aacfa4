import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Append-only (migration 0036): the database refuses UPDATE and DELETE but the retention purge. */
export const securityLog = pgTable('security_log', {
  id: uuid('id').primaryKey().defaultRandom(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  actorKind: text('actor_kind').notNull(),
  actorId: uuid('actor_id'),
  subjectId: uuid('subject_id'),
  action: text('action').notNull(),
  targetKind: text('target_kind'),
  targetId: text('target_id'),
  outcome: text('outcome').notNull(),
  reason: text('reason'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  requestId: text('request_id'),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
});
