/**
 * A study's refundable deposit (보증금, docs/deposits.md): the leader's amount and rule, what an
 * application owes (the fee plus the deposit), and the facts the payments module settles the
 * deposit from (through the payment hooks). The rule can change until a seat is held or taken:
 * after that every member has paid under it.
 */
import { DEFAULT_DEPOSIT_RULE, type DepositRule, type StudyDepositView } from '@moim/contract';
import type { DepositAttendance } from '../calendar/index.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import { accessOf, assertLeaderOrAdmin, assertVisible, studyNotFound } from './access.ts';
import type { StudyDeps } from './deps.ts';
import { activeMembers } from './membership-repo.ts';
import type { StudyRow } from './schema.ts';
import { findStudy, lockStudy, updateStudy } from './study-repo.ts';

type Costed = Pick<StudyRow, 'costType' | 'cost' | 'depositAmount'>;

/** What an accepted application owes: the fee (none for a FREE study) plus the deposit. */
export const amountDueOf = (s: Costed): number => (s.costType === 'FREE' ? 0 : s.cost) + s.depositAmount;
/** Nothing to pay: accepted at once. */
export const isFreeStudy = (s: Costed): boolean => amountDueOf(s) === 0;

export const depositRuleOf = (s: Pick<StudyRow, 'depositAmount' | 'depositRule'>): DepositRule => ({
  ...DEFAULT_DEPOSIT_RULE,
  ...(s.depositRule ?? {}),
  amount: s.depositAmount,
});

const lockedRule = (s: Pick<StudyRow, 'seatsTaken' | 'status'>) =>
  s.seatsTaken > 0 || s.status === 'COMPLETED' || s.status === 'TERMINATED';

/** What payments reads to settle a study's deposits (payment hooks `depositFacts`). */
export interface DepositFacts {
  studyId: string;
  title: string;
  leaderId: string;
  status: StudyRow['status'];
  /** YYYY-MM-DD, Asia/Seoul */
  endDate: string;
  rule: DepositRule;
  attendance: DepositAttendance;
  /** active members (not the OWNER) and when they joined */
  members: { userId: string; joinedAt: Date }[];
}

export class DepositSettings {
  constructor(private readonly d: StudyDeps) {}

  private get db() {
    return this.d.ctx.db;
  }

  /** GET /api/studies/{id}/deposit: anyone who may see the study (applicants read what they will pay). */
  async get(studyId: string, user: AuthUser | null): Promise<StudyDepositView> {
    const study = await findStudy(this.db, studyId);
    if (!study) throw studyNotFound();
    assertVisible(study, await accessOf(this.db, study, user));
    return { studyId, rule: depositRuleOf(study), locked: lockedRule(study) };
  }

  /** PUT /api/studies/{id}/deposit: the leader or an admin, until a seat is held (409 BIZ-3002). */
  async set(studyId: string, user: AuthUser, rule: DepositRule): Promise<StudyDepositView> {
    const found = await findStudy(this.db, studyId);
    if (!found) throw studyNotFound();
    const a = await accessOf(this.db, found, user);
    assertVisible(found, a);
    assertLeaderOrAdmin(a, 'studies.depositLeaderOnly');
    const row = await this.db.transaction(async (tx) => {
      const s = await lockStudy(tx, studyId);
      if (!s) throw studyNotFound();
      if (lockedRule(s)) {
        throw new AppError('BIZ-3002', 'studies.depositLocked', { reason: 'SEATS_TAKEN', seatsTaken: s.seatsTaken, status: s.status });
      }
      const { amount, ...rest } = rule;
      return updateStudy(tx, studyId, { depositAmount: amount, depositRule: rest });
    });
    this.d.caches.invalidate();
    return { studyId, rule: depositRuleOf(row!), locked: false };
  }

  async facts(studyId: string): Promise<DepositFacts | null> {
    const s = await findStudy(this.db, studyId);
    if (!s) return null;
    const [attendance, members] = await Promise.all([this.d.calendar.checkIns.depositAttendance(studyId), activeMembers(this.db, studyId)]);
    return {
      studyId,
      title: s.title,
      leaderId: s.leaderId,
      status: s.status,
      endDate: s.endDate,
      rule: depositRuleOf(s),
      attendance,
      members: members.filter((m) => m.role !== 'OWNER').map((m) => ({ userId: m.userId, joinedAt: m.joinedAt })),
    };
  }
}
