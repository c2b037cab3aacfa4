import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEPOSIT_EXCUSED_SHARES,
  DEPOSIT_LATE_SHARES,
  depositRuleSchema,
  depositShares,
  finalSettlement,
  isPerfectAttendance,
  sessionRefund,
  shareBonus,
  type DepositSessionRecord,
} from './deposits.ts';

const RECORDS: DepositSessionRecord[] = ['PRESENT', 'LATE', 'ABSENT', 'EXCUSED', null, 'NOT_TAKEN'];

describe('deposit arithmetic', () => {
  it('an equal share per session, the remainder one won at a time from the first', () => {
    expect(depositShares(80_000, 8)).toEqual(Array(8).fill(10_000));
    expect(depositShares(10_000, 3)).toEqual([3_334, 3_333, 3_333]);
    expect(depositShares(5, 0)).toEqual([]);
  });

  it('the leader’s rule: late half / full / nothing, excused full / nothing, absence nothing', () => {
    const r = { late: 'HALF', excused: 'FULL' } as const;
    expect(sessionRefund(10_001, 'PRESENT', r)).toBe(10_001);
    expect(sessionRefund(10_001, 'LATE', r)).toBe(5_000);
    expect(sessionRefund(10_001, 'LATE', { late: 'FULL', excused: 'FULL' })).toBe(10_001);
    expect(sessionRefund(10_001, 'LATE', { late: 'NONE', excused: 'FULL' })).toBe(0);
    expect(sessionRefund(10_001, 'EXCUSED', { late: 'HALF', excused: 'NONE' })).toBe(0);
    expect(sessionRefund(10_001, 'ABSENT', r)).toBe(0);
    expect(sessionRefund(10_001, null, r)).toBe(0);
    expect(sessionRefund(10_001, 'NOT_TAKEN', r)).toBe(10_001);
  });

  it('the rule schema: 0 or 1,000–1,000,000 won, defaults, nothing else', () => {
    expect(depositRuleSchema.parse({ amount: 50_000 })).toEqual({ amount: 50_000, late: 'HALF', excused: 'FULL', forfeit: 'STUDY' });
    expect(depositRuleSchema.safeParse({ amount: 999 }).success).toBe(false);
    expect(depositRuleSchema.safeParse({ amount: 1_000_001 }).success).toBe(false);
    expect(depositRuleSchema.safeParse({ amount: 10_000, late: 'QUARTER' }).success).toBe(false);
    expect(depositRuleSchema.safeParse({ amount: 10_000, extra: 1 }).success).toBe(false);
    expect(depositRuleSchema.parse({ amount: 0 }).amount).toBe(0);
  });

  /**
   * The settlement as the server runs it: each session settled once, at its time, with the record
   * then (a leader may correct records afterwards); the end settles the rest with the final
   * records; the kept money goes to the study or to the perfect attendees.
   */
  it('refunds, kept and bonuses add up to every deposit exactly, whatever the attendance', () => {
    const member = (n: number) =>
      fc.record({
        atSession: fc.array(fc.constantFrom(...RECORDS), { minLength: n, maxLength: n }),
        corrected: fc.array(fc.option(fc.constantFrom(...RECORDS), { nil: undefined }), { minLength: n, maxLength: n }),
      });
    const study = fc.integer({ min: 1, max: 20 }).chain((n) =>
      fc.record({
        n: fc.constant(n),
        deposit: fc.integer({ min: 1_000, max: 1_000_000 }),
        late: fc.constantFrom(...DEPOSIT_LATE_SHARES),
        excused: fc.constantFrom(...DEPOSIT_EXCUSED_SHARES),
        settledBeforeEnd: fc.integer({ min: 0, max: n }),
        members: fc.array(member(n), { minLength: 1, maxLength: 12 }),
      }),
    );
    fc.assert(
      fc.property(study, (s) => {
        const rule = { late: s.late, excused: s.excused };
        const shares = depositShares(s.deposit, s.n);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(s.deposit);
        let pool = 0;
        const perfect: string[] = [];
        s.members.forEach((m, idx) => {
          const perSession = shares.slice(0, s.settledBeforeEnd).map((share, i) => sessionRefund(share, m.atSession[i]!, rule));
          for (const [i, r] of perSession.entries()) {
            expect(r).toBeGreaterThanOrEqual(0);
            expect(r).toBeLessThanOrEqual(shares[i]!);
          }
          const already = perSession.reduce((a, b) => a + b, 0);
          const finalRecords = m.atSession.map((r, i) => (m.corrected[i] === undefined ? r : m.corrected[i]!));
          const end = finalSettlement(s.deposit, finalRecords, rule, already);
          expect(end.final).toBeGreaterThanOrEqual(0);
          expect(end.kept).toBeGreaterThanOrEqual(0);
          expect(already + end.final + end.kept).toBe(s.deposit);
          // with no correction after a session was refunded, the member gets exactly what the rule gives
          if (m.corrected.every((c) => c === undefined)) expect(already + end.final).toBe(end.entitled);
          if (isPerfectAttendance(finalRecords, rule)) {
            expect(end.kept).toBe(0);
            perfect.push(`u${idx}`);
          }
          pool += end.kept;
        });
        const bonus = shareBonus(pool, perfect);
        const shared = [...bonus.values()].reduce((a, b) => a + b, 0);
        expect(shared).toBe(perfect.length > 0 ? pool : 0);
        const values = [...bonus.values()];
        if (values.length > 1) expect(Math.max(...values) - Math.min(...values)).toBeLessThanOrEqual(1);
      }),
      { numRuns: 400, seed: 20261129 },
    );
  });
});
