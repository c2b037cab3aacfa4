/** The studio module's tables (migrations/0013_studio.sql, 0033_studio_drafts.sql). */
import type {
  StudioDraftDecisions,
  StudioDraftSettings,
  StudioFailureReason,
  StudioPurpose,
  StudioResult,
  StudioStatus,
  StudioTone,
} from '@moim/contract';
import { date, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/schema.ts';

export const studioDocuments = pgTable('studio_documents', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
  guestEmail: text('guest_email'),
  title: text('title').notNull().default(''),
  source: text('source', { enum: ['TEXT', 'URL'] }).notNull(),
  url: text('url'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type StudioDocumentRow = typeof studioDocuments.$inferSelect;

export const studioAnalyses = pgTable('studio_analyses', {
  id: uuid('id').primaryKey().defaultRandom(),
  documentId: uuid('document_id')
    .notNull()
    .references(() => studioDocuments.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
  status: text('status').$type<StudioStatus>().notNull().default('SUBMITTED'),
  failureReason: text('failure_reason').$type<StudioFailureReason>(),
  source: text('source', { enum: ['TEXT', 'URL'] }).notNull(),
  url: text('url'),
  urlKey: text('url_key'),
  title: text('title').notNull().default(''),
  body: text('body'),
  purpose: text('purpose').$type<StudioPurpose>().notNull(),
  audience: text('audience').notNull().default(''),
  tone: text('tone').$type<StudioTone>().notNull(),
  locale: text('locale', { enum: ['ko', 'en'] }).notNull(),
  result: jsonb('result').$type<StudioResult>(),
  quotaDay: date('quota_day'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});
export type StudioAnalysisRow = typeof studioAnalyses.$inferSelect;

export const studioQuotaUsage = pgTable(
  'studio_quota_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export const studioTrials = pgTable('studio_trials', {
  email: text('email').primaryKey(),
  documentId: uuid('document_id').references(() => studioDocuments.id, { onDelete: 'set null' }),
  analysisId: uuid('analysis_id').references(() => studioAnalyses.id, { onDelete: 'set null' }),
  tokenHash: text('token_hash').notNull(),
  consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A writer's unsaved work on a document: one per document, ended by the next saved version. */
export const studioDrafts = pgTable('studio_drafts', {
  documentId: uuid('document_id')
    .primaryKey()
    .references(() => studioDocuments.id, { onDelete: 'cascade' }),
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  analysisId: uuid('analysis_id')
    .notNull()
    .references(() => studioAnalyses.id, { onDelete: 'cascade' }),
  text: text('text'),
  decisions: jsonb('decisions').$type<StudioDraftDecisions>().notNull().default({}),
  settings: jsonb('settings').$type<StudioDraftSettings>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type StudioDraftRow = typeof studioDrafts.$inferSelect;
