/**
 * Demo game scores: honest Tetris games played by the deterministic bot on seeds issued by
 * the games service, and honest Deduction games refereed by it, all ended through it, so
 * every score on the demo boards was verified by replay. Short games keep start-up fast (about a second for all of them).
 */
import {
  aiGuess,
  aiMove,
  DeductionGame,
  DEDUCTION_THEMES,
  playTetrisBot,
  presetSettings,
  Rng,
  type AiLevel,
  type DeductionPresetId,
  type SeatSpec,
} from '@moim/games';
import type { AppContext } from '../../context.ts';
import type { Seeder } from '../../seed/index.ts';
import type { GamesService } from './service.ts';
import { saveLog } from './deduction-repo.ts';
import { backdateSession, findSession } from './repo.ts';

interface SharedUsers {
  admin?: string;
  leader?: string;
  member?: string;
  others?: string[];
}

/** Active ticks per demo game, per player: varied lengths give varied scores. */
const TETRIS_PLAN: number[][] = [[2400, 3600], [1800], [3000, 1200], [4200], [2000], [2600, 900], [3300], [1500]];

/** The games module's seeder (built by `createGamesModule` with the module's service). */
export const gamesSeeder = (games: GamesService): Seeder => ({
  name: 'games',
  async demo(ctx: AppContext, shared: Record<string, unknown>) {
    const users = shared.users as SharedUsers | undefined;
    if (!users) {
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
    // Deduction: honest games verified by replay. The demo player thinks like the HARD AI (from
    // its own knowledge only) and takes 5–20 s a turn; its opponents are built-in AIs.
    const deduction = [users.member, users.leader, ...(users.others ?? []).slice(0, 3)].filter(
      (id): id is string => typeof id === 'string',
    );
    const plans: { preset: DeductionPresetId; level: AiLevel }[] = [
      { preset: 'BEGINNER', level: 'MEDIUM' },
      { preset: 'BEGINNER', level: 'EASY' },
      { preset: 'BEGINNER', level: 'HARD' },
      { preset: 'BEGINNER', level: 'EASY' },
      { preset: 'INTERMEDIATE', level: 'EASY' },
    ];
    for (const [i, userId] of deduction.entries()) {
      const plan = plans[i % plans.length]!;
      const settings = presetSettings(plan.preset, DEDUCTION_THEMES[i % DEDUCTION_THEMES.length]!);
      const seats: SeatSpec[] = [
        { kind: 'HUMAN', name: '데모' },
        { kind: 'AI', level: plan.level },
      ];
      const session = await games.start(userId, 'DEDUCTION', { settings, seats, demo: true });
      // Played here in one go on the session's seed (the demo player only uses what its own
      // seat knows), then stored as the refereed log: sessions/end replays and verifies it.
      const seed = (await findSession(ctx.db, session.sessionId))!.seed;
      const game = new DeductionGame(seed, settings, seats);
      const thinking = new Rng(`demo-thinking-${i}`);
      while (!game.outcome) {
        const seat = game.activeSeat!;
        if (seat === 0)
          game.apply({ type: 'guess', seat, guess: aiGuess('HARD', game.knowledge(0), thinking), ms: (5 + thinking.nextInt(16)) * 1000 });
        else game.apply({ type: 'guess', seat, guess: aiMove(game) });
      }
      await saveLog(ctx.db, session.sessionId, 0, game.events, game.turn, true);
      const play = await games.deduction.play(userId, session.sessionId);
      if (!play.final) throw new Error('demo deduction game did not end');
      await backdateSession(ctx.db, session.sessionId, Math.ceil(play.final.result.timeElapsedSeconds) + 60);
      await games.end(userId, session.sessionId, { ...play.final.result, gameData: play.final.gameData });
      n++;
    }
    ctx.log.info({ games: n }, 'games demo: verified demo scores recorded');
  },
});
