import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { periodIsSnapped, sessionBounds, snapPeriodToSessions, studySessionBounds } from './study-period.ts';
import { generateSessionDates, type SessionPlan } from './study-schedule.ts';
import { WEEKDAYS, addDays, weekdayOf } from './seoul-dates.ts';

const plan = fc
  .record({
    recurrenceType: fc.constantFrom('ONE_TIME' as const, 'DAILY' as const, 'WEEKLY' as const, 'BIWEEKLY' as const, 'MONTHLY' as const),
    weekdays: fc.subarray([...WEEKDAYS]),
    offset: fc.integer({ min: 0, max: 800 }),
    span: fc.integer({ min: 0, max: 200 }),
  })
  .map(({ recurrenceType, weekdays, offset, span }): SessionPlan => ({
    recurrenceType,
    weekdays,
    startDate: addDays('2026-01-01', offset),
    endDate: addDays('2026-01-01', offset + span),
  }));

describe('study period', () => {
  it('a weekly Thursday study proposed Wednesday to Wednesday runs from the first to the last Thursday', () => {
    // 2026-12-09 and 2027-01-13 are Wednesdays
    expect(weekdayOf('2026-12-09')).toBe('WED');
    const p: SessionPlan = { recurrenceType: 'WEEKLY', weekdays: ['THU'], startDate: '2026-12-09', endDate: '2027-01-13' };
    expect(sessionBounds(p)).toEqual({ first: '2026-12-10', last: '2027-01-07', count: 5 });
    expect(snapPeriodToSessions(p)).toEqual({ startDate: '2026-12-10', endDate: '2027-01-07' });
    expect(periodIsSnapped(p)).toBe(false);
    expect(periodIsSnapped({ ...p, startDate: '2026-12-10', endDate: '2027-01-07' })).toBe(true);
  });

  it('a period holding no session has no bounds and no snap', () => {
    // Monday to Wednesday of one week, sessions on Thursdays
    const p: SessionPlan = { recurrenceType: 'WEEKLY', weekdays: ['THU'], startDate: '2026-12-07', endDate: '2026-12-09' };
    expect(sessionBounds(p)).toBeNull();
    expect(snapPeriodToSessions(p)).toBeNull();
    expect(periodIsSnapped(p)).toBe(false);
  });

  it('a one-time study is its start date', () => {
    expect(snapPeriodToSessions({ recurrenceType: 'ONE_TIME', startDate: '2026-12-05', endDate: '2026-12-07' })).toEqual({
      startDate: '2026-12-05',
      endDate: '2026-12-05',
    });
  });

  it('reads a study as the pages have it', () => {
    expect(
      studySessionBounds({
        recurrenceType: 'WEEKLY',
        scheduleDetails: { weekdays: ['TUE'] },
        startDate: '2026-12-01',
        endDate: '2026-12-29',
      }),
    ).toEqual({ first: '2026-12-01', last: '2026-12-29', count: 5 });
  });

  it('bounds are the first and last generated session, both inside the period (property)', () => {
    fc.assert(
      fc.property(plan, (p) => {
        const dates = generateSessionDates(p, 10_000);
        const b = sessionBounds(p);
        if (dates.length === 0) {
          expect(b).toBeNull();
          return;
        }
        expect(b).toEqual({ first: dates[0], last: dates[dates.length - 1], count: dates.length });
        expect(b!.first >= p.startDate && b!.last <= p.endDate && b!.first <= b!.last).toBe(true);
      }),
    );
  });

  it('snapping keeps every session, and a snapped period is snapped (property)', () => {
    fc.assert(
      fc.property(plan, (p) => {
        const snapped = snapPeriodToSessions(p);
        if (!snapped) return;
        const q = { ...p, ...snapped };
        const before = generateSessionDates(p, 10_000);
        // one-time: the end is the start, the only session stays
        expect(generateSessionDates(q, 10_000)).toEqual(before);
        expect(periodIsSnapped(q)).toBe(true);
        expect(snapPeriodToSessions(q)).toEqual(snapped);
      }),
    );
  });

  it('no session strictly inside the cut-off days (property)', () => {
    fc.assert(
      fc.property(plan, (p) => {
        const snapped = snapPeriodToSessions(p);
        const all = generateSessionDates(p, 10_000);
        if (!snapped) {
          expect(all).toEqual([]);
          return;
        }
        expect(all.filter((d) => d < snapped.startDate || d > snapped.endDate)).toEqual([]);
      }),
    );
  });
});
