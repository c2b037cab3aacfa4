/** SQL for members' data exports (migration 0038). Nothing else touches this table. */
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { dataExports, type DataExportRow } from './schema.ts';

/** The row without the archive (lists and state checks never load the zip). */
const meta = {
  id: dataExports.id,
  userId: dataExports.userId,
  status: dataExports.status,
  requestedAt: dataExports.requestedAt,
  readyAt: dataExports.readyAt,
  expiresAt: dataExports.expiresAt,
  sizeBytes: dataExports.sizeBytes,
  downloadedAt: dataExports.downloadedAt,
};
export type DataExportMeta = Omit<DataExportRow, 'archive'>;

/** A new pending export, or undefined when the member already has one pending (the unique index). */
export async function insertPending(db: DbOrTx, userId: string, at: Date): Promise<DataExportMeta | undefined> {
  const rows = await db
    .insert(dataExports)
    .values({ userId, requestedAt: at })
    .onConflictDoNothing({ target: dataExports.userId, where: sql`status = 'PENDING'` })
    .returning(meta);
  return rows[0];
}

export async function findPending(db: DbOrTx, userId: string): Promise<DataExportMeta | undefined> {
  const [row] = await db
    .select(meta)
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), eq(dataExports.status, 'PENDING')));
  return row;
}

export async function findMeta(db: DbOrTx, id: string): Promise<DataExportMeta | undefined> {
  const [row] = await db.select(meta).from(dataExports).where(eq(dataExports.id, id));
  return row;
}

export async function listForUser(db: DbOrTx, userId: string, limit: number): Promise<DataExportMeta[]> {
  return db.select(meta).from(dataExports).where(eq(dataExports.userId, userId)).orderBy(desc(dataExports.requestedAt)).limit(limit);
}

/** The zip of a ready export that is still within its days. */
export async function readArchive(db: DbOrTx, id: string, now: Date): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ archive: dataExports.archive })
    .from(dataExports)
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'READY'), sql`${dataExports.expiresAt} > ${now.toISOString()}::timestamptz`));
  return row?.archive ?? undefined;
}

/** PENDING → READY with its zip (compare-and-swap: a redelivered job finds it done). */
export async function markReady(
  db: DbOrTx,
  id: string,
  archive: Buffer,
  readyAt: Date,
  expiresAt: Date,
): Promise<DataExportMeta | undefined> {
  const [row] = await db
    .update(dataExports)
    .set({ status: 'READY', archive, sizeBytes: archive.length, readyAt, expiresAt })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'PENDING')))
    .returning(meta);
  return row;
}

export async function markFailed(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(dataExports)
    .set({ status: 'FAILED' })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'PENDING')));
}

export async function markDownloaded(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(dataExports).set({ downloadedAt: at }).where(eq(dataExports.id, id));
}

/** Ready exports past their days: the zip is removed, the row stays as EXPIRED. How many. */
export async function expireDue(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .update(dataExports)
    .set({ status: 'EXPIRED', archive: null })
    .where(and(eq(dataExports.status, 'READY'), lte(dataExports.expiresAt, now)))
    .returning({ id: dataExports.id });
  return rows.length;
}

export async function deleteForUser(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(dataExports).where(eq(dataExports.userId, userId));
}
