/** SQL for the studio: documents, analyses (versions), drafts, the daily quota and guest trials. */
import type { StudioStatus } from '@moim/contract';
import { and, count, desc, eq, gt, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  type StudioAnalysisRow,
  type StudioDocumentRow,
  studioAnalyses,
  type StudioDraftRow,
  studioDocuments,
  studioDrafts,
  studioQuotaUsage,
  studioTrials,
} from './schema.ts';

export type NewAnalysis = typeof studioAnalyses.$inferInsert;

export async function insertDocument(db: DbOrTx, d: typeof studioDocuments.$inferInsert): Promise<StudioDocumentRow> {
  const [row] = await db.insert(studioDocuments).values(d).returning();
  return row!;
}

export async function findDocument(db: DbOrTx, id: string, opts: { lock?: boolean } = {}): Promise<StudioDocumentRow | undefined> {
  const q = db.select().from(studioDocuments).where(eq(studioDocuments.id, id));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row;
}

export async function touchDocument(db: DbOrTx, id: string, fields: { title?: string } = {}): Promise<void> {
  await db
    .update(studioDocuments)
    .set({ updatedAt: new Date(), ...(fields.title !== undefined ? { title: fields.title } : {}) })
    .where(eq(studioDocuments.id, id));
}

export async function deleteDocument(db: DbOrTx, id: string): Promise<void> {
  await db.delete(studioDocuments).where(eq(studioDocuments.id, id));
}

export async function insertAnalysis(db: DbOrTx, a: NewAnalysis): Promise<StudioAnalysisRow> {
  const [row] = await db.insert(studioAnalyses).values(a).returning();
  return row!;
}

export async function findAnalysis(db: DbOrTx, id: string): Promise<StudioAnalysisRow | undefined> {
  const [row] = await db.select().from(studioAnalyses).where(eq(studioAnalyses.id, id));
  return row;
}

export async function latestVersion(db: DbOrTx, documentId: string): Promise<StudioAnalysisRow | undefined> {
  const [row] = await db
    .select()
    .from(studioAnalyses)
    .where(eq(studioAnalyses.documentId, documentId))
    .orderBy(desc(studioAnalyses.version))
    .limit(1);
  return row;
}

/** The owner's most recent not-failed analysis of the same URL since `since`. */
export async function recentUrlAnalysis(db: DbOrTx, ownerId: string, urlKey: string, since: Date): Promise<StudioAnalysisRow | undefined> {
  const [row] = await db
    .select()
    .from(studioAnalyses)
    .where(
      and(
        eq(studioAnalyses.ownerId, ownerId),
        eq(studioAnalyses.urlKey, urlKey),
        gt(studioAnalyses.createdAt, since),
        ne(studioAnalyses.status, 'FAILED'),
      ),
    )
    .orderBy(desc(studioAnalyses.createdAt))
    .limit(1);
  return row;
}

