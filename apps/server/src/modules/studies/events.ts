/**
 * The domain events the studies module publishes (GUIDE §1: reactions that flow upward go
 * through the transactional outbox). Each is written in the transaction of the change it
 * reports; subscribers (payments, …) handle it after the commit, at least once.
 */
import type { InactiveReason } from './schema.ts';

export interface MemberLeftEvent {
  studyId: string;
  userId: string;
  applicationId: string | null;
  reason: InactiveReason;
  /** YYYY-MM-DD (Asia/Seoul) */
  studyStartDate: string;
  /** ISO 8601: when the membership ended */
  at: string;
}

export type StudiesEvents = {
  /** A member's active membership ended (left, removed by the leader, or three warnings). */
  'studies.member-left': MemberLeftEvent;
};
