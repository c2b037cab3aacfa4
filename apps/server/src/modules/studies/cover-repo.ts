/** SQL for study cover images (study_cover_images and the cover columns of studies). */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { studies, studyCoverImages } from './schema.ts';

export type CoverVariant = 'source' | '1280' | '640';

/** A new upload: the next version, PENDING, its source kept until the job has processed it. */
export async function putCoverSource(tx: Tx, studyId: string, contentType: string, bytes: Buffer, etag: string): Promise<number> {
  const [row] = await tx
    .update(studies)
    .set({ coverImageVersion: sql`${studies.coverImageVersion} + 1`, coverImageStatus: 'PENDING', updatedAt: new Date() })
    .where(eq(studies.id, studyId))
    .returning({ version: studies.coverImageVersion });
  const version = row!.version;
  await tx
    .insert(studyCoverImages)
    .values({ studyId, variant: 'source', version, contentType, bytes, byteSize: bytes.length, etag })
    .onConflictDoUpdate({
      target: [studyCoverImages.studyId, studyCoverImages.variant],
      set: { version, contentType, bytes, byteSize: bytes.length, etag, createdAt: new Date() },
    });
  return version;
}

/**
 * A processed variant to serve, read with its study: `study` is false for an unknown or deleted
 * study (deleted studies are hidden everywhere, their cover too), `image` undefined when it has none.
 */
export async function getServedCover(db: DbOrTx, studyId: string, variant: '1280' | '640') {
  const [row] = await db
    .select({ deleted: studies.deleted, image: studyCoverImages })
    .from(studies)
    .leftJoin(studyCoverImages, and(eq(studyCoverImages.studyId, studies.id), eq(studyCoverImages.variant, variant)))
    .where(eq(studies.id, studyId));
  if (!row || row.deleted) return { study: false as const, image: undefined };
  return { study: true as const, image: row.image ?? undefined };
}

export async function getCover(db: DbOrTx, studyId: string, variant: CoverVariant) {
  const [row] = await db
    .select()
    .from(studyCoverImages)
    .where(and(eq(studyCoverImages.studyId, studyId), eq(studyCoverImages.variant, variant)));
  return row;
}

/** Publish the processed variants, unless a newer upload or a removal came in meanwhile. */
export async function storeProcessedCover(
  tx: Tx,
  studyId: string,
  version: number,
  variants: { variant: '1280' | '640'; bytes: Buffer; etag: string }[],
  url: string,
): Promise<boolean> {
  const updated = await tx
    .update(studies)
    .set({ coverImage: url, coverImageStatus: 'READY', updatedAt: new Date() })
    .where(and(eq(studies.id, studyId), eq(studies.coverImageVersion, version), eq(studies.deleted, false)))
    .returning({ id: studies.id });
  if (updated.length === 0) return false;
  for (const v of variants) {
    await tx
      .insert(studyCoverImages)
      .values({ studyId, variant: v.variant, version, contentType: 'image/webp', bytes: v.bytes, byteSize: v.bytes.length, etag: v.etag })
      .onConflictDoUpdate({
        target: [studyCoverImages.studyId, studyCoverImages.variant],
        set: { version, contentType: 'image/webp', bytes: v.bytes, byteSize: v.bytes.length, etag: v.etag, createdAt: new Date() },
      });
  }
  await tx
    .delete(studyCoverImages)
    .where(and(eq(studyCoverImages.studyId, studyId), eq(studyCoverImages.variant, 'source'), eq(studyCoverImages.version, version)));
  return true;
}

/** The source could not be read as an image: FAILED (the previous cover, if any, stays). */
export async function markCoverFailed(db: DbOrTx, studyId: string, version: number): Promise<void> {
  await db
    .update(studies)
    .set({ coverImageStatus: 'FAILED', updatedAt: new Date() })
    .where(and(eq(studies.id, studyId), eq(studies.coverImageVersion, version)));
  await db
    .delete(studyCoverImages)
    .where(and(eq(studyCoverImages.studyId, studyId), eq(studyCoverImages.variant, 'source'), eq(studyCoverImages.version, version)));
}

/** Remove the cover: a new version with no image (a pending upload is dropped too). */
export async function removeCover(tx: Tx, studyId: string): Promise<void> {
  await tx
    .update(studies)
    .set({
      coverImage: null,
      coverImageStatus: 'NONE',
      coverImageVersion: sql`${studies.coverImageVersion} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(studies.id, studyId));
  await tx.delete(studyCoverImages).where(eq(studyCoverImages.studyId, studyId));
}
