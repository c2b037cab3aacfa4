/** SQL for reviews. Authors' display fields come from the users module's `user_public` view. */
import type { ReviewTag } from '@moim/contract';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userPublic } from '../users/index.ts';
import { type ReviewRow, studyReviews } from './schema.ts';

export type ReviewWithAuthor = ReviewRow & { authorName: string; authorImage: string | null };

export async function insertReview(
  db: DbOrTx,
  r: { studyId: string; userId: string; rating: number; text: string; tags: ReviewTag[] },
): Promise<ReviewRow> {
  const [row] = await db.insert(studyReviews).values(r).returning();
  return row!;
}

export async function findReviewView(db: DbOrTx, id: string): Promise<ReviewWithAuthor | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(studyReviews), authorName: userPublic.name, authorImage: userPublic.profileImage })
    .from(studyReviews)
    .innerJoin(userPublic, eq(userPublic.id, studyReviews.userId))
    .where(eq(studyReviews.id, id));
  return row;
}

export async function listReviews(db: DbOrTx, studyId: string, q: { page: number; size: number }) {
  return db
    .select({ ...getTableColumns(studyReviews), authorName: userPublic.name, authorImage: userPublic.profileImage })
    .from(studyReviews)
    .innerJoin(userPublic, eq(userPublic.id, studyReviews.userId))
    .where(eq(studyReviews.studyId, studyId))
    .orderBy(desc(studyReviews.createdAt), desc(studyReviews.id))
    .limit(q.size)
    .offset(q.page * q.size);
}

export async function reviewStats(db: DbOrTx, studyId: string) {
  const ratings = await db
    .select({ rating: studyReviews.rating, n: sql<number>`count(*)`.mapWith(Number) })
    .from(studyReviews)
    .where(eq(studyReviews.studyId, studyId))
    .groupBy(studyReviews.rating);
  const tags = await db.execute<{ tag: string; n: string | number }>(
    sql`select t.tag, count(*) as n from study_reviews r, unnest(r.tags) as t(tag) where r.study_id = ${studyId} group by t.tag`,
  );
  return { ratings, tags: tags.rows.map((r) => ({ tag: r.tag, n: Number(r.n) })) };
}

/** The review a user wrote for a study, if any (one per member and study). */
export async function findUserReview(db: DbOrTx, studyId: string, userId: string): Promise<ReviewWithAuthor | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(studyReviews), authorName: userPublic.name, authorImage: userPublic.profileImage })
    .from(studyReviews)
    .innerJoin(userPublic, eq(userPublic.id, studyReviews.userId))
    .where(and(eq(studyReviews.studyId, studyId), eq(studyReviews.userId, userId)));
  return row;
}
