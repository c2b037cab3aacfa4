/**
 * Player and game statistics: games played, best and average score, time played, last
 * played, per-game figures (TETRIS lines, combo, level; DEDUCTION wins) and the score history
 * for charts. Guest imports count here (they are the player's games) but never on the boards.
 */
import {
  GAME_TYPE_CODE_VALUES,
  type GameStatistics,
  type GameStatsSummary,
  type GameTypeCodeValue,
  type MyGameStatistics,
  type MyStatistics,
  type UserStatistics,
} from '@moim/contract';
import type { Clock } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/app-error.ts';
import type { LeaderboardService } from './leaderboard-service.ts';
import * as repo from './repo.ts';

const GAME_STATS_TTL_MS = 10_000;

function emptySummary(gameType: GameTypeCodeValue): repo.SummaryRow {
  return {
    gameType,
    gamesPlayed: 0,
    bestScore: null,
    averageScore: null,
    totalTimeSeconds: 0,
    lastPlayedAt: null,
    totalLines: 0,
    maxCombo: 0,
    bestLevel: 0,
    wins: 0,
    losses: 0,
  };
}

export class StatisticsService {
  private readonly gameCache = new Map<GameTypeCodeValue, { at: number; value: GameStatistics }>();

  constructor(
    private readonly ctx: AppContext,
    private readonly boards: LeaderboardService,
    private readonly clock: Clock,
  ) {}

  private async summaries(userId: string, only?: GameTypeCodeValue): Promise<GameStatsSummary[]> {
    const rows = await repo.userSummaries(this.ctx.db, userId, only);
    const byType = new Map(rows.map((r) => [r.gameType, r]));
    const types = only ? [only] : GAME_TYPE_CODE_VALUES;
    return Promise.all(
      types.map(async (gameType) => {
        const r = byType.get(gameType) ?? emptySummary(gameType);
        const summary: GameStatsSummary = {
          gameType,
          gamesPlayed: r.gamesPlayed,
          bestScore: r.bestScore,
          averageScore: r.averageScore,
          totalTimeSeconds: r.totalTimeSeconds,
          lastPlayedAt: r.lastPlayedAt ? r.lastPlayedAt.toISOString() : null,
          rank: await this.boards.rankOf(gameType, 'ALL_TIME', userId),
        };
        if (gameType === 'TETRIS') summary.tetris = { totalLines: r.totalLines, maxCombo: r.maxCombo, bestLevel: r.bestLevel };
        if (gameType === 'DEDUCTION') {
          const decided = r.wins + r.losses;
          summary.deduction = { wins: r.wins, losses: r.losses, winRate: decided === 0 ? 0 : Math.round((r.wins / decided) * 1000) / 1000 };
        }
        return summary;
      }),
    );
  }

  async my(userId: string): Promise<MyStatistics> {
    const games = await this.summaries(userId);
    const last = games.map((g) => g.lastPlayedAt).filter((t): t is string => t !== null);
    return {
      gamesPlayed: games.reduce((n, g) => n + g.gamesPlayed, 0),
      totalTimeSeconds: games.reduce((n, g) => n + g.totalTimeSeconds, 0),
      lastPlayedAt: last.length ? last.sort().at(-1)! : null,
      games,
    };
  }

  async myGame(userId: string, gameType: GameTypeCodeValue, historyLimit: number): Promise<MyGameStatistics> {
    const [summary] = await this.summaries(userId, gameType);
    const history = await repo.userHistory(this.ctx.db, userId, gameType, historyLimit);
    return {
      ...summary!,
      history: history.map((h) => ({
        recordId: h.id,
        score: h.score,
        playedAt: h.playedAt.toISOString(),
        verified: h.verified,
        ranked: h.ranked,
        source: h.source,
        level: h.level,
        linesCleared: h.linesCleared,
        timeElapsedSeconds: h.timeElapsedSeconds,
      })),
    };
  }

  /** The public part of a player's statistics (no time played). */
  async user(userId: string): Promise<UserStatistics> {
    const profile = (await this.boards.users.profiles([userId])).get(userId);
    if (!profile) throw notFound('games.userNotFound');
    const games = await this.summaries(userId);
    return {
      userId,
      name: profile.name,
      profileImage: profile.profileImage,
      games: games.map(({ totalTimeSeconds: _t, ...rest }) => rest),
    };
  }

  async game(gameType: GameTypeCodeValue): Promise<GameStatistics> {
    const hit = this.gameCache.get(gameType);
    if (hit && this.clock().getTime() - hit.at < GAME_STATS_TTL_MS) return hit.value;
    const s = await repo.gameSummary(this.ctx.db, gameType);
    const value: GameStatistics = {
      gameType,
      ...s,
      lastPlayedAt: s.lastPlayedAt ? s.lastPlayedAt.toISOString() : null,
      rankedPlayers: await this.boards.size(gameType, 'ALL_TIME'),
    };
    this.gameCache.set(gameType, { at: this.clock().getTime(), value });
    return value;
  }

  /** Drop cached game statistics (after a new result). */
  invalidate(gameType: GameTypeCodeValue): void {
    this.gameCache.delete(gameType);
  }
}
