/** Helpers for the deduction tests: honest games played to the end. */
import { aiMove } from './ai.ts';
import { DeductionGame } from './engine.ts';
import { presetSettings, type DeductionPresetId, type DeductionSettings, type SeatSpec } from './settings.ts';

export const HUMAN: SeatSpec = { kind: 'HUMAN', name: '나' };
export const easy: SeatSpec = { kind: 'AI', level: 'EASY' };
export const medium: SeatSpec = { kind: 'AI', level: 'MEDIUM' };
export const hard: SeatSpec = { kind: 'AI', level: 'HARD' };

/**
 * Plays a game where the person at seat 0 uses the HARD strategy (what a good player might
 * do) and thinks `msPerTurn` each turn; `beforeGuess` may add reveals first.
 */
export function playAsHard(
  seed: string,
  settings: DeductionSettings,
  seats: SeatSpec[],
  opts: { msPerTurn?: number; beforeGuess?: (game: DeductionGame) => void } = {},
): DeductionGame {
  const game = new DeductionGame(seed, settings, seats);
  while (!game.outcome) {
    const seat = game.activeSeat!;
    if (seats[seat]!.kind === 'AI') {
      game.apply({ type: 'guess', seat, guess: aiMove(game) });
      continue;
    }
    opts.beforeGuess?.(game);
    const shadow = new DeductionGame(
      seed,
      settings,
      seats.map((s) => (s.kind === 'AI' ? s : { kind: 'AI', level: 'HARD' })),
    );
    for (const e of game.events) shadow.apply(e);
    game.apply({ type: 'guess', seat, guess: aiMove(shadow), ms: opts.msPerTurn ?? 0 });
  }
  return game;
}

export function preset(p: DeductionPresetId): DeductionSettings {
  return presetSettings(p, 'ANIMALS');
}
