/** SQL of the games module (sessions, records, best scores, saved states). Nothing else touches these tables. */
import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { GameTypeCodeValue } from '@moim/contract';
import { gameBestScores, gameRecords, gameSessions, gameStates } from './schema.ts';

export type SessionRow = typeof gameSessions.$inferSelect;
export type RecordRow = typeof gameRecords.$inferSelect;
export type StateRow = typeof gameStates.$inferSelect;
export type NewRecord = typeof gameRecords.$inferInsert;

/* Sessions ------------------------------------------------------------------------------ */

export async function findSession(db: DbOrTx, id: string): Promise<SessionRow | undefined> {
  const rows = await db.select().from(gameSessions).where(eq(gameSessions.id, id));
  return rows[0];
}

/** Serialises session starts of one player and game until the transaction ends. */
export async function lockPlayerGame(tx: DbOrTx, userId: string, gameType: GameTypeCodeValue): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`games:${userId}:${gameType}`}))`);
}

/** Abandons the user's session in progress for a game (there is at most one). Returns the ids. */
export async function abandonActiveSessions(db: DbOrTx, userId: string, gameType: GameTypeCodeValue, reason: string): Promise<string[]> {
  const rows = await db
    .update(gameSessions)
    .set({ status: 'ABANDONED', endedAt: sql`now()`, endReason: reason })
    .where(and(eq(gameSessions.userId, userId), eq(gameSessions.gameType, gameType), eq(gameSessions.status, 'IN_PROGRESS')))
    .returning({ id: gameSessions.id });
  return rows.map((r) => r.id);
}

export async function insertSession(db: DbOrTx, values: typeof gameSessions.$inferInsert): Promise<SessionRow> {
  const rows = await db.insert(gameSessions).values(values).returning();
  return rows[0]!;
}

/** IN_PROGRESS → ABANDONED (compare-and-swap). Undefined when the session was not in progress. */
export async function abandonSession(db: DbOrTx, id: string, reason: string): Promise<SessionRow | undefined> {
  const rows = await db
    .update(gameSessions)
    .set({ status: 'ABANDONED', endedAt: sql`now()`, endReason: reason })
    .where(and(eq(gameSessions.id, id), eq(gameSessions.status, 'IN_PROGRESS')))
    .returning();
  return rows[0];
}

/** IN_PROGRESS → COMPLETED or REJECTED (compare-and-swap), recording the result's hash. */
export async function finishSession(
  db: DbOrTx,
  id: string,
  status: 'COMPLETED' | 'REJECTED',
  resultHash: string,
  reason: string | null,
  message: string | null,
): Promise<SessionRow | undefined> {
  const rows = await db
    .update(gameSessions)
    .set({ status, endedAt: sql`now()`, resultHash, endReason: reason, endMessage: message })
    .where(and(eq(gameSessions.id, id), eq(gameSessions.status, 'IN_PROGRESS')))
    .returning();
  return rows[0];
}

/** Abandons sessions with no activity since `cutoff`; returns how many. */
export async function abandonStaleSessions(db: DbOrTx, cutoff: Date): Promise<string[]> {
  const rows = await db
    .update(gameSessions)
    .set({ status: 'ABANDONED', endedAt: sql`now()`, endReason: 'TIMEOUT' })
    .where(and(eq(gameSessions.status, 'IN_PROGRESS'), lt(gameSessions.lastActivityAt, cutoff)))
    .returning({ id: gameSessions.id });
  return rows.map((r) => r.id);
}

/** Dates a session's start back (demo content played by the bot in no time). */
export async function backdateSession(db: DbOrTx, id: string, seconds: number): Promise<void> {
  await db
    .update(gameSessions)
    .set({
      startedAt: sql`${gameSessions.startedAt} - make_interval(secs => ${seconds})`,
      lastActivityAt: sql`${gameSessions.lastActivityAt} - make_interval(secs => ${seconds})`,
    })
    .where(eq(gameSessions.id, id));
}

export async function touchSession(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(gameSessions)
    .set({ lastActivityAt: sql`now()` })
    .where(eq(gameSessions.id, id));
}

/* Records and best scores ----------------------------------------------------------------- */

export async function insertRecord(db: DbOrTx, values: NewRecord): Promise<RecordRow> {
  const rows = await db.insert(gameRecords).values(values).returning();
  return rows[0]!;
}

export async function findRecordBySession(db: DbOrTx, sessionId: string): Promise<RecordRow | undefined> {
  const rows = await db.select().from(gameRecords).where(eq(gameRecords.sessionId, sessionId));
  return rows[0];
}

export async function markPersonalBest(db: DbOrTx, recordId: string): Promise<void> {
  await db.update(gameRecords).set({ personalBest: true }).where(eq(gameRecords.id, recordId));
}

/**
 * Offers a ranked result to the best-score rows of its periods. A row is inserted, or updated
 * only by a strictly higher score (an equal score reached later never displaces the earlier
 * one). Returns the periods where the result became the player's best.
 */
export async function upsertBestScores(
  db: DbOrTx,
  rows: { gameType: GameTypeCodeValue; period: string; userId: string; score: number; achievedAt: Date; recordId: string }[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const out = await db
    .insert(gameBestScores)
    .values(rows)
    .onConflictDoUpdate({
      target: [gameBestScores.gameType, gameBestScores.period, gameBestScores.userId],
      set: {
        score: sql`excluded.score`,
        achievedAt: sql`excluded.achieved_at`,
        recordId: sql`excluded.record_id`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`excluded.score > ${gameBestScores.score}`,
    })
    .returning({ period: gameBestScores.period });
  return out.map((r) => r.period);
}

export interface BestRow {
  userId: string;
  score: number;
  achievedAt: Date;
}

/**
 * One page of a board in board order, after the keyset cursor `after` (exclusive). Board order
 * is (−score, achieved_at, user_id) ascending, so one row-value comparison walks the rank
 * index (game_best_scores_rank_idx) from the cursor on. The page comes back as one text
 * ("id,score,ms;…"): turning thousands of rows into JS objects one by one is what costs most
 * on the embedded database, a single string splits an order of magnitude faster.
 */
export async function bestScoresPage(
  db: DbOrTx,
  gameType: GameTypeCodeValue,
  period: string,
  after: BestRow | null,
  limit: number,
): Promise<BestRow[]> {
  const cursor = after
    ? sql`and (-score, achieved_at, user_id) > (${-after.score}::bigint, timestamptz 'epoch' + ${after.achievedAt.getTime()}::bigint * interval '1 millisecond', ${after.userId}::uuid)`
    : sql``;
  const r = await db.execute<{ page: string | null }>(sql`
    select string_agg(user_id::text || ',' || score || ',' || ms, ';' order by -score, achieved_at, user_id) as page
    from (
      select user_id, score, achieved_at, (extract(epoch from achieved_at) * 1000)::bigint as ms from game_best_scores
      where game_type = ${gameType} and period = ${period} ${cursor}
      order by -score, achieved_at, user_id
      limit ${limit}
    ) p`);
  const text = r.rows[0]?.page;
  if (!text) return [];
  return text.split(';').map((row) => {
    const [userId, score, ms] = row.split(',') as [string, string, string];
    return { userId, score: Number(score), achievedAt: new Date(Number(ms)) };
  });
}

/* Ranks straight from the database (the fallback while the shared Redis index is away) ----- */

const BOARD_ORDER = sql`-score, achieved_at, user_id`;

/** 0-based rank and board size of one player, or null when the player has no best on the board. */
export async function dbRankOf(
  db: DbOrTx,
  gameType: GameTypeCodeValue,
  period: string,
  userId: string,
): Promise<{ rank: number; total: number } | null> {
  const r = await db.execute<{ rank: string | number | null; total: string | number }>(sql`
    with me as (
      select score, achieved_at from game_best_scores where game_type = ${gameType} and period = ${period} and user_id = ${userId}
    )
    select
      (select count(*) from game_best_scores b, me
        where b.game_type = ${gameType} and b.period = ${period}
          and (-b.score, b.achieved_at, b.user_id) < (-me.score, me.achieved_at, ${userId}::uuid)) as rank,
      (select count(*) from game_best_scores where game_type = ${gameType} and period = ${period}) as total,
      exists (select 1 from me) as present`);
  const row = r.rows[0] as { rank: string | number | null; total: string | number; present: boolean } | undefined;
  if (!row?.present) return null;
  return { rank: Number(row.rank), total: Number(row.total) };
}

/** Entries at 0-based ranks offset..offset+limit-1, in board order. */
export async function dbBoardRange(
  db: DbOrTx,
  gameType: GameTypeCodeValue,
  period: string,
  offset: number,
  limit: number,
): Promise<BestRow[]> {
  if (limit <= 0) return [];
  return db
    .select({ userId: gameBestScores.userId, score: gameBestScores.score, achievedAt: gameBestScores.achievedAt })
    .from(gameBestScores)
    .where(and(eq(gameBestScores.gameType, gameType), eq(gameBestScores.period, period)))
    .orderBy(BOARD_ORDER)
    .offset(offset)
    .limit(limit);
}

export async function dbBoardSize(db: DbOrTx, gameType: GameTypeCodeValue, period: string): Promise<number> {
  const r = await db.execute<{ n: string | number }>(
    sql`select count(*) as n from game_best_scores where game_type = ${gameType} and period = ${period}`,
  );
  return Number(r.rows[0]?.n ?? 0);
}

export async function bestScoresUpdatedSince(
  db: DbOrTx,
  since: Date,
): Promise<(BestRow & { gameType: GameTypeCodeValue; period: string })[]> {
  const rows = await db
    .select({
      gameType: gameBestScores.gameType,
      period: gameBestScores.period,
      userId: gameBestScores.userId,
      score: gameBestScores.score,
      achievedAt: gameBestScores.achievedAt,
    })
    .from(gameBestScores)
    .where(gt(gameBestScores.updatedAt, since));
  return rows;
}

export async function bestScoreOf(db: DbOrTx, gameType: GameTypeCodeValue, period: string, userId: string): Promise<BestRow | undefined> {
  const rows = await db
    .select({ userId: gameBestScores.userId, score: gameBestScores.score, achievedAt: gameBestScores.achievedAt })
    .from(gameBestScores)
    .where(and(eq(gameBestScores.gameType, gameType), eq(gameBestScores.period, period), eq(gameBestScores.userId, userId)));
  return rows[0];
}

/** Guest results, once per (user, guest id). Returns the guest ids actually inserted. */
export async function insertGuestRecords(db: DbOrTx, rows: NewRecord[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const out = await db
    .insert(gameRecords)
    .values(rows)
    .onConflictDoNothing({ target: [gameRecords.userId, gameRecords.guestId], where: sql`guest_id is not null` })
    .returning({ guestId: gameRecords.guestId });
  return out.map((r) => r.guestId!);
}

/* Saved states --------------------------------------------------------------------------- */

export async function upsertState(
  db: DbOrTx,
  v: { sessionId: string; stateType: string; userId: string; gameType: GameTypeCodeValue; stateData: string },
): Promise<StateRow> {
  const rows = await db
    .insert(gameStates)
    .values(v)
    .onConflictDoUpdate({
      target: [gameStates.sessionId, gameStates.stateType],
      set: { stateData: v.stateData, savedAt: sql`now()` },
    })
    .returning();
  return rows[0]!;
}

export async function latestStateOfSession(db: DbOrTx, sessionId: string, stateType?: string): Promise<StateRow | undefined> {
  const rows = await db
    .select()
    .from(gameStates)
    .where(stateType ? and(eq(gameStates.sessionId, sessionId), eq(gameStates.stateType, stateType)) : eq(gameStates.sessionId, sessionId))
    .orderBy(desc(gameStates.savedAt))
    .limit(1);
  return rows[0];
}

/** The newest state of the user's sessions still in progress for a game. */
export async function latestActiveState(
  db: DbOrTx,
  userId: string,
  gameType: GameTypeCodeValue,
  stateType: string,
): Promise<StateRow | undefined> {
  const rows = await db
    .select({ state: gameStates })
    .from(gameStates)
    .innerJoin(gameSessions, eq(gameSessions.id, gameStates.sessionId))
    .where(
      and(
        eq(gameStates.userId, userId),
        eq(gameStates.gameType, gameType),
        eq(gameStates.stateType, stateType),
        eq(gameSessions.status, 'IN_PROGRESS'),
      ),
    )
    .orderBy(desc(gameStates.savedAt))
    .limit(1);
  return rows[0]?.state;
}

export async function deleteStates(db: DbOrTx, sessionIds: string[]): Promise<number> {
  if (sessionIds.length === 0) return 0;
  const rows = await db.delete(gameStates).where(inArray(gameStates.sessionId, sessionIds)).returning({ s: gameStates.sessionId });
  return rows.length;
}

/* Statistics ------------------------------------------------------------------------------ */

export interface SummaryRow {
  gameType: GameTypeCodeValue;
  gamesPlayed: number;
  bestScore: number | null;
  averageScore: number | null;
  totalTimeSeconds: number;
  lastPlayedAt: Date | null;
  totalLines: number;
  maxCombo: number;
  bestLevel: number;
  wins: number;
  losses: number;
}

export async function userSummaries(db: DbOrTx, userId: string, gameType?: GameTypeCodeValue): Promise<SummaryRow[]> {
  const r = await db.execute<Record<string, unknown>>(sql`
    select game_type, count(*)::int as games, max(score) as best, avg(score)::float8 as avg,
           coalesce(sum(time_elapsed_seconds), 0)::bigint as time, max(played_at) as last,
           coalesce(sum(lines_cleared), 0)::bigint as lines, coalesce(max(max_combo), 0)::int as combo,
           coalesce(max(level), 0)::int as level,
           count(*) filter (where won)::int as wins, count(*) filter (where won = false)::int as losses
    from game_records
    where user_id = ${userId} ${gameType ? sql`and game_type = ${gameType}` : sql``}
    group by game_type`);
  return r.rows.map((row) => ({
    gameType: row.game_type as GameTypeCodeValue,
    gamesPlayed: Number(row.games),
    bestScore: row.best === null ? null : Number(row.best),
    averageScore: row.avg === null ? null : Math.round(Number(row.avg) * 10) / 10,
    totalTimeSeconds: Number(row.time),
    lastPlayedAt: row.last === null ? null : new Date(row.last as string),
    totalLines: Number(row.lines),
    maxCombo: Number(row.combo),
    bestLevel: Number(row.level),
    wins: Number(row.wins),
    losses: Number(row.losses),
  }));
}

export async function userHistory(db: DbOrTx, userId: string, gameType: GameTypeCodeValue, limit: number): Promise<RecordRow[]> {
  return db
    .select()
    .from(gameRecords)
    .where(and(eq(gameRecords.userId, userId), eq(gameRecords.gameType, gameType)))
    .orderBy(desc(gameRecords.playedAt), desc(gameRecords.id))
    .limit(limit);
}

export async function gameSummary(db: DbOrTx, gameType: GameTypeCodeValue) {
  const r = await db.execute<Record<string, unknown>>(sql`
    select count(*)::bigint as games, count(distinct user_id)::bigint as players, avg(score)::float8 as avg,
           max(score) as best, coalesce(sum(time_elapsed_seconds), 0)::bigint as time, max(played_at) as last
    from game_records where game_type = ${gameType}`);
  const row = r.rows[0] ?? {};
  return {
    totalGames: Number(row.games ?? 0),
    totalPlayers: Number(row.players ?? 0),
    averageScore: row.avg == null ? null : Math.round(Number(row.avg) * 10) / 10,
    highestScore: row.best == null ? null : Number(row.best),
    totalTimeSeconds: Number(row.time ?? 0),
    lastPlayedAt: row.last == null ? null : new Date(row.last as string),
  };
}
