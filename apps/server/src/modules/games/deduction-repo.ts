/** SQL of the DEDUCTION referee: the guess log of a session (games module tables only). */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { deductionSessionLogs } from './schema.ts';

export type DeductionLogRow = typeof deductionSessionLogs.$inferSelect;

export async function insertLog(db: DbOrTx, sessionId: string): Promise<void> {
  await db.insert(deductionSessionLogs).values({ sessionId });
}

export async function findLog(db: DbOrTx, sessionId: string): Promise<DeductionLogRow | undefined> {
  const rows = await db.select().from(deductionSessionLogs).where(eq(deductionSessionLogs.sessionId, sessionId));
  return rows[0];
}

/** Reads the log and holds its row until the transaction ends (one move at a time per session). */
export async function lockLog(tx: DbOrTx, sessionId: string): Promise<DeductionLogRow | undefined> {
  const rows = await tx.select().from(deductionSessionLogs).where(eq(deductionSessionLogs.sessionId, sessionId)).for('update');
  return rows[0];
}

/**
 * Stores the log after a move, compare-and-swap on the event count it was read at. A new turn
 * restarts the turn timer; a reveal does not. Returns false when another move got there first.
 */
export async function saveLog(
  tx: DbOrTx,
  sessionId: string,
  expectedCount: number,
  events: unknown[],
  turns: number,
  newTurn: boolean,
): Promise<boolean> {
  const rows = await tx
    .update(deductionSessionLogs)
    .set({
      events,
      eventCount: events.length,
      turns,
      updatedAt: sql`now()`,
      ...(newTurn ? { turnStartedAt: sql`now()` } : {}),
    })
    .where(and(eq(deductionSessionLogs.sessionId, sessionId), eq(deductionSessionLogs.eventCount, expectedCount)))
    .returning({ id: deductionSessionLogs.sessionId });
  return rows.length === 1;
}
