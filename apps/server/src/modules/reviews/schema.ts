/** The reviews table (see migrations/0003_studies.sql for the constraints). */
import type { ReviewTag } from '@moim/contract';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const studyReviews = pgTable('study_reviews', {
  id: uuid('id').primaryKey().defaultRandom(),
  studyId: uuid('study_id').notNull(),
  userId: uuid('user_id').notNull(),
  rating: integer('rating').notNull(),
  text: text('text').notNull().default(''),
  tags: text('tags').array().$type<ReviewTag[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ReviewRow = typeof studyReviews.$inferSelect;
