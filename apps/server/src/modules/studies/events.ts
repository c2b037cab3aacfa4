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

/** Why an application closed without becoming a membership. */
export type ApplicationCloseCause =
  /** the leader (or an admin) rejected it */
  | 'REJECTED'
  /** the applicant withdrew it */
  | 'CANCELLED'
  /** an unpaid seat hold reached its payment deadline */
  | 'DEADLINE'
  /** the study was terminated while the seat was held unpaid */
  | 'STUDY_TERMINATED';

export interface ApplicationClosedEvent {
  applicationId: string;
  studyId: string;
  userId: string;
  /** the application's status after the close */
  status: 'REJECTED' | 'CANCELLED' | 'EXPIRED';
  cause: ApplicationCloseCause;
  /** ISO 8601: when it closed */
  at: string;
}

export type StudiesEvents = {
  /** A member's active membership ended (left, removed by the leader, or three warnings). */
  'studies.member-left': MemberLeftEvent;
  /**
   * An application closed before it was paid: rejected, cancelled by the applicant, expired at
   * its payment deadline, or ended because the study was terminated (its recruitment closed)
   * while the seat was held unpaid. Never published for a paid (CONFIRMED) application.
   */
  'studies.application-closed': ApplicationClosedEvent;
};
