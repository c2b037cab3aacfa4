/**
 * Game settings of the deduction game: the three presets, the bounds of a custom game and the
 * seats (2–6; each a person at this device, a built-in AI or a custom bot). Pure validation,
 * shared by the browser (setup form), the server (session start) and the replay.
 */
import { DEDUCTION_THEMES, type DeductionTheme } from './words.ts';

export const DEDUCTION_PRESET_IDS = ['BEGINNER', 'INTERMEDIATE', 'ADVANCED'] as const;
export type DeductionPresetId = (typeof DEDUCTION_PRESET_IDS)[number];
export type DeductionDifficulty = DeductionPresetId | 'CUSTOM';
export const DEDUCTION_DIFFICULTY_VALUES = [...DEDUCTION_PRESET_IDS, 'CUSTOM'] as const;

export const AI_LEVELS = ['EASY', 'MEDIUM', 'HARD'] as const;
export type AiLevel = (typeof AI_LEVELS)[number];

export interface DeductionRules {
  poolSize: number;
  answerCount: number;
  hintCount: number;
  turnSeconds: number;
  /** Rounds (every seat guesses once per round); null = no cap. */
  maxRounds: number | null;
}

export const DEDUCTION_PRESETS: Record<DeductionPresetId, DeductionRules> = {
  BEGINNER: { poolSize: 30, answerCount: 3, hintCount: 5, turnSeconds: 90, maxRounds: 15 },
  INTERMEDIATE: { poolSize: 50, answerCount: 5, hintCount: 5, turnSeconds: 60, maxRounds: 20 },
  ADVANCED: { poolSize: 80, answerCount: 7, hintCount: 4, turnSeconds: 45, maxRounds: 25 },
};
export const DEFAULT_DEDUCTION_PRESET: DeductionPresetId = 'INTERMEDIATE';

export const DEDUCTION_CUSTOM_LIMITS = {
  poolSize: [20, 100],
  answerCount: [2, 15],
  hintCount: [2, 20],
  turnSeconds: [15, 180],
  maxRounds: [5, 50],
} as const satisfies Record<keyof DeductionRules, readonly [number, number]>;

export const DEDUCTION_MIN_SEATS = 2;
export const DEDUCTION_MAX_SEATS = 6;
export const SEAT_NAME_MAX = 20;

export interface DeductionSettings extends DeductionRules {
  preset: DeductionDifficulty;
  theme: DeductionTheme;
  /** A guess with no answer in it marks its keywords wrong for everyone (on by default). */
  globalHint: boolean;
}

export type SeatSpec = { kind: 'HUMAN'; name: string } | { kind: 'AI'; level: AiLevel } | { kind: 'BOT'; botId: string; name: string };

export function presetSettings(preset: DeductionPresetId, theme: DeductionTheme = 'MIXED'): DeductionSettings {
  return { preset, theme, globalHint: true, ...DEDUCTION_PRESETS[preset] };
}

/**
 * Why a setup is not a playable game: a stable code (never a sentence), so the setup form and
 * the server say it in the reader's language. `field` is the path inside `{settings, seats}`
 * (`settings.answerCount`, `seats.1.name`); `params` holds the numbers the rule names.
 */
export const DEDUCTION_SETUP_REASONS = [
  'SETTINGS_MISSING', // settings is not an object
  'UNKNOWN_THEME',
  'NOT_BOOLEAN', // globalHint
  'UNKNOWN_PRESET',
  'OUT_OF_RANGE', // an integer in min..max
  'PRESET_VALUE', // a preset fixes this figure to `value`
  'PRESET_NEEDS_ROUND_CAP',
  'SEAT_COUNT', // min..max seats
  'SEAT_MALFORMED',
  'SEAT_NAME', // 1..max characters
  'SEAT_BOT_MISSING',
  'UNKNOWN_AI_LEVEL',
  'UNKNOWN_SEAT_KIND',
  'TOO_MANY_ANSWERS', // at most half of the pool can be answers
  'POOL_TOO_SMALL', // every seat gets its own hints
] as const;
export type DeductionSetupReason = (typeof DEDUCTION_SETUP_REASONS)[number];

