/** The deduction-bots module's tables (migrations/0011_deduction.sql). */
import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/schema.ts';

export const deductionBots = pgTable('deduction_bots', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  code: text('code').notNull(),
  version: integer('version').notNull().default(1),
  shared: boolean('shared').notNull().default(false),
  shareId: text('share_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const deductionBotLadder = pgTable('deduction_bot_ladder', {
  botId: uuid('bot_id')
    .primaryKey()
    .references(() => deductionBots.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  status: text('status', { enum: ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] }).notNull(),
  played: integer('played').notNull().default(0),
  wins: integer('wins').notNull().default(0),
  draws: integer('draws').notNull().default(0),
  losses: integer('losses').notNull().default(0),
  points: integer('points').notNull().default(0),
  winGuesses: integer('win_guesses').notNull().default(0),
  faults: integer('faults').notNull().default(0),
  games: jsonb('games').$type<unknown[]>().notNull().default([]),
  error: text('error'),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
