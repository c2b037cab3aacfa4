/**
 * Plays a bot's ladder: the fixed games of @moim/games ladder.ts against the built-in AIs, in
 * the QuickJS sandbox. Runs inside the ladder worker thread (ladder-worker.ts), or directly in
 * tests of the pure part.
 */
import { emptyTally, LADDER_POINTS, ladderGames, ladderSettings, playDeductionMatch, type LadderTally, type SeatSpec } from '@moim/games';
import { createBotSandbox } from './sandbox.ts';

export interface LadderGameResult {
  opponent: 'EASY' | 'MEDIUM' | 'HARD';
  botSeat: number;
  standing: 'WON' | 'DRAW' | 'LOST';
  guesses: number;
  faults: number;
}

export interface LadderRun extends LadderTally {
  games: LadderGameResult[];
  /** Set when the bot's code could not even be loaded (every game is then lost). */
  loadError: string | null;
}

/**
 * A bot that runs out of time this many times in one ladder run is stopped for the rest of it:
 * its later moves are skipped (BOT_TIMEOUT) without running its code, so an endless loop costs
 * seconds, not a quarter of an hour of the ladder's lane.
 */
export const LADDER_MAX_TIMEOUTS = 3;

export async function playLadder(
  code: string,
  seeds?: readonly string[],
  moveMs?: number,
  /** Told before and after every bot move (the worker's watchdog listens). */
  onMove?: (phase: 'start' | 'end') => void,
): Promise<LadderRun> {
  const tally = emptyTally();
  const games: LadderGameResult[] = [];
  let loadError: string | null = null;
  let timeouts = 0;
  for (const lg of ladderGames(seeds)) {
    const seats: SeatSpec[] = [{ kind: 'AI', level: lg.opponent }];
    seats.splice(lg.botSeat, 0, { kind: 'BOT', botId: 'ladder', name: 'bot' });
    onMove?.('start');
    const sandbox: Awaited<ReturnType<typeof createBotSandbox>> | null = loadError ? null : await createBotSandbox(code, moveMs);
    onMove?.('end');
    if (sandbox && 'error' in sandbox) loadError = sandbox.error;
    let faults = 0;
    const game =
      sandbox && !('error' in sandbox)
        ? await playDeductionMatch(
            lg.seed,
            ladderSettings(),
            seats,
            async (_seat, state, seed) => {
              if (timeouts >= LADDER_MAX_TIMEOUTS) return { skip: 'BOT_TIMEOUT' as const, fault: { code: 'STOPPED' as const } };
              onMove?.('start');
              try {
                const move = sandbox.move(state, seed);
                if ('skip' in move && move.skip === 'BOT_TIMEOUT') timeouts++;
                return move;
              } finally {
                onMove?.('end');
              }
            },
            (turn) => {
              if (turn.kind === 'skip') faults++;
            },
          )
        : await playDeductionMatch(
            lg.seed,
            ladderSettings(),
            seats,
            async () => ({ skip: 'BOT_ERROR' as const }),
            () => {
              faults++;
            },
          );
    if (sandbox && !('error' in sandbox)) sandbox.dispose();
    const standing = game.standing(lg.botSeat)!;
    const guesses = game.seatStates[lg.botSeat]!.guesses.length;
    tally.played++;
    tally.points += LADDER_POINTS[standing];
    tally.faults += faults;
    if (standing === 'WON') {
      tally.wins++;
      tally.winGuesses += guesses;
    } else if (standing === 'DRAW') tally.draws++;
    else tally.losses++;
    games.push({ opponent: lg.opponent, botSeat: lg.botSeat, standing, guesses, faults });
  }
  return { ...tally, games, loadError };
}