/** Serialises same-owner, same-URL submissions (reuse check + insert) for this transaction. */
export async function lockUrlKey(db: DbOrTx, ownerId: string, urlKey: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`studio:${ownerId}:${urlKey}`}))`);
}

/**
 * Move an analysis to `to` only from one of `from` (compare-and-swap on the status). Returns the
 * updated row, or undefined when the analysis was not in one of those states.
 */
export async function moveStatus(
  db: DbOrTx,
  id: string,
  from: readonly StudioStatus[],
  to: StudioStatus,
  fields: Partial<Pick<StudioAnalysisRow, 'failureReason' | 'result' | 'body' | 'title' | 'startedAt' | 'completedAt' | 'quotaDay'>> = {},
): Promise<StudioAnalysisRow | undefined> {
  const [row] = await db
    .update(studioAnalyses)
    .set({ status: to, ...fields })
    .where(and(eq(studioAnalyses.id, id), inArray(studioAnalyses.status, [...from])))
    .returning();
  return row;
}

export async function listOwnedDocuments(db: DbOrTx, ownerId: string, q: { page: number; size: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(studioDocuments)
      .where(eq(studioDocuments.ownerId, ownerId))
      .orderBy(desc(studioDocuments.updatedAt), desc(studioDocuments.id))
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ n: count() }).from(studioDocuments).where(eq(studioDocuments.ownerId, ownerId)),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Version summaries of several documents (no bodies or results, just what lists show). */
export async function versionSummaries(db: DbOrTx, documentIds: string[]) {
  if (documentIds.length === 0) return [];
  return db
    .select({
      id: studioAnalyses.id,
      documentId: studioAnalyses.documentId,
      version: studioAnalyses.version,
      status: studioAnalyses.status,
      overallScore: sql<number | null>`(${studioAnalyses.result} -> 'overall' ->> 'score')::float8`,
      suggestionCount: sql<number | null>`jsonb_array_length(${studioAnalyses.result} -> 'suggestions')`,
      createdAt: studioAnalyses.createdAt,
    })
    .from(studioAnalyses)
    .where(inArray(studioAnalyses.documentId, documentIds))
    .orderBy(studioAnalyses.documentId, desc(studioAnalyses.version));
}

// ---- quota

/**
 * Use one analysis of `day` if fewer than `limit` were used: one conditional upsert, so concurrent
 * submissions cannot overshoot. Returns the new count, or null when the quota is used up.
 */
export async function consumeQuota(db: DbOrTx, userId: string, day: string, limit: number): Promise<number | null> {
  const r = await db.execute<{ used: number }>(sql`
    insert into studio_quota_usage (user_id, day, used) values (${userId}, ${day}::date, 1)
    on conflict (user_id, day) do update set used = studio_quota_usage.used + 1
    where studio_quota_usage.used < ${limit}
    returning used`);
  const row = r.rows[0];
  return row ? Number(row.used) : null;
}

export async function releaseQuota(db: DbOrTx, userId: string, day: string): Promise<void> {
  await db.execute(sql`update studio_quota_usage set used = used - 1 where user_id = ${userId} and day = ${day}::date and used > 0`);
}

export async function quotaUsed(db: DbOrTx, userId: string, day: string): Promise<number> {
  const [row] = await db
    .select({ used: studioQuotaUsage.used })
    .from(studioQuotaUsage)
    .where(and(eq(studioQuotaUsage.userId, userId), sql`${studioQuotaUsage.day} = ${day}::date`));
  return row?.used ?? 0;
}

// ---- trials

/** Claim the one trial of `email`; false when it was used already (the primary key decides races). */
export async function insertTrial(db: DbOrTx, email: string, tokenHash: string): Promise<boolean> {
  const rows = await db
    .insert(studioTrials)
    .values({ email, tokenHash, consentAt: new Date() })
    .onConflictDoNothing()
    .returning({ email: studioTrials.email });
  return rows.length === 1;
}

export async function attachTrial(db: DbOrTx, email: string, documentId: string, analysisId: string): Promise<void> {
  await db.update(studioTrials).set({ documentId, analysisId }).where(eq(studioTrials.email, email));
}

export async function findTrialByAnalysis(db: DbOrTx, analysisId: string) {
  const [row] = await db
    .select()
    .from(studioTrials)
    .where(and(isNotNull(studioTrials.analysisId), eq(studioTrials.analysisId, analysisId)));
  return row;
}

/** Give a guest's trial document to the member who claimed it. */
export async function transferDocument(db: DbOrTx, documentId: string, ownerId: string): Promise<void> {
  await db.update(studioDocuments).set({ ownerId, guestEmail: null, updatedAt: new Date() }).where(eq(studioDocuments.id, documentId));
  await db.update(studioAnalyses).set({ ownerId }).where(eq(studioAnalyses.documentId, documentId));
}

// ---- drafts

export async function findDraft(db: DbOrTx, documentId: string): Promise<StudioDraftRow | undefined> {
  const [row] = await db.select().from(studioDrafts).where(eq(studioDrafts.documentId, documentId));
  return row;
}

export async function upsertDraft(
  db: DbOrTx,
  d: Pick<StudioDraftRow, 'documentId' | 'ownerId' | 'analysisId' | 'text' | 'decisions' | 'settings'>,
): Promise<StudioDraftRow> {
  const now = new Date();
  const [row] = await db
    .insert(studioDrafts)
    .values({ ...d, updatedAt: now })
    .onConflictDoUpdate({
      target: studioDrafts.documentId,
      set: { analysisId: d.analysisId, text: d.text, decisions: d.decisions, settings: d.settings, updatedAt: now },
    })
    .returning();
  return row!;
}

export async function deleteDraft(db: DbOrTx, documentId: string): Promise<void> {
  await db.delete(studioDrafts).where(eq(studioDrafts.documentId, documentId));
}
