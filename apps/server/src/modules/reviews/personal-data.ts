/**
 * Reviews' part of a member's data export and erasure (docs/privacy.md): the reviews they wrote.
 * Erasure empties the text; the rating and tags stay in the study's averages, under a deleted account.
 */
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { ModulePrivacy } from '../types.ts';
import { studyReviews } from './schema.ts';

export function reviewsPrivacy(ctx: AppContext): ModulePrivacy {
  const { db } = ctx;
  return {
    sections: [
      {
        file: 'reviews',
        about: { ko: '작성한 스터디 후기: 평점, 태그, 내용', en: 'The study reviews you wrote: rating, tags, text' },
        async collect(userId) {
          return db
            .select({
              id: studyReviews.id,
              studyId: studyReviews.studyId,
              rating: studyReviews.rating,
              tags: studyReviews.tags,
              text: studyReviews.text,
              createdAt: studyReviews.createdAt,
              updatedAt: studyReviews.updatedAt,
            })
            .from(studyReviews)
            .where(eq(studyReviews.userId, userId))
            .orderBy(asc(studyReviews.createdAt));
        },
      },
    ],
    async erase(userId) {
      await db.update(studyReviews).set({ text: '' }).where(eq(studyReviews.userId, userId));
    },
  };
}