export type SetupCheck =
  { ok: true } | { ok: false; field: string; reason: DeductionSetupReason; params?: { min?: number; max?: number; value?: number } };
const bad = (field: string, reason: DeductionSetupReason, params?: { min?: number; max?: number; value?: number }): SetupCheck =>
  params ? { ok: false, field, reason, params } : { ok: false, field, reason };
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/** Checks settings and seats together (hints must fit: every seat gets its own). */
export function checkDeductionSetup(settings: DeductionSettings, seats: readonly SeatSpec[]): SetupCheck {
  if (!settings || typeof settings !== 'object') return bad('settings', 'SETTINGS_MISSING');
  const theme = settings.theme as string;
  if (theme !== 'MIXED' && !(DEDUCTION_THEMES as readonly string[]).includes(theme)) return bad('settings.theme', 'UNKNOWN_THEME');
  if (typeof settings.globalHint !== 'boolean') return bad('settings.globalHint', 'NOT_BOOLEAN');
  const preset = settings.preset as string;
  if (preset !== 'CUSTOM' && !(DEDUCTION_PRESET_IDS as readonly string[]).includes(preset)) return bad('settings.preset', 'UNKNOWN_PRESET');
  for (const key of Object.keys(DEDUCTION_CUSTOM_LIMITS) as (keyof DeductionRules)[]) {
    const v = settings[key];
    const [min, max] = DEDUCTION_CUSTOM_LIMITS[key];
    if (key === 'maxRounds' && v === null) continue;
    if (!isInt(v) || v < min || v > max) return bad(`settings.${key}`, 'OUT_OF_RANGE', { min, max });
    const fixed = preset !== 'CUSTOM' ? DEDUCTION_PRESETS[preset as DeductionPresetId][key] : undefined;
    if (fixed !== undefined && v !== fixed) return bad(`settings.${key}`, 'PRESET_VALUE', fixed === null ? undefined : { value: fixed });
  }
  if (preset !== 'CUSTOM' && settings.maxRounds === null) return bad('settings.maxRounds', 'PRESET_NEEDS_ROUND_CAP');
  if (!Array.isArray(seats) || seats.length < DEDUCTION_MIN_SEATS || seats.length > DEDUCTION_MAX_SEATS) {
    return bad('seats', 'SEAT_COUNT', { min: DEDUCTION_MIN_SEATS, max: DEDUCTION_MAX_SEATS });
  }
  for (const [i, s] of seats.entries()) {
    if (!s || typeof s !== 'object') return bad(`seats.${i}`, 'SEAT_MALFORMED');
    if (s.kind === 'HUMAN' || s.kind === 'BOT') {
      if (typeof s.name !== 'string' || s.name.trim().length === 0 || s.name.length > SEAT_NAME_MAX) {
        return bad(`seats.${i}.name`, 'SEAT_NAME', { min: 1, max: SEAT_NAME_MAX });
      }
      if (s.kind === 'BOT' && (typeof s.botId !== 'string' || s.botId.length === 0 || s.botId.length > 64)) {
        return bad(`seats.${i}.botId`, 'SEAT_BOT_MISSING');
      }
    } else if (s.kind === 'AI') {
      if (!(AI_LEVELS as readonly string[]).includes(s.level)) return bad(`seats.${i}.level`, 'UNKNOWN_AI_LEVEL');
    } else {
      return bad(`seats.${i}.kind`, 'UNKNOWN_SEAT_KIND');
    }
  }
  if (settings.answerCount * 2 > settings.poolSize) return bad('settings.answerCount', 'TOO_MANY_ANSWERS');
  if (settings.poolSize - settings.answerCount < settings.hintCount * seats.length) {
    return bad('settings.hintCount', 'POOL_TOO_SMALL');
  }
  return { ok: true };
}

/** Ranked play: a preset with the default global hint, one person, every opponent a built-in AI. */
export function isRankedSetup(settings: DeductionSettings, seats: readonly SeatSpec[]): boolean {
  return settings.preset !== 'CUSTOM' && settings.globalHint && seats[0]?.kind === 'HUMAN' && seats.slice(1).every((s) => s.kind === 'AI');
}
