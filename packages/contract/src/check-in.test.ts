import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ATTENDANCE_STATUSES } from './calendar-rules.ts';
import { DEFAULT_CHECK_IN_RULES, attendanceSummary, attendanceTrend, checkInMoment, checkInWindow, csvCell } from './check-in.ts';

describe('attendanceSummary (the one definition)', () => {
  it('counts LATE as attended, leaves EXCUSED out, treats no record as absent, from the joining day', () => {
    const s = attendanceSummary(
      [
        { date: '2026-11-02', status: 'PRESENT' }, // before joining: not counted
        { date: '2026-11-09', status: 'PRESENT' },
        { date: '2026-11-16', status: 'LATE' },
        { date: '2026-11-23', status: 'EXCUSED' },
        { date: '2026-11-30', status: null },
        { date: '2026-12-07', status: 'PRESENT' },
      ],
      '2026-11-05',
    );
    expect(s).toEqual({ rate: 75, counted: 4, present: 2, late: 1, absent: 1, excused: 1, streak: 1, warn: false });
  });

  it('is null with nothing counted; three absences warn; the streak skips excused sessions', () => {
    expect(attendanceSummary([], '2026-01-01').rate).toBeNull();
    expect(attendanceSummary([{ date: '2026-01-02', status: 'EXCUSED' }], '2026-01-01').rate).toBeNull();
    const three = ['ABSENT', null, 'ABSENT'].map((status, i) => ({ date: `2026-01-0${i + 2}`, status: status as 'ABSENT' | null }));
    expect(attendanceSummary(three, '2026-01-01')).toMatchObject({ absent: 3, warn: true, rate: 0 });
    const s = attendanceSummary(
      [
        { date: '2026-01-02', status: 'PRESENT' },
        { date: '2026-01-03', status: 'EXCUSED' },
        { date: '2026-01-04', status: 'LATE' },
      ],
      '2026-01-01',
    );
    expect(s.streak).toBe(2);
  });

  it('always adds up (property)', () => {
    const entry = fc.record({
      date: fc.integer({ min: 1, max: 28 }).map((d) => `2026-02-${String(d).padStart(2, '0')}`),
      status: fc.constantFrom(...ATTENDANCE_STATUSES, null),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 40 }), (entries) => {
        const s = attendanceSummary(entries, '2026-02-01');
        expect(s.counted).toBe(s.present + s.late + s.absent);
        expect(s.counted + s.excused).toBe(entries.length);
        expect(s.streak).toBeLessThanOrEqual(s.present + s.late);
        if (s.rate !== null) expect(s.rate).toBeGreaterThanOrEqual(0);
        if (s.rate !== null) expect(s.rate).toBeLessThanOrEqual(100);
        expect(s.rate === null).toBe(s.counted === 0);
      }),
    );
  });
});

describe('attendanceTrend (the study’s curve)', () => {
  const sessions = [
    { eventId: 'c', date: '2026-03-16' },
    { eventId: 'a', date: '2026-03-02' },
    { eventId: 'b', date: '2026-03-09' },
  ];
  it('orders sessions by date, counts the members of each day, and follows the first session’s members', () => {
    const t = attendanceTrend(sessions, [
      { joinedOn: '2026-02-20', leftOn: null, records: { a: 'PRESENT', b: 'LATE', c: 'PRESENT' } },
      { joinedOn: '2026-02-20', leftOn: '2026-03-12', records: { a: 'PRESENT', b: 'EXCUSED' } },
      { joinedOn: '2026-03-05', leftOn: null, records: { b: 'PRESENT' } },
      { joinedOn: '2026-02-20', leftOn: null, records: {} },
    ]);
    expect(t.map((x) => x.eventId)).toEqual(['a', 'b', 'c']);
    expect(t.map((x) => [x.enrolled, x.attended, x.excused, x.rate, x.retention])).toEqual([
      [3, 2, 0, 66.7, 100],
      [4, 2, 1, 66.7, 100],
      [3, 1, 0, 33.3, 66.7],
    ]);
  });

  it('is empty without sessions, and null where nobody counts', () => {
    expect(attendanceTrend([], [])).toEqual([]);
    expect(attendanceTrend([{ eventId: 'a', date: '2026-03-02' }], [])).toEqual([
      { eventId: 'a', date: '2026-03-02', enrolled: 0, attended: 0, excused: 0, rate: null, retention: null },
    ]);
  });

  it('keeps rates within 0–100 and retention never rising (property)', () => {
    const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-02-${String(d).padStart(2, '0')}`);
    const member = fc.record({
      joinedOn: day,
      leftOn: fc.option(day, { nil: null }),
      records: fc.dictionary(fc.constantFrom('e1', 'e2', 'e3', 'e4'), fc.constantFrom(...ATTENDANCE_STATUSES)),
    });
    const list = fc.uniqueArray(day, { minLength: 1, maxLength: 4 }).map((ds) => ds.map((date, i) => ({ eventId: `e${i + 1}`, date })));
    fc.assert(
      fc.property(list, fc.array(member, { maxLength: 12 }), (ss, roll) => {
        const t = attendanceTrend(ss, roll);
        expect(t).toHaveLength(ss.length);
        let last = 100;
        for (const x of t) {
          expect(x.attended + x.excused).toBeLessThanOrEqual(x.enrolled);
          if (x.rate !== null) expect(x.rate).toBeGreaterThanOrEqual(0);
          if (x.rate !== null) expect(x.rate).toBeLessThanOrEqual(100);
          if (x.retention !== null) {
            expect(x.retention).toBeLessThanOrEqual(last);
            last = x.retention;
          }
        }
      }),
    );
  });
});

describe('the window', () => {
  it('opens 15 minutes before a Seoul start, is LATE after 10 minutes and closes after 30 (bounds inclusive)', () => {
    const w = checkInWindow({ date: '2026-12-07', startTime: '20:00' }, DEFAULT_CHECK_IN_RULES);
    expect(w.startsAt.toISOString()).toBe('2026-12-07T11:00:00.000Z');
    const at = (m: number, s = 0) => new Date(w.startsAt.getTime() + m * 60_000 + s * 1000);
    expect(checkInMoment(w, at(-15, -1))).toBe('BEFORE');
    expect(checkInMoment(w, at(-15))).toBe('PRESENT');
    expect(checkInMoment(w, at(10))).toBe('PRESENT');
    expect(checkInMoment(w, at(10, 1))).toBe('LATE');
    expect(checkInMoment(w, at(30))).toBe('LATE');
    expect(checkInMoment(w, at(30, 1))).toBe('AFTER');
  });
});

describe('csvCell (OWASP CSV injection)', () => {
  it('quotes every cell and defuses formula starts', () => {
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    expect(csvCell('+82')).toBe(`"'+82"`);
    expect(csvCell('-3')).toBe(`"'-3"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\tx')).toBe(`"'\tx"`);
    expect(csvCell('say "hi"')).toBe(`"say ""hi"""`);
    expect(csvCell(75.5)).toBe('"75.5"');
    expect(csvCell(null)).toBe('""');
  });
});
