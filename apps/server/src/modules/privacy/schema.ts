/** Members' data exports (migration 0038): the request, its state and, while ready, the zip itself. */
import type { DataExportStatus } from '@moim/contract';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea, users } from '../users/schema.ts';

export const dataExports = pgTable('data_exports', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  status: text('status').$type<DataExportStatus>().notNull().default('PENDING'),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  readyAt: timestamp('ready_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  archive: bytea('archive'),
  sizeBytes: integer('size_bytes'),
  downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
});
export type DataExportRow = typeof dataExports.$inferSelect;
