/**
 * Studio's part of a member's data export and erasure (docs/privacy.md): their documents, the
 * analyses of them and their drafts. Erasure deletes all of it (and the quota counters).
 */
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { ModulePrivacy } from '../types.ts';
import { studioAnalyses, studioDocuments, studioDrafts, studioQuotaUsage } from './schema.ts';

export function studioPrivacy(ctx: AppContext): ModulePrivacy {
  const { db } = ctx;
  return {
    sections: [
      {
        file: 'studio',
        about: {
          ko: '스튜디오 문서: 제목, 원문(또는 주소), 분석 요청과 결과, 작성 중인 초안',
          en: 'Studio documents: title, text (or address), the analyses you asked for and their results, your drafts',
        },
        async collect(userId) {
          const documents = await db
            .select({
              id: studioDocuments.id,
              title: studioDocuments.title,
              source: studioDocuments.source,
              url: studioDocuments.url,
              createdAt: studioDocuments.createdAt,
              updatedAt: studioDocuments.updatedAt,
            })
            .from(studioDocuments)
            .where(eq(studioDocuments.ownerId, userId))
            .orderBy(asc(studioDocuments.createdAt));
          const analyses = await db
            .select({
              id: studioAnalyses.id,
              documentId: studioAnalyses.documentId,
              status: studioAnalyses.status,
              title: studioAnalyses.title,
              body: studioAnalyses.body,
              url: studioAnalyses.url,
              purpose: studioAnalyses.purpose,
              audience: studioAnalyses.audience,
              tone: studioAnalyses.tone,
              locale: studioAnalyses.locale,
              result: studioAnalyses.result,
              createdAt: studioAnalyses.createdAt,
              completedAt: studioAnalyses.completedAt,
            })
            .from(studioAnalyses)
            .where(eq(studioAnalyses.ownerId, userId))
            .orderBy(asc(studioAnalyses.createdAt));
          const drafts = await db
            .select({
              documentId: studioDrafts.documentId,
              analysisId: studioDrafts.analysisId,
              text: studioDrafts.text,
              decisions: studioDrafts.decisions,
              settings: studioDrafts.settings,
              updatedAt: studioDrafts.updatedAt,
            })
            .from(studioDrafts)
            .where(eq(studioDrafts.ownerId, userId));
          return { documents, analyses, drafts };
        },
      },
    ],
    async erase(userId) {
      await db.transaction(async (tx) => {
        await tx.delete(studioDrafts).where(eq(studioDrafts.ownerId, userId));
        await tx.delete(studioAnalyses).where(eq(studioAnalyses.ownerId, userId));
        await tx.delete(studioDocuments).where(eq(studioDocuments.ownerId, userId));
        await tx.delete(studioQuotaUsage).where(eq(studioQuotaUsage.userId, userId));
      });
    },
  };
}
