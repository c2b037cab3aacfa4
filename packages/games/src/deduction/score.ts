/**
 * Scoring (docs/deduction.md "Score"). Integer arithmetic in hundredths for the factors, so
 * the score is the same in every engine.
 *
 *   win   = 1000 + max(0, turnBonus + timeBonus − revealCost)
 *           turnBonus  = round(M × 2000 × (H − g) / (H − 1))   g = own guesses, H = round cap (50 if none)
 *           timeBonus  = round(M × 1000 × (T − min(s, T)) / T)  s = own thinking seconds, T = H × turn seconds
 *           revealCost = round(M × (300 × answer reveals + 100 × wrong reveals))
 *           M = difficulty factor × opponent factor
 *   draw  = 400 + round(400 × progress)      (the cap rule shared the win)
 *   loss  = round(400 × progress)            progress = how far the player narrowed the answer sets
 *
 * So a win never scores below 1000 and a loss or draw never above 800: every loss pays less than
 * the smallest win, whatever the settings; and a win's score only falls with more guesses or
 * more time.
 */
import { binom, binomExact, bitLength } from './combinatorics.ts';
import type { AiLevel, DeductionSettings, SeatSpec } from './settings.ts';

export const WIN_BASE = 1000;
export const TURN_BONUS = 2000;
export const TIME_BONUS = 1000;
export const ANSWER_REVEAL_COST = 300;
export const WRONG_REVEAL_COST = 100;
export const LOSS_MAX = 400;
export const DRAW_BASE = 400;
/** Reference number of rounds for games without a cap. */
export const UNCAPPED_ROUNDS = 50;

const AI_STRENGTH: Record<AiLevel, number> = { EASY: 100, MEDIUM: 125, HARD: 150 };

/** Difficulty factor in hundredths: bits of C(pool − hints, answers) / 12, in steps of 0.05, within 0.5–3. */
export function difficultyFactor(settings: Pick<DeductionSettings, 'poolSize' | 'hintCount' | 'answerCount'>): number {
  const bits = bitLength(binomExact(settings.poolSize - settings.hintCount, settings.answerCount));
  const twentieths = Math.round((bits * 20) / 12);
  return Math.min(300, Math.max(50, twentieths * 5));
}

/** Opponent factor in hundredths: the strongest opponent (EASY AI, people and bots 1, MEDIUM 1.25, HARD 1.5) + 0.1 per extra opponent. */
export function opponentFactor(opponents: readonly SeatSpec[]): number {
  if (opponents.length === 0) return 100;
  const strongest = Math.max(...opponents.map((o) => (o.kind === 'AI' ? AI_STRENGTH[o.level] : 100)));
  return strongest + 10 * (opponents.length - 1);
}

export interface ScoreInput {
  standing: 'WON' | 'DRAW' | 'LOST';
  guesses: number;
  seconds: number;
  settings: DeductionSettings;
  opponents: readonly SeatSpec[];
  answerReveals: number;
  wrongReveals: number;
  /** 0..1: how far the player narrowed the answer sets (only for draws and losses). */
  progress: number;
}

export interface ScoreBreakdown {
  score: number;
  standing: 'WON' | 'DRAW' | 'LOST';
  base: number;
  turnBonus: number;
  timeBonus: number;
  revealCost: number;
  progressPoints: number;
  /** Hundredths. */
  difficultyFactor: number;
  opponentFactor: number;
}

export function scoreDeduction(input: ScoreInput): ScoreBreakdown {
  const D = difficultyFactor(input.settings);
  const O = opponentFactor(input.opponents);
  const common = { standing: input.standing, difficultyFactor: D, opponentFactor: O };
  if (input.standing !== 'WON') {
    const p = Math.min(1, Math.max(0, Number.isFinite(input.progress) ? input.progress : 0));
    const progressPoints = Math.round(LOSS_MAX * p);
    const base = input.standing === 'DRAW' ? DRAW_BASE : 0;
    return { ...common, score: base + progressPoints, base, turnBonus: 0, timeBonus: 0, revealCost: 0, progressPoints };
  }
  const M = D * O; // ten-thousandths
  const H = input.settings.maxRounds ?? UNCAPPED_ROUNDS;
  const g = Math.max(1, input.guesses);
  const turnBonus = H > 1 ? Math.round((M * TURN_BONUS * Math.max(0, H - g)) / (10_000 * (H - 1))) : Math.round((M * TURN_BONUS) / 10_000);
  const T = H * input.settings.turnSeconds;
  const s = Math.min(Math.max(0, input.seconds), T);
  const timeBonus = Math.round((M * TIME_BONUS * (T - s)) / (10_000 * T));
  const revealCost = Math.round((M * (ANSWER_REVEAL_COST * input.answerReveals + WRONG_REVEAL_COST * input.wrongReveals)) / 10_000);
  return {
    ...common,
    score: WIN_BASE + Math.max(0, turnBonus + timeBonus - revealCost),
    base: WIN_BASE,
    turnBonus,
    timeBonus,
    revealCost,
    progressPoints: 0,
  };
}

/** Progress from the answer sets a player could believe at the deal to those left at the end. */
export function narrowingProgress(settings: DeductionSettings, remaining: number): number {
  const start = binom(settings.poolSize - settings.hintCount, settings.answerCount);
  if (start <= 1) return 1;
  if (remaining <= 1) return 1;
  return Math.min(1, Math.max(0, 1 - Math.log2(remaining) / Math.log2(start)));
}
