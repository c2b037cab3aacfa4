/**
 * Demo game scores: honest Tetris games played by the deterministic bot on seeds issued by
 * the games service and ended through it, so every score on the demo boards was verified
 * by replay. Short games keep start-up fast (about a second for all of them).
 */
import { playTetrisBot } from '@moim/games';
import type { AppContext } from '../../context.ts';
import type { Seeder } from '../../seed/index.ts';
import { backdateSession } from './repo.ts';

interface SharedUsers {
  admin?: string;
  leader?: string;
  member?: string;
  others?: string[];
}

/** Active ticks per demo game, per player: varied lengths give varied scores. */
const TETRIS_PLAN: number[][] = [[2400, 3600], [1800], [3000, 1200], [4200], [2000], [2600, 900], [3300], [1500]];

export const gamesSeeder: Seeder = {
  name: 'games',
  async demo(ctx: AppContext, shared: Record<string, unknown>) {
    const users = shared.users as SharedUsers | undefined;
    const games = ctx.services.games;
    if (!users || !games) {
      ctx.log.warn('games demo: no demo users; skipped');
      return;
    }
    // Seven Tetris players, so a newcomer's first game always makes the top 10. The member
    // keeps an empty Tetris record (their first game tops their stats) and plays Deduction.
    const players = [users.leader, users.admin, ...(users.others ?? []).slice(0, 5)].filter((id): id is string => typeof id === 'string');
    let n = 0;
    for (const [i, userId] of players.entries()) {
      for (const ticks of TETRIS_PLAN[i % TETRIS_PLAN.length]!) {
        const session = await games.start(userId, 'TETRIS', { demo: true });
        const game = playTetrisBot(session.seed, { maxActiveTicks: ticks, botSeed: `demo-${i}-${ticks}` });
        // The bot played in no time; the session is dated back to when a person would have started.
        await backdateSession(ctx.db, session.sessionId, Math.ceil(game.log.ticks / 60) + 5);
        await games.end(userId, session.sessionId, { ...game.summary, gameData: game.log });
        n++;
      }
    }
    const deduction = [users.member, users.leader, ...(users.others ?? []).slice(0, 3)].filter(
      (id): id is string => typeof id === 'string',
    );
    for (const [i, userId] of deduction.entries()) {
      const session = await games.start(userId, 'DEDUCTION', { demo: true });
      await backdateSession(ctx.db, session.sessionId, 600);
      await games.end(userId, session.sessionId, {
        score: 1500 - i * 170,
        won: i % 3 !== 2,
        difficulty: ['EASY', 'NORMAL', 'HARD'][i % 3]!,
        guessesCount: 3 + i,
        hintsUsed: i % 3,
        wrongAnswerHintsUsed: 0,
        correctAnswerHintsUsed: i % 3,
        timeElapsedSeconds: 240 + i * 30,
        playersCount: 1,
        opponentType: 'NONE',
        gameData: { demo: true },
      });
      n++;
    }
    ctx.log.info({ games: n }, 'games demo: verified demo scores recorded');
  },
};
