/**
 * The games module's part of a member's data export and erasure (docs/privacy.md): their game
 * records and settings. Records stay with the account deleted (leaderboards show it as a
 * deleted account); play settings go.
 */
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { ModulePrivacy } from '../types.ts';
import { gamePlayerSettings, gameRecords } from './schema.ts';

export function gamesPrivacy(ctx: AppContext): ModulePrivacy {
  const { db } = ctx;
  return {
    sections: [
      {
        file: 'games',
        about: {
          ko: '게임 기록: 게임별 점수, 레벨, 줄 수, 승패, 검증·순위 반영 여부, 플레이 시각과 기록 세부(입력 로그), 게임 설정',
          en: 'Game records: score, level, lines, win, whether verified and ranked, when played and the record details (input log), and your game settings',
        },
        async collect(userId) {
          const records = await db
            .select({
              id: gameRecords.id,
              gameType: gameRecords.gameType,
              source: gameRecords.source,
              verified: gameRecords.verified,
              ranked: gameRecords.ranked,
              personalBest: gameRecords.personalBest,
              score: gameRecords.score,
              level: gameRecords.level,
              linesCleared: gameRecords.linesCleared,
              maxCombo: gameRecords.maxCombo,
              won: gameRecords.won,
              timeElapsedSeconds: gameRecords.timeElapsedSeconds,
              details: gameRecords.details,
              gameData: gameRecords.gameData,
              playedAt: gameRecords.playedAt,
            })
            .from(gameRecords)
            .where(eq(gameRecords.userId, userId))
            .orderBy(asc(gameRecords.playedAt));
          const settings = await db
            .select({
              gameType: gamePlayerSettings.gameType,
              settings: gamePlayerSettings.settings,
              updatedAt: gamePlayerSettings.updatedAt,
            })
            .from(gamePlayerSettings)
            .where(eq(gamePlayerSettings.userId, userId));
          return { records, settings };
        },
      },
    ],
    async erase(userId) {
      await db.delete(gamePlayerSettings).where(eq(gamePlayerSettings.userId, userId));
    },
  };
}
