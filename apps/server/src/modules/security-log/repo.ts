/** SQL for the security log: inserts, the back office's search, a member's own sign-ins, the purge. */
import { and, count, desc, eq, gte, inArray, like, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { securityLog } from './schema.ts';

export type SecurityLogRow = typeof securityLog.$inferSelect;
export type NewSecurityLogRow = typeof securityLog.$inferInsert;

export async function insert(db: DbOrTx, row: NewSecurityLogRow): Promise<void> {
  await db.insert(securityLog).values(row);
}

export interface SearchFilter {
  actor?: string | undefined;
  action?: string | undefined;
  targetKind?: string | undefined;
  targetId?: string | undefined;
  outcome?: string | undefined;
  /** inclusive lower and exclusive upper instant */
  from?: Date | undefined;
  before?: Date | undefined;
  ip?: string | undefined;
}

function where(f: SearchFilter): SQL | undefined {
  const ipPrefix = f.ip && /[.:]$/.test(f.ip);
  return and(
    f.actor === 'system' ? eq(securityLog.actorKind, 'system') : f.actor ? eq(securityLog.actorId, f.actor) : undefined,
    f.action ? eq(securityLog.action, f.action) : undefined,
    f.targetKind ? eq(securityLog.targetKind, f.targetKind) : undefined,
    f.targetId ? eq(securityLog.targetId, f.targetId) : undefined,
    f.outcome ? eq(securityLog.outcome, f.outcome) : undefined,
    f.from ? gte(securityLog.at, f.from) : undefined,
    f.before ? lt(securityLog.at, f.before) : undefined,
    f.ip ? (ipPrefix ? like(securityLog.ip, `${f.ip}%`) : eq(securityLog.ip, f.ip)) : undefined,
  );
}

export async function search(db: DbOrTx, f: SearchFilter, pageNo: number, size: number) {
  const w = where(f);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(securityLog)
      .where(w)
      .orderBy(desc(securityLog.at), desc(securityLog.id))
      .limit(size)
      .offset(pageNo * size),
    db.select({ n: count() }).from(securityLog).where(w),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** Entries about one member of the given kinds, newest first. */
export async function forSubject(db: DbOrTx, subjectId: string, actions: readonly string[], pageNo: number, size: number) {
  const w = and(eq(securityLog.subjectId, subjectId), inArray(securityLog.action, [...actions]));
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(securityLog)
      .where(w)
      .orderBy(desc(securityLog.at), desc(securityLog.id))
      .limit(size)
      .offset(pageNo * size),
    db.select({ n: count() }).from(securityLog).where(w),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** The retention purge through the one path the append-only trigger lets through (migration 0036). */
export async function purgeBefore(db: DbOrTx, cutoff: Date): Promise<number> {
  const r = await db.execute(sql`select security_log_purge(${cutoff.toISOString()}::timestamptz) as n`);
  return Number((r.rows[0] as { n: number | string } | undefined)?.n ?? 0);
}
