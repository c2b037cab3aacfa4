/** The games module's tables (migrations/0004_games.sql, 0011, 0030, 0045). */
import type { DeductionEvent, DeductionSettings, SeatSpec } from '@moim/games';
import { bigint, boolean, doublePrecision, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/schema.ts';

const gameTypeEnum = ['TETRIS', 'DEDUCTION'] as const;

export const gameSessions = pgTable('game_sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  gameType: text('game_type', { enum: gameTypeEnum }).notNull(),
  status: text('status', { enum: ['IN_PROGRESS', 'COMPLETED', 'ABANDONED', 'REJECTED'] })
    .notNull()
    .default('IN_PROGRESS'),
  seed: text('seed').notNull(),
  startLevel: integer('start_level').notNull().default(1),
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  endReason: text('end_reason'),
  endMessage: text('end_message'),
  resultHash: text('result_hash'),
});

export const gameRecords = pgTable('game_records', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  gameType: text('game_type', { enum: gameTypeEnum }).notNull(),
  source: text('source', { enum: ['SESSION', 'GUEST_IMPORT'] }).notNull(),
  sessionId: uuid('session_id')
    .unique()
    .references(() => gameSessions.id, { onDelete: 'cascade' }),
  guestId: text('guest_id'),
  verified: boolean('verified').notNull(),
  ranked: boolean('ranked').notNull(),
  personalBest: boolean('personal_best').notNull().default(false),
  score: bigint('score', { mode: 'number' }).notNull(),
  level: integer('level'),
  linesCleared: integer('lines_cleared'),
  maxCombo: integer('max_combo'),
  won: boolean('won'),
  timeElapsedSeconds: integer('time_elapsed_seconds').notNull().default(0),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  gameData: text('game_data'),
  playedAt: timestamp('played_at', { withTimezone: true }).notNull().defaultNow(),
});

export const gameBestScores = pgTable(
  'game_best_scores',
  {
    gameType: text('game_type', { enum: gameTypeEnum }).notNull(),
    period: text('period').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: bigint('score', { mode: 'number' }).notNull(),
    achievedAt: timestamp('achieved_at', { withTimezone: true }).notNull(),
    recordId: uuid('record_id')
      .notNull()
      .references(() => gameRecords.id, { onDelete: 'cascade' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gameType, t.period, t.userId] })],
);

export const gameStates = pgTable(
  'game_states',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => gameSessions.id, { onDelete: 'cascade' }),
    stateType: text('state_type').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameType: text('game_type', { enum: gameTypeEnum }).notNull(),
    stateData: text('state_data').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.stateType] })],
);

/** The turns of a DEDUCTION session the server referees (migrations/0011_deduction.sql). */
export const deductionSessionLogs = pgTable('deduction_session_logs', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => gameSessions.id, { onDelete: 'cascade' }),
  events: jsonb('events').$type<unknown[]>().notNull().default([]),
  eventCount: integer('event_count').notNull().default(0),
  turns: integer('turns').notNull().default(0),
  turnStartedAt: timestamp('turn_started_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A player's own controls for a game: TETRIS key repeat, soft drop and keys (migrations/0030_game_player_settings.sql). */
export const gamePlayerSettings = pgTable(
  'game_player_settings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameType: text('game_type', { enum: ['TETRIS'] }).notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gameType] })],
);

/* Online deduction rooms and Glicko-2 ratings (migrations/0045_deduction_rooms.sql, 0046) ---------- */

/** A seat of the plan as kept: a bot's name is the one it had when the host seated it (0046). */
export type RoomSeatPlan =
  { kind: 'HUMAN' } | { kind: 'AI'; level: 'EASY' | 'MEDIUM' | 'HARD' } | { kind: 'BOT'; botId: string; name: string };

/** A room's setup (`deduction_rooms.settings`). */
export interface RoomSetup {
  settings: DeductionSettings;
  plan: RoomSeatPlan[];
  /** the seats as the engine knows them (set at the start) */
  seats?: SeatSpec[];
}

export const deductionRooms = pgTable('deduction_rooms', {
  id: uuid('id').primaryKey().defaultRandom(),
  hostId: uuid('host_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  inviteCode: text('invite_code').notNull(),
  status: text('status', { enum: ['OPEN', 'PLAYING', 'FINISHED', 'CLOSED'] })
    .notNull()
    .default('OPEN'),
  settings: jsonb('settings').$type<RoomSetup>().notNull(),
  seed: text('seed').notNull(),
  /** the refereed log (replayed on the seed) */
  events: jsonb('events').$type<DeductionEvent[]>().notNull().default([]),
  eventCount: integer('event_count').notNull().default(0),
  turns: integer('turns').notNull().default(0),
  turnStartedAt: timestamp('turn_started_at', { withTimezone: true }),
  rated: boolean('rated'),
  unratedReason: text('unrated_reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const deductionRoomSeats = pgTable(
  'deduction_room_seats',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => deductionRooms.id, { onDelete: 'cascade' }),
    seat: integer('seat').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    aiLevel: text('ai_level', { enum: ['EASY', 'MEDIUM', 'HARD'] }),
    /** a custom bot the host seated (the deduction-bots module's id) */
    botId: uuid('bot_id'),
    ready: boolean('ready').notNull().default(false),
    channel: uuid('channel').notNull().defaultRandom(),
    network: text('network'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true }),
    sessionId: uuid('session_id').references(() => gameSessions.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.seat] })],
);

export const deductionRoomInvites = pgTable(
  'deduction_room_invites',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => deductionRooms.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] })],
);

export const gameRatings = pgTable(
  'game_ratings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameType: text('game_type', { enum: ['DEDUCTION'] }).notNull(),
    rating: doublePrecision('rating').notNull(),
    deviation: doublePrecision('deviation').notNull(),
    volatility: doublePrecision('volatility').notNull(),
    games: integer('games').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gameType] })],
);

export const gameRatingChanges = pgTable(
  'game_rating_changes',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => deductionRooms.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ratingBefore: doublePrecision('rating_before').notNull(),
    ratingAfter: doublePrecision('rating_after').notNull(),
    deviationBefore: doublePrecision('deviation_before').notNull(),
    deviationAfter: doublePrecision('deviation_after').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] })],
);
