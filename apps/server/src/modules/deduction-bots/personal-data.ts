/**
 * Deduction bots' part of a member's data export and erasure (docs/privacy.md): the bots they
 * wrote (code included) and their ladder results. Erasure deletes the bots (and their ladder rows).
 */
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { ModulePrivacy } from '../types.ts';
import { deductionBotLadder, deductionBots } from './schema.ts';

export function deductionBotsPrivacy(ctx: AppContext): ModulePrivacy {
  const { db } = ctx;
  return {
    sections: [
      {
        file: 'deduction-bots',
        about: {
          ko: '추리 게임 봇: 직접 만든 봇의 이름, 설명, 코드, 공유 여부와 리그 성적',
          en: 'Deduction bots: the bots you wrote (name, description, code, whether shared) and their ladder results',
        },
        async collect(userId) {
          return db
            .select({
              id: deductionBots.id,
              name: deductionBots.name,
              description: deductionBots.description,
              code: deductionBots.code,
              version: deductionBots.version,
              shared: deductionBots.shared,
              createdAt: deductionBots.createdAt,
              updatedAt: deductionBots.updatedAt,
              ladder: {
                status: deductionBotLadder.status,
                played: deductionBotLadder.played,
                wins: deductionBotLadder.wins,
                points: deductionBotLadder.points,
              },
            })
            .from(deductionBots)
            .leftJoin(deductionBotLadder, eq(deductionBotLadder.botId, deductionBots.id))
            .where(eq(deductionBots.userId, userId))
            .orderBy(asc(deductionBots.createdAt));
        },
      },
    ],
    async erase(userId) {
      await db.delete(deductionBots).where(eq(deductionBots.userId, userId));
    },
  };
}
