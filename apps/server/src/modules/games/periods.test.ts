import { describe, expect, it } from 'vitest';
import { isoTimeOf, periodKey, periodKeysFor, periodStartIso, seoulWeekStart, weekKey, weekKeyStart } from './periods.ts';

describe('weekly periods (Monday 00:00 Asia/Seoul)', () => {
  it('starts the week on Monday 00:00 in Seoul, not in UTC', () => {
    // Sunday 2026-11-22 23:59:59 KST is still the week of Monday 2026-11-16.
    expect(weekKey(Date.parse('2026-11-22T23:59:59+09:00'))).toBe('W2026-11-16');
    // Monday 00:00 KST (= Sunday 15:00 UTC) starts the next week.
    expect(weekKey(Date.parse('2026-11-22T15:00:00Z'))).toBe('W2026-11-23');
    expect(weekKey(Date.parse('2026-11-22T14:59:59.999Z'))).toBe('W2026-11-16');
    expect(seoulWeekStart(Date.parse('2026-11-25T12:00:00+09:00'))).toBe(Date.parse('2026-11-23T00:00:00+09:00'));
  });

  it('round-trips keys and names the week start with its offset', () => {
    const key = weekKey(Date.parse('2027-01-01T08:00:00+09:00'));
    expect(key).toBe('W2026-12-28');
    expect(weekKeyStart(key)).toBe(Date.parse('2026-12-28T00:00:00+09:00'));
    expect(periodStartIso(key)).toBe('2026-12-28T00:00:00+09:00');
    expect(periodStartIso('ALL')).toBeNull();
  });

  it('maps periods to board keys', () => {
    const now = Date.parse('2026-11-22T10:00:00+09:00');
    expect(periodKey('ALL_TIME', now)).toBe('ALL');
    expect(periodKey('WEEKLY', now)).toBe('W2026-11-16');
    expect(periodKeysFor(now)).toEqual(['ALL', 'W2026-11-16']);
  });

  it('gives every instant of a week the same key (every hour over two years)', () => {
    let prev = '';
    let changes = 0;
    for (let ms = Date.parse('2026-01-01T00:00:00Z'); ms < Date.parse('2028-01-01T00:00:00Z'); ms += 3_600_000) {
      const k = weekKey(ms);
      if (k !== prev) {
        changes++;
        // Every change happens at a Monday 00:00 in Seoul.
        const kst = new Date(ms + 9 * 3_600_000);
        if (prev) expect([kst.getUTCDay(), kst.getUTCHours()]).toEqual([1, 0]);
        prev = k;
      }
    }
    expect(changes).toBeGreaterThanOrEqual(104);
  });
});

describe('isoTimeOf', () => {
  it('writes what toISOString writes, at edges and over random times 1970–9999', () => {
    const edges = [
      0,
      1,
      999,
      86_399_999,
      Date.parse('2000-02-29T23:59:59.999Z'),
      Date.parse('2100-02-28T12:00:00.010Z'),
      Date.parse('2100-03-01T00:00:00.000Z'),
      Date.parse('2400-02-29T00:00:00.100Z'),
      Date.parse('2026-12-31T23:59:59.999Z'),
      Date.parse('2027-01-01T00:00:00.000Z'),
      253_402_300_799_999,
      // outside what it writes itself: toISOString's own answer
      253_402_300_800_000,
      -1,
      -62_198_755_200_000,
      1.5,
    ];
    for (const ms of edges) expect(isoTimeOf(ms), String(ms)).toBe(new Date(ms).toISOString());
    let seed = 42;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 20_000; i++) {
      const ms = Math.floor(next() * 2 ** 31) * 117_993 + Math.floor(next() * 117_993);
      expect(isoTimeOf(ms)).toBe(new Date(ms).toISOString());
    }
  });
});
