/**
 * The bot ladder: every bot plays the same fixed games against the built-in AIs (the
 * intermediate preset, one seed per pairing and seat order), and is ranked by points
 * (win 3, draw 1, loss 0), then by fewer guesses in its wins, then by who got there first.
 */
import { presetSettings, type AiLevel, type DeductionSettings } from './settings.ts';

export const LADDER_OPPONENTS: readonly AiLevel[] = ['EASY', 'MEDIUM', 'HARD'];
export const LADDER_SEEDS: readonly string[] = ['moim-ladder-1', 'moim-ladder-2', 'moim-ladder-3', 'moim-ladder-4'];
export const LADDER_POINTS = { WON: 3, DRAW: 1, LOST: 0 } as const;

export function ladderSettings(): DeductionSettings {
  return presetSettings('INTERMEDIATE', 'MIXED');
}

export interface LadderGame {
  seed: string;
  opponent: AiLevel;
  /** The bot's seat (0 or 1): the bot plays both seat orders over the seeds. */
  botSeat: number;
}

/** The ladder's games, in order; `seeds` lets tests play a shorter ladder. */
export function ladderGames(seeds: readonly string[] = LADDER_SEEDS): LadderGame[] {
  const games: LadderGame[] = [];
  for (const opponent of LADDER_OPPONENTS) {
    for (const [i, seed] of seeds.entries()) games.push({ seed: `${seed}|${opponent}`, opponent, botSeat: i % 2 });
  }
  return games;
}

export interface LadderTally {
  played: number;
  wins: number;
  draws: number;
  losses: number;
  points: number;
  /** Guesses in the bot's wins, summed (fewer is better at equal points). */
  winGuesses: number;
  /** Turns the bot lost to errors, time-outs or invalid answers. */
  faults: number;
}

export function emptyTally(): LadderTally {
  return { played: 0, wins: 0, draws: 0, losses: 0, points: 0, winGuesses: 0, faults: 0 };
}
