/** SQL for a study's composed page (draft and published sections). */
import type { StudyPageSection } from '@moim/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type StudyPageRow, studyPages } from './schema.ts';

export async function findPage(db: DbOrTx, studyId: string): Promise<StudyPageRow | undefined> {
  const [row] = await db.select().from(studyPages).where(eq(studyPages.studyId, studyId));
  return row;
}

export async function saveDraft(db: DbOrTx, studyId: string, sections: StudyPageSection[], by: string, at: Date): Promise<StudyPageRow> {
  const [row] = await db
    .insert(studyPages)
    .values({ studyId, draft: sections, draftUpdatedAt: at, draftUpdatedBy: by })
    .onConflictDoUpdate({ target: studyPages.studyId, set: { draft: sections, draftUpdatedAt: at, draftUpdatedBy: by } })
    .returning();
  return row!;
}

/** The draft becomes the published version (version + 1); undefined when there is no draft. */
export async function publishDraft(db: DbOrTx, studyId: string, by: string, at: Date): Promise<StudyPageRow | undefined> {
  const [row] = await db
    .update(studyPages)
    .set({ published: sql`${studyPages.draft}`, publishedAt: at, publishedBy: by, version: sql`${studyPages.version} + 1` })
    .where(and(eq(studyPages.studyId, studyId), isNotNull(studyPages.draft)))
    .returning();
  return row;
}
