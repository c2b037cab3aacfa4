/**
 * Deposit studies (보증금): a refundable amount a member pays with (or instead of) the fee and gets
 * back by attendance. The rule's shapes and the one arithmetic every part uses (server settlement,
 * the web's preview, the property test): docs/deposits.md, docs/decisions/0044-deposit-rules.md.
 */
import { z } from 'zod';
import type { AttendanceStatus } from './calendar-rules.ts';

export const DEPOSIT_MIN = 1_000;
export const DEPOSIT_MAX = 1_000_000;

/** What a late arrival gets back of a session's share. */
export const DEPOSIT_LATE_SHARES = ['FULL', 'HALF', 'NONE'] as const;
/** What an excused session gets back of its share. */
export const DEPOSIT_EXCUSED_SHARES = ['FULL', 'NONE'] as const;
/** Where the kept part goes at the end: the study keeps it, or it is shared among perfect attendees. */
export const DEPOSIT_FORFEITS = ['STUDY', 'PERFECT_ATTENDEES'] as const;
export type DepositLateShare = (typeof DEPOSIT_LATE_SHARES)[number];
export type DepositExcusedShare = (typeof DEPOSIT_EXCUSED_SHARES)[number];
export type DepositForfeit = (typeof DEPOSIT_FORFEITS)[number];

export const depositRuleSchema = z
  .object({
    /** integer KRW; 0 = no deposit */
    amount: z.number().int().min(0).max(DEPOSIT_MAX),
    late: z.enum(DEPOSIT_LATE_SHARES).default('HALF'),
    excused: z.enum(DEPOSIT_EXCUSED_SHARES).default('FULL'),
    forfeit: z.enum(DEPOSIT_FORFEITS).default('STUDY'),
  })
  .strict()
  .refine((r) => r.amount === 0 || r.amount >= DEPOSIT_MIN, { path: ['amount'], message: 'form.depositAmountRange' });
export type DepositRule = z.infer<typeof depositRuleSchema>;

export const DEFAULT_DEPOSIT_RULE: DepositRule = { amount: 0, late: 'HALF', excused: 'FULL', forfeit: 'STUDY' };

export const DEPOSIT_REFUND_KINDS = ['SESSION', 'FINAL', 'BONUS'] as const;
export type DepositRefundKind = (typeof DEPOSIT_REFUND_KINDS)[number];
export const DEPOSIT_REFUND_STATUSES = ['PENDING', 'DONE', 'FAILED', 'AWAITING_TRANSFER'] as const;
export type DepositRefundStatus = (typeof DEPOSIT_REFUND_STATUSES)[number];

export const depositRefundView = z.object({
  id: z.string(),
  kind: z.enum(DEPOSIT_REFUND_KINDS),
  /** the session it settles (SESSION), null for FINAL and BONUS */
  eventId: z.string().nullable(),
  sessionDate: z.string().nullable(),
  /** the member's record the amount came from (SESSION) */
  attendance: z.string().nullable(),
  amount: z.number().int(),
  status: z.enum(DEPOSIT_REFUND_STATUSES),
  /** CARD: a partial cancellation with the provider; TRANSFER: the admin's payout list */
  channel: z.enum(['CARD', 'TRANSFER']),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
});
export type DepositRefundView = z.infer<typeof depositRefundView>;

export const depositAccountView = z.object({
  studyId: z.string(),
  userId: z.string(),
  name: z.string(),
  orderId: z.string(),
  method: z.enum(['CARD', 'BANK_TRANSFER']),
  deposit: z.number().int(),
  refunded: z.number().int(),
  /** money of the refunds still on their way (PENDING, AWAITING_TRANSFER) */
  pending: z.number().int(),
  /** deposit − refunds (bonus excluded): what the study keeps or shares at the end */
  kept: z.number().int(),
  settled: z.boolean(),
  refunds: z.array(depositRefundView),
});
export type DepositAccountView = z.infer<typeof depositAccountView>;

export const studyDepositView = z.object({
  studyId: z.string(),
  rule: depositRuleSchema,
  /** the rule can change until a seat is held with the deposit in its amount */
  locked: z.boolean(),
});
export type StudyDepositView = z.infer<typeof studyDepositView>;

