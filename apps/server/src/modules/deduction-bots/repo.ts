/** SQL of the deduction-bots module (bots and their ladder runs). Nothing else touches these tables. */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { deductionBotLadder, deductionBots } from './schema.ts';

export type BotRow = typeof deductionBots.$inferSelect;
export type LadderRow = typeof deductionBotLadder.$inferSelect;

export async function listByUser(db: DbOrTx, userId: string): Promise<{ bot: BotRow; ladder: LadderRow | null }[]> {
  const rows = await db
    .select()
    .from(deductionBots)
    .leftJoin(deductionBotLadder, eq(deductionBotLadder.botId, deductionBots.id))
    .where(eq(deductionBots.userId, userId))
    .orderBy(desc(deductionBots.updatedAt));
  return rows.map((r) => ({ bot: r.deduction_bots, ladder: r.deduction_bot_ladder }));
}

export async function countByUser(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db.select({ n: count() }).from(deductionBots).where(eq(deductionBots.userId, userId));
  return rows[0]?.n ?? 0;
}

export async function find(db: DbOrTx, id: string): Promise<{ bot: BotRow; ladder: LadderRow | null } | undefined> {
  const rows = await db
    .select()
    .from(deductionBots)
    .leftJoin(deductionBotLadder, eq(deductionBotLadder.botId, deductionBots.id))
    .where(eq(deductionBots.id, id));
  const r = rows[0];
  return r ? { bot: r.deduction_bots, ladder: r.deduction_bot_ladder } : undefined;
}

export async function findByShare(db: DbOrTx, shareId: string): Promise<{ bot: BotRow; ladder: LadderRow | null } | undefined> {
  const rows = await db
    .select()
    .from(deductionBots)
    .leftJoin(deductionBotLadder, eq(deductionBotLadder.botId, deductionBots.id))
    .where(and(eq(deductionBots.shareId, shareId), eq(deductionBots.shared, true)));
  const r = rows[0];
  return r ? { bot: r.deduction_bots, ladder: r.deduction_bot_ladder } : undefined;
}

export async function insert(db: DbOrTx, values: typeof deductionBots.$inferInsert): Promise<BotRow> {
  const rows = await db.insert(deductionBots).values(values).returning();
  return rows[0]!;
}

/** Updates the owner's bot; a changed code bumps the version. Undefined when it is not theirs. */
export async function update(
  db: DbOrTx,
  id: string,
  userId: string,
  values: { name: string; description: string; code: string; shared: boolean },
): Promise<BotRow | undefined> {
  const rows = await db
    .update(deductionBots)
    .set({
      ...values,
      version: sql`case when ${deductionBots.code} = ${values.code} then ${deductionBots.version} else ${deductionBots.version} + 1 end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(deductionBots.id, id), eq(deductionBots.userId, userId)))
    .returning();
  return rows[0];
}

export async function remove(db: DbOrTx, id: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(deductionBots)
    .where(and(eq(deductionBots.id, id), eq(deductionBots.userId, userId)))
    .returning({ id: deductionBots.id });
  return rows.length === 1;
}

/** The bot's version goes (back) to the queue; an older run's figures are replaced. */
export async function queueLadder(db: DbOrTx, botId: string, version: number): Promise<void> {
  await db
    .insert(deductionBotLadder)
    .values({ botId, version, status: 'QUEUED' })
    .onConflictDoUpdate({
      target: deductionBotLadder.botId,
      set: { version, status: 'QUEUED', error: null, queuedAt: sql`now()`, finishedAt: null },
    });
}

/** QUEUED → RUNNING for this version (compare-and-swap); false when it is not the queued version. */
export async function claimLadder(db: DbOrTx, botId: string, version: number): Promise<boolean> {
  const rows = await db
    .update(deductionBotLadder)
    .set({ status: 'RUNNING' })
    .where(
      and(
        eq(deductionBotLadder.botId, botId),
        eq(deductionBotLadder.version, version),
        sql`${deductionBotLadder.status} in ('QUEUED', 'RUNNING')`,
      ),
    )
    .returning({ id: deductionBotLadder.botId });
  return rows.length === 1;
}

export async function finishLadder(
  db: DbOrTx,
  botId: string,
  version: number,
  values: Partial<Pick<LadderRow, 'played' | 'wins' | 'draws' | 'losses' | 'points' | 'winGuesses' | 'faults' | 'games' | 'error'>> & {
    status: 'DONE' | 'FAILED';
  },
): Promise<void> {
  await db
    .update(deductionBotLadder)
    .set({ ...values, finishedAt: sql`now()` })
    .where(and(eq(deductionBotLadder.botId, botId), eq(deductionBotLadder.version, version)));
}

export interface LadderStanding {
  rank: number;
  bot: BotRow;
  ladder: LadderRow;
}

/**
 * The public ladder: finished runs of shared bots (a private bot is never listed), in ladder
 * order: points, then fewer guesses in wins, fewer faults, earlier.
 */
export async function standings(db: DbOrTx, limit: number): Promise<LadderStanding[]> {
  const rows = await db
    .select()
    .from(deductionBotLadder)
    .innerJoin(deductionBots, eq(deductionBots.id, deductionBotLadder.botId))
    .where(and(eq(deductionBotLadder.status, 'DONE'), eq(deductionBots.shared, true)))
    .orderBy(
      desc(deductionBotLadder.points),
      deductionBotLadder.winGuesses,
      deductionBotLadder.faults,
      deductionBotLadder.finishedAt,
      deductionBotLadder.botId,
    )
    .limit(limit);
  return rows.map((r, i) => ({ rank: i + 1, bot: r.deduction_bots, ladder: r.deduction_bot_ladder }));
}

/**
 * 1-based ladder rank of a finished run: the shared bots' runs ahead of it, plus one (a shared
 * bot's place on the public ladder; for a private bot, the place it would take there).
 */
export async function rankOf(db: DbOrTx, l: LadderRow): Promise<number> {
  const rows = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from deduction_bot_ladder
    where status = 'DONE' and bot_id in (select id from deduction_bots where shared) and (points > ${l.points}
      or (points = ${l.points} and (win_guesses < ${l.winGuesses}
      or (win_guesses = ${l.winGuesses} and (faults < ${l.faults}
      or (faults = ${l.faults} and (finished_at < ${l.finishedAt!.toISOString()}::timestamptz
      or (finished_at = ${l.finishedAt!.toISOString()}::timestamptz and bot_id < ${l.botId}))))))))`);
  return (rows.rows[0]?.n ?? 0) + 1;
}
