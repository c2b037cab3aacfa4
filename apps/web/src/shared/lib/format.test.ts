// The Korean dates and money written without Intl (format.ts) must be exactly ko-KR's in Asia/Seoul.
import { describe, expect, it } from 'vitest';
import { formatDate, formatKrw, formatShortDate } from './format';

const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul', ...options });

describe('Korean dates without Intl', () => {
  it('writes every day of two years, at both ends of the Seoul day, as ko-KR does', () => {
    const long = intl({ year: 'numeric', month: 'short', day: 'numeric', weekday: 'short' });
    const short = intl({ month: 'short', day: 'numeric' });
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2028, 0, 1); t += 86_400_000) {
      for (const hour of [0, 14, 15, 23]) {
        const d = new Date(t + hour * 3_600_000);
        expect(formatDate(d)).toBe(long.format(d));
        expect(formatShortDate(d)).toBe(short.format(d));
      }
    }
    expect(formatDate('2026-12-01')).toBe('2026년 12월 1일 (화)');
    expect(formatShortDate('2026-12-01T23:30:00Z')).toBe('12월 2일');
    expect(formatDate('1987-07-01T15:30:00Z')).toBe(long.format(new Date('1987-07-01T15:30:00Z')));
  });

  it('writes money as ko-KR groups it', () => {
    for (const n of [0, 500, 30000, 1234567, -4000, 29999.6]) {
      const grouped = new Intl.NumberFormat('ko-KR').format(Math.round(n));
      expect(formatKrw(n)).toBe(`${grouped}원`);
      expect(formatKrw(n, 'en')).toBe(`₩${grouped}`);
    }
  });
});
