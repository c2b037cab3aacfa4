import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeDuration, describeSchedule, generateSessionDates } from './study-schedule.ts';
import { WEEKDAYS, addDays, weekdayOf } from './seoul-dates.ts';

describe('generateSessionDates', () => {
  it('WEEKLY Mon/Wed: every Monday and Wednesday between start and end', () => {
    // 2026-12-01 is a Tuesday.
    expect(weekdayOf('2026-12-01')).toBe('TUE');
    expect(
      generateSessionDates({ recurrenceType: 'WEEKLY', weekdays: ['MON', 'WED'], startDate: '2026-12-01', endDate: '2026-12-16' }),
    ).toEqual(['2026-12-02', '2026-12-07', '2026-12-09', '2026-12-14', '2026-12-16']);
  });

  it('BIWEEKLY counts weeks from the start date’s week (Monday-based)', () => {
    // start Tue 2026-12-01 → week 0 = Nov 30–Dec 6, week 2 = Dec 14–20, week 4 = Dec 28–Jan 3
    expect(
      generateSessionDates({ recurrenceType: 'BIWEEKLY', weekdays: ['MON', 'SAT'], startDate: '2026-12-01', endDate: '2027-01-03' }),
    ).toEqual(['2026-12-05', '2026-12-14', '2026-12-19', '2026-12-28', '2027-01-02']);
  });

  it('WEEKLY without weekdays uses the start date’s weekday', () => {
    expect(generateSessionDates({ recurrenceType: 'WEEKLY', weekdays: [], startDate: '2026-12-01', endDate: '2026-12-15' })).toEqual([
      '2026-12-01',
      '2026-12-08',
      '2026-12-15',
    ]);
  });

  it('DAILY every day, or only on the listed weekdays', () => {
    expect(generateSessionDates({ recurrenceType: 'DAILY', startDate: '2026-12-01', endDate: '2026-12-03' })).toHaveLength(3);
    const weekdaysOnly = generateSessionDates({
      recurrenceType: 'DAILY',
      weekdays: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
      startDate: '2026-12-01',
      endDate: '2026-12-14',
    });
    expect(weekdaysOnly).toHaveLength(10);
    expect(weekdaysOnly.map(weekdayOf)).not.toContain('SAT');
  });

  it('MONTHLY keeps the day of the month, clamped to short months', () => {
    expect(generateSessionDates({ recurrenceType: 'MONTHLY', startDate: '2027-01-31', endDate: '2027-05-01' })).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
  });

  it('ONE_TIME is the start date; an end before the start gives nothing', () => {
    expect(generateSessionDates({ recurrenceType: 'ONE_TIME', startDate: '2026-12-05', endDate: '2026-12-05' })).toEqual(['2026-12-05']);
    expect(generateSessionDates({ recurrenceType: 'WEEKLY', startDate: '2026-12-05', endDate: '2026-12-01' })).toEqual([]);
  });

  it('dates are ordered, unique, inside the range and on listed weekdays (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('DAILY' as const, 'WEEKLY' as const, 'BIWEEKLY' as const),
        fc.subarray([...WEEKDAYS], { minLength: 1 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 120 }),
        (recurrenceType, weekdays, offset, span) => {
          const startDate = addDays('2026-01-01', offset);
          const endDate = addDays(startDate, span);
          const dates = generateSessionDates({ recurrenceType, weekdays, startDate, endDate });
          expect([...dates].sort()).toEqual(dates);
          expect(new Set(dates).size).toBe(dates.length);
          for (const d of dates) {
            expect(d >= startDate && d <= endDate).toBe(true);
            expect(weekdays).toContain(weekdayOf(d));
          }
          if (recurrenceType === 'WEEKLY' && span >= 6) expect(dates.length).toBeGreaterThanOrEqual(weekdays.length);
        },
      ),
    );
  });
});

describe('schedule text', () => {
  it('describes schedules and durations in Korean', () => {
    expect(describeSchedule('WEEKLY', { weekdays: ['WED', 'MON'], startTime: '20:00', endTime: '22:00' }, '2026-12-01')).toBe(
      '매주 월·수 20:00–22:00',
    );
    expect(
      describeSchedule('DAILY', { weekdays: ['MON', 'TUE', 'WED', 'THU', 'FRI'], startTime: '07:00', endTime: '07:30' }, '2026-12-01'),
    ).toBe('평일 매일 07:00–07:30');
    expect(describeSchedule('MONTHLY', { weekdays: [], startTime: '19:00', endTime: '21:00' }, '2026-12-15')).toBe('매월 15일 19:00–21:00');
    expect(describeDuration('2026-12-01', '2027-01-25')).toBe('8주');
    expect(describeDuration('2026-12-05', '2026-12-05')).toBe('1일');
  });
});
