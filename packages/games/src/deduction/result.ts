/** The SPEC §3 DEDUCTION result of a finished game, for the seat that is recorded (seat 0). */
import type { DeductionGame } from './engine.ts';
import { narrowingProgress, scoreDeduction, type ScoreBreakdown } from './score.ts';
import { AI_LEVELS, type AiLevel, type SeatSpec } from './settings.ts';

export interface DeductionResultFields {
  score: number;
  won: boolean;
  difficulty: string;
  guessesCount: number;
  hintsUsed: number;
  wrongAnswerHintsUsed: number;
  correctAnswerHintsUsed: number;
  timeElapsedSeconds: number;
  playersCount: number;
  opponentType: 'AI' | 'HUMAN' | 'BOT' | 'MIXED';
  opponentDifficulty: AiLevel | null;
  opponentId: string | null;
}

export const DEDUCTION_RESULT_FIELDS = [
  'score',
  'won',
  'difficulty',
  'guessesCount',
  'hintsUsed',
  'wrongAnswerHintsUsed',
  'correctAnswerHintsUsed',
  'timeElapsedSeconds',
  'playersCount',
  'opponentType',
  'opponentDifficulty',
  'opponentId',
] as const satisfies readonly (keyof DeductionResultFields)[];

export function describeOpponents(
  opponents: readonly SeatSpec[],
): Pick<DeductionResultFields, 'opponentType' | 'opponentDifficulty' | 'opponentId'> {
  const kinds = new Set(opponents.map((o) => o.kind));
  const opponentType = kinds.size === 1 ? (opponents[0]!.kind === 'AI' ? 'AI' : opponents[0]!.kind) : 'MIXED';
  let opponentDifficulty: AiLevel | null = null;
  for (const o of opponents) {
    if (o.kind === 'AI' && (opponentDifficulty === null || AI_LEVELS.indexOf(o.level) > AI_LEVELS.indexOf(opponentDifficulty))) {
      opponentDifficulty = o.level;
    }
  }
  const bots = opponents.filter((o): o is Extract<SeatSpec, { kind: 'BOT' }> => o.kind === 'BOT');
  return { opponentType, opponentDifficulty, opponentId: bots.length === 1 ? bots[0]!.botId : null };
}

export function deductionResult(game: DeductionGame, seat = 0): { fields: DeductionResultFields; breakdown: ScoreBreakdown } {
  const standing = game.standing(seat);
  if (!standing) throw new Error('the game is not over');
  const s = game.seatStates[seat]!;
  const opponents = game.seats.filter((_, i) => i !== seat);
  const remaining = standing === 'WON' ? 1 : (game.outcome!.candidateCounts?.[seat] ?? game.model(seat).total);
  const seconds = Math.floor(s.ms / 1000);
  const breakdown = scoreDeduction({
    standing,
    guesses: s.guesses.length,
    seconds,
    settings: game.settings,
    opponents,
    answerReveals: s.answerReveals.length,
    wrongReveals: s.wrongReveals.length,
    progress: narrowingProgress(game.settings, remaining),
  });
  return {
    breakdown,
    fields: {
      score: breakdown.score,
      won: standing === 'WON',
      difficulty: game.settings.preset,
      guessesCount: s.guesses.length,
      hintsUsed: s.answerReveals.length + s.wrongReveals.length,
      wrongAnswerHintsUsed: s.wrongReveals.length,
      correctAnswerHintsUsed: s.answerReveals.length,
      timeElapsedSeconds: seconds,
      playersCount: game.players,
      ...describeOpponents(opponents),
    },
  };
}
