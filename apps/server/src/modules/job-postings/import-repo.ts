/** SQL for import sources, runs and their per-item reports. */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  jobImportRunItems,
  jobImportRuns,
  jobImportSources,
  type JobImportRunItemRow,
  type JobImportRunRow,
  type JobImportSourceRow,
} from './schema.ts';

export type SourceWithLastRun = JobImportSourceRow & { lastRunAt: Date | null; lastRunStatus: JobImportRunRow['status'] | null };

export async function listSources(db: DbOrTx): Promise<SourceWithLastRun[]> {
  const r = await db.execute<{ id: string; last_run_at: string | Date | null; last_run_status: JobImportRunRow['status'] | null }>(sql`
    select s.id, r.created_at as last_run_at, r.status as last_run_status
    from job_import_sources s
    left join lateral (select created_at, status from job_import_runs where source_id = s.id order by created_at desc limit 1) r on true`);
  const last = new Map(r.rows.map((x) => [x.id, x]));
  const rows = await db.select().from(jobImportSources).orderBy(jobImportSources.createdAt);
  return rows.map((s) => {
    const l = last.get(s.id);
    return { ...s, lastRunAt: l?.last_run_at ? new Date(l.last_run_at) : null, lastRunStatus: l?.last_run_status ?? null };
  });
}

export async function findSource(db: DbOrTx, id: string): Promise<JobImportSourceRow | undefined> {
  const [row] = await db.select().from(jobImportSources).where(eq(jobImportSources.id, id));
  return row;
}

export async function insertSource(db: DbOrTx, row: typeof jobImportSources.$inferInsert): Promise<JobImportSourceRow> {
  const [saved] = await db.insert(jobImportSources).values(row).returning();
  return saved!;
}

export async function updateSource(db: DbOrTx, id: string, patch: Partial<JobImportSourceRow>): Promise<JobImportSourceRow | undefined> {
  const [row] = await db
    .update(jobImportSources)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(jobImportSources.id, id))
    .returning();
  return row;
}

export async function deleteSource(db: DbOrTx, id: string): Promise<boolean> {
  const r = await db.delete(jobImportSources).where(eq(jobImportSources.id, id)).returning({ id: jobImportSources.id });
  return r.length === 1;
}

export async function enabledSources(db: DbOrTx): Promise<JobImportSourceRow[]> {
  return db.select().from(jobImportSources).where(eq(jobImportSources.enabled, true));
}

/** Lock a source row for the scheduler's "one run a day" check. */
export async function lockSource(db: DbOrTx, id: string): Promise<void> {
  await db.execute(sql`select id from job_import_sources where id = ${id} for update`);
}

export async function lastRunOf(db: DbOrTx, sourceId: string): Promise<JobImportRunRow | undefined> {
  const [row] = await db
    .select()
    .from(jobImportRuns)
    .where(eq(jobImportRuns.sourceId, sourceId))
    .orderBy(desc(jobImportRuns.createdAt))
    .limit(1);
  return row;
}

export async function insertRun(db: DbOrTx, row: typeof jobImportRuns.$inferInsert): Promise<JobImportRunRow> {
  const [saved] = await db.insert(jobImportRuns).values(row).returning();
  return saved!;
}

export async function findRun(db: DbOrTx, id: string): Promise<JobImportRunRow | undefined> {
  const [row] = await db.select().from(jobImportRuns).where(eq(jobImportRuns.id, id));
  return row;
}

export async function listRuns(db: DbOrTx, q: { page: number; size: number; sourceId?: string | undefined }) {
  const w = q.sourceId ? eq(jobImportRuns.sourceId, q.sourceId) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(jobImportRuns)
      .where(w)
      .orderBy(desc(jobImportRuns.createdAt), desc(jobImportRuns.id))
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ n: count() }).from(jobImportRuns).where(w),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/**
 * Start (or restart, after a crash mid-run) a queued run: its earlier partial report is dropped,
 * since items are written idempotently. Null when the run already finished.
 */
export async function claimRun(db: DbOrTx, id: string): Promise<JobImportRunRow | null> {
  const [row] = await db
    .update(jobImportRuns)
    .set({ status: 'RUNNING', startedAt: new Date(), created: 0, updated: 0, unchanged: 0, rejected: 0, error: null })
    .where(and(eq(jobImportRuns.id, id), inArray(jobImportRuns.status, ['QUEUED', 'RUNNING'])))
    .returning();
  if (!row) return null;
  await db.delete(jobImportRunItems).where(eq(jobImportRunItems.runId, id));
  return row;
}

export async function updateRunCounts(
  db: DbOrTx,
  id: string,
  c: { created: number; updated: number; unchanged: number; rejected: number },
) {
  await db.update(jobImportRuns).set(c).where(eq(jobImportRuns.id, id));
}

export async function finishRun(
  db: DbOrTx,
  id: string,
  r: { status: 'SUCCEEDED' | 'FAILED'; error?: string | null; created: number; updated: number; unchanged: number; rejected: number },
) {
  await db
    .update(jobImportRuns)
    .set({ ...r, error: r.error ?? null, content: null, finishedAt: new Date() })
    .where(eq(jobImportRuns.id, id));
}

export async function insertRunItems(db: DbOrTx, items: Array<typeof jobImportRunItems.$inferInsert>): Promise<void> {
  for (let i = 0; i < items.length; i += 500) await db.insert(jobImportRunItems).values(items.slice(i, i + 500));
}

export async function listRunItems(db: DbOrTx, runId: string, q: { page: number; size: number; outcome?: string | undefined }) {
  const w = and(
    eq(jobImportRunItems.runId, runId),
    q.outcome ? eq(jobImportRunItems.outcome, q.outcome as JobImportRunItemRow['outcome']) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(jobImportRunItems)
      .where(w)
      .orderBy(jobImportRunItems.position)
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ n: count() }).from(jobImportRunItems).where(w),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