/** A row of the admin's payout list: who is paid, for which study, to which account, and why a card refund failed. */
export const depositPayoutView = depositRefundView.extend({
  studyId: z.string(),
  studyTitle: z.string().nullable(),
  userId: z.string(),
  /** the member's name and email (null when the users service cannot tell) */
  user: z.object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() }),
  orderId: z.string(),
  refundAccount: z.object({ bank: z.string(), number: z.string(), holder: z.string() }).nullable(),
  /** FAILED: the provider's refusal (`CODE: message`), as it answered */
  failure: z.string().nullable(),
});
export type DepositPayoutView = z.infer<typeof depositPayoutView>;

/** A study in the payout list's picker: its refunds by what they wait for. */
export const depositPayoutStudy = z.object({
  studyId: z.string(),
  studyTitle: z.string().nullable(),
  awaitingTransfer: z.number().int(),
  failed: z.number().int(),
  total: z.number().int(),
});
export type DepositPayoutStudy = z.infer<typeof depositPayoutStudy>;

// ---------------------------------------------------------------------------------------------
// The arithmetic (pure; integer KRW)

/** Each session's share of the deposit: equal, the first `amount mod n` one won more; sums to `amount`. */
export function depositShares(amount: number, sessions: number): number[] {
  if (sessions <= 0) return [];
  const base = Math.floor(amount / sessions);
  const extra = amount - base * sessions;
  return Array.from({ length: sessions }, (_, i) => base + (i < extra ? 1 : 0));
}

/**
 * A session's record as the deposit reads it: `null` = no record in a session whose attendance was
 * taken (an absence), `'NOT_TAKEN'` = nobody's attendance was taken, or the session was before the
 * member joined (returned in full: a member is not charged for what nobody recorded).
 */
export type DepositSessionRecord = AttendanceStatus | null | 'NOT_TAKEN';

/** What a session gives back of its share under the rule. */
export function sessionRefund(share: number, record: DepositSessionRecord, rule: Pick<DepositRule, 'late' | 'excused'>): number {
  switch (record) {
    case 'PRESENT':
    case 'NOT_TAKEN':
      return share;
    case 'LATE':
      return rule.late === 'FULL' ? share : rule.late === 'HALF' ? Math.floor(share / 2) : 0;
    case 'EXCUSED':
      return rule.excused === 'FULL' ? share : 0;
    default:
      return 0;
  }
}

/**
 * The rule's "perfect attendee": on time at every session (a session nobody recorded, or an
 * excused one when the rule returns excused sessions in full, does not spoil it).
 */
export function isPerfectAttendance(records: DepositSessionRecord[], rule: Pick<DepositRule, 'excused'>): boolean {
  return records.every((r) => r === 'PRESENT' || r === 'NOT_TAKEN' || (r === 'EXCUSED' && rule.excused === 'FULL'));
}

/**
 * The end of a member's deposit: `entitled` = what the rule gives back over every session with
 * the final records; `final` = what is still owed after the refunds already made (never negative:
 * a record corrected downwards after its session was refunded is not clawed back, that member
 * keeps less); `kept` = deposit − every refund.
 */
export function finalSettlement(
  deposit: number,
  records: DepositSessionRecord[],
  rule: Pick<DepositRule, 'late' | 'excused'>,
  alreadyRefunded: number,
): { entitled: number; final: number; kept: number } {
  const shares = depositShares(deposit, records.length);
  const entitled = records.length === 0 ? deposit : shares.reduce((sum, s, i) => sum + sessionRefund(s, records[i]!, rule), 0);
  const final = Math.max(0, Math.min(deposit - alreadyRefunded, entitled - alreadyRefunded));
  return { entitled, final, kept: deposit - alreadyRefunded - final };
}

/**
 * The kept money shared among perfect attendees: equal parts, the first `pool mod k` (in the
 * given order) one won more, so the bonuses add up to the pool exactly. No perfect attendee: the
 * study keeps the pool.
 */
export function shareBonus(pool: number, perfect: string[]): Map<string, number> {
  const out = new Map<string, number>();
  if (pool <= 0 || perfect.length === 0) return out;
  const parts = depositShares(pool, perfect.length);
  perfect.forEach((id, i) => {
    if (parts[i]! > 0) out.set(id, parts[i]!);
  });
  return out;
}
