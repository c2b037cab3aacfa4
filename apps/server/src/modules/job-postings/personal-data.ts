/**
 * The jobs navigator's part of a member's data export and erasure (docs/privacy.md): saved
 * postings, saved searches, recently viewed postings, the skill profile and correction reports.
 * Erasure deletes all of them but the reports, whose text is emptied (the posting's history keeps
 * that a correction was asked for).
 */
import { ERASED_TEXT } from '@moim/contract';
import { asc, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { ModulePrivacy } from '../types.ts';
import { jobBookmarks, jobCorrections, jobPostings, jobRecentViews, jobSavedSearches, jobSkillProfiles } from './schema.ts';

export function jobPostingsPrivacy(ctx: AppContext): ModulePrivacy {
  const { db } = ctx;
  const postingRef = { id: jobPostings.id, title: jobPostings.title };
  return {
    sections: [
      {
        file: 'job-postings',
        about: {
          ko: '채용 공고: 저장한 공고, 저장한 검색과 알림 설정, 최근 본 공고, 기술 프로필, 보낸 정정 요청',
          en: 'Jobs: saved postings, saved searches and their alerts, recently viewed postings, your skill profile, the corrections you reported',
        },
        async collect(userId) {
          const saved = await db
            .select({ posting: postingRef, savedAt: jobBookmarks.createdAt })
            .from(jobBookmarks)
            .innerJoin(jobPostings, eq(jobPostings.id, jobBookmarks.postingId))
            .where(eq(jobBookmarks.userId, userId))
            .orderBy(asc(jobBookmarks.createdAt));
          const searches = await db
            .select({
              id: jobSavedSearches.id,
              name: jobSavedSearches.name,
              filters: jobSavedSearches.filters,
              alertEnabled: jobSavedSearches.alertEnabled,
              lastAlertedAt: jobSavedSearches.lastAlertedAt,
              createdAt: jobSavedSearches.createdAt,
            })
            .from(jobSavedSearches)
            .where(eq(jobSavedSearches.userId, userId))
            .orderBy(asc(jobSavedSearches.createdAt));
          const recent = await db
            .select({ posting: postingRef, viewedAt: jobRecentViews.viewedAt })
            .from(jobRecentViews)
            .innerJoin(jobPostings, eq(jobPostings.id, jobRecentViews.postingId))
            .where(eq(jobRecentViews.userId, userId))
            .orderBy(desc(jobRecentViews.viewedAt));
          const [profile] = await db.select().from(jobSkillProfiles).where(eq(jobSkillProfiles.userId, userId));
          const corrections = await db
            .select({
              id: jobCorrections.id,
              postingId: jobCorrections.postingId,
              kind: jobCorrections.kind,
              message: jobCorrections.message,
              status: jobCorrections.status,
              createdAt: jobCorrections.createdAt,
            })
            .from(jobCorrections)
            .where(eq(jobCorrections.reporterId, userId))
            .orderBy(asc(jobCorrections.createdAt));
          const { userId: _u, ...skillProfile } = profile ?? { userId };
          return {
            savedPostings: saved,
            savedSearches: searches,
            recentlyViewed: recent,
            skillProfile: profile ? skillProfile : null,
            corrections,
          };
        },
      },
    ],
    async erase(userId) {
      await db.delete(jobBookmarks).where(eq(jobBookmarks.userId, userId));
      await db.delete(jobSavedSearches).where(eq(jobSavedSearches.userId, userId));
      await db.delete(jobRecentViews).where(eq(jobRecentViews.userId, userId));
      await db.delete(jobSkillProfiles).where(eq(jobSkillProfiles.userId, userId));
      await db.update(jobCorrections).set({ message: ERASED_TEXT }).where(eq(jobCorrections.reporterId, userId));
    },
  };
}
