/** The lab's tables (see migrations/0012_lab.sql for the constraints). */
import type { ShuffleSettings } from '@moim/contract';
import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const labRosters = pgTable('lab_rosters', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  name: text('name').notNull(),
  people: jsonb('people').$type<{ name: string; tags: Record<string, string> }[]>().notNull(),
  settings: jsonb('settings').$type<ShuffleSettings>(),
  recent: jsonb('recent').$type<string[][][]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type RosterRow = typeof labRosters.$inferSelect;

export const labDraws = pgTable('lab_draws', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  clientId: uuid('client_id').notNull(),
  game: text('game', { enum: ['SNAIL_RACE', 'DART_WHEEL', 'SLOT_CASCADE'] }).notNull(),
  mode: text('mode', { enum: ['highest', 'survival', 'team', 'target'] }),
  seed: text('seed').notNull(),
  entries: jsonb('entries').$type<{ name: string; weight: number }[]>().notNull(),
  count: integer('count').notNull(),
  allowRepeat: boolean('allow_repeat').notNull(),
  excluded: jsonb('excluded').$type<string[]>().notNull().default([]),
  winners: jsonb('winners').$type<string[]>().notNull(),
  playedAt: timestamp('played_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type DrawRow = typeof labDraws.$inferSelect;
