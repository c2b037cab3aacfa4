/**
 * Leaderboard periods. WEEKLY boards run from Monday 00:00 to the next Monday 00:00 in
 * Asia/Seoul (UTC+9 all year: Korea has no daylight saving time), so the arithmetic is a
 * fixed offset, no time-zone database.
 */
import type { LeaderboardPeriod } from '@moim/contract';

const DAY_MS = 86_400_000;
const SEOUL_OFFSET_MS = 9 * 3_600_000;

export const ALL_TIME_KEY = 'ALL';

/** Epoch ms of the Monday 00:00 (Asia/Seoul) that starts the week containing `ms`. */
export function seoulWeekStart(ms: number): number {
  const day = Math.floor((ms + SEOUL_OFFSET_MS) / DAY_MS); // days since 1970-01-01 (a Thursday) in Seoul
  const mondayBased = (day + 3) % 7; // Monday = 0
  return (day - mondayBased) * DAY_MS - SEOUL_OFFSET_MS;
}

/** 'W2026-11-16': the Seoul calendar date of the week's Monday. */
export function weekKey(ms: number): string {
  const start = seoulWeekStart(ms);
  return `W${new Date(start + SEOUL_OFFSET_MS).toISOString().slice(0, 10)}`;
}

/**
 * A board key is a period key with an optional variant (a DEDUCTION difficulty):
 * 'ALL', 'W2026-11-16', 'ALL/BEGINNER', 'W2026-11-16/ADVANCED'.
 */
export function splitBoardKey(key: string): { period: string; variant: string | null } {
  const slash = key.indexOf('/');
  return slash < 0 ? { period: key, variant: null } : { period: key.slice(0, slash), variant: key.slice(slash + 1) };
}

export function withVariant(periodKeyValue: string, variant: string | null | undefined): string {
  return variant ? `${periodKeyValue}/${variant}` : periodKeyValue;
}

/** Week start of a 'W…' key (with or without a variant), as epoch ms. */
export function weekKeyStart(key: string): number {
  return Date.parse(`${splitBoardKey(key).period.slice(1)}T00:00:00+09:00`);
}

/** The storage key of a period's board at time `now` (of a variant's board when given). */
export function periodKey(period: LeaderboardPeriod, now: number, variant?: string | null): string {
  return withVariant(period === 'WEEKLY' ? weekKey(now) : ALL_TIME_KEY, variant);
}

/** The keys a result played at `ms` counts for: the game's boards, and its variant's when given. */
export function periodKeysFor(ms: number, variant?: string | null): string[] {
  const keys = [ALL_TIME_KEY, weekKey(ms)];
  return variant ? [...keys, ...keys.map((k) => withVariant(k, variant))] : keys;
}

/** ISO time (with the Seoul offset) of a weekly board's start. */
export function periodStartIso(key: string): string | null {
  const { period } = splitBoardKey(key);
  if (period === ALL_TIME_KEY) return null;
  return `${period.slice(1)}T00:00:00+09:00`;
}

const LAST_4_DIGIT_YEAR_MS = 253_402_300_799_999; // 9999-12-31T23:59:59.999Z
const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * `new Date(ms).toISOString()`, the same string, written without the Date (about 2.5× cheaper;
 * a board answer formats one per entry on every read). Outside 1970–9999 or for a fractional ms
 * it is toISOString itself.
 */
export function isoTimeOf(ms: number): string {
  if (!Number.isInteger(ms) || ms < 0 || ms > LAST_4_DIGIT_YEAR_MS) return new Date(ms).toISOString();
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  // days since 1970-01-01 → proleptic Gregorian date (H. Hinnant's civil_from_days)
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const h = Math.floor(rest / 3_600_000);
  rest -= h * 3_600_000;
  const m = Math.floor(rest / 60_000);
  rest -= m * 60_000;
  const s = Math.floor(rest / 1000);
  return `${year}-${pad2(month)}-${pad2(day)}T${pad2(h)}:${pad2(m)}:${pad2(s)}.${pad3(rest - s * 1000)}Z`;
}
