/** The lab's part of a member's data export and erasure (docs/privacy.md): their rosters and draws, deleted with the account. */
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { ModulePrivacy } from '../types.ts';
import { labDraws, labRosters } from './schema.ts';

export function labPrivacy(ctx: AppContext): ModulePrivacy {
  const { db } = ctx;
  return {
    sections: [
      {
        file: 'lab',
        about: {
          ko: '실험실 도구: 저장한 명단(이름과 태그, 조 편성 설정과 최근 결과)과 추첨 기록',
          en: 'Lab tools: your saved rosters (names and tags, team settings and recent results) and your draws',
        },
        async collect(userId) {
          const rosters = await db
            .select({
              id: labRosters.id,
              name: labRosters.name,
              people: labRosters.people,
              settings: labRosters.settings,
              recent: labRosters.recent,
              createdAt: labRosters.createdAt,
              updatedAt: labRosters.updatedAt,
            })
            .from(labRosters)
            .where(eq(labRosters.userId, userId))
            .orderBy(asc(labRosters.createdAt));
          const draws = await db
            .select({
              id: labDraws.id,
              game: labDraws.game,
              mode: labDraws.mode,
              entries: labDraws.entries,
              count: labDraws.count,
              winners: labDraws.winners,
              playedAt: labDraws.playedAt,
            })
            .from(labDraws)
            .where(eq(labDraws.userId, userId))
            .orderBy(asc(labDraws.playedAt));
          return { rosters, draws };
        },
      },
    ],
    async erase(userId) {
      await db.delete(labRosters).where(eq(labRosters.userId, userId));
      await db.delete(labDraws).where(eq(labDraws.userId, userId));
    },
  };
}
