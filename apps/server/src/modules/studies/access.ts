/**
 * Who the caller is to a study: admin, owner (the leader), an active manager or member. Every
 * service method decides from this, whatever the web shows. A study the caller may not see
 * answers BIZ-3001 (not 403), so its existence does not leak.
 */
import { type MemberRole, PRIVATE_STUDY_STATUSES, SLUG_VISIBLE_STUDY_STATUSES, type StudyStatus } from '@moim/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { type AuthUser, isAdmin } from '../../http/auth-guard.ts';
import type { ErrorTextKey } from '../../i18n/error-texts.ts';
import { findMembership } from './membership-repo.ts';
import type { MembershipRow, StudyRow } from './schema.ts';

export interface StudyAccess {
  userId: string | null;
  isAdmin: boolean;
  membership: MembershipRow | undefined;
  /** active role, null when not an active member */
  role: MemberRole | null;
  isOwner: boolean;
  /** OWNER or active MANAGER: decides applications, records attendance, edits events and the page */
  isManager: boolean;
  isActiveMember: boolean;
}

export async function accessOf(db: DbOrTx, study: Pick<StudyRow, 'id' | 'leaderId'>, user: AuthUser | null): Promise<StudyAccess> {
  return accessFrom(study, user, user ? await findMembership(db, study.id, user.id) : undefined);
}

/** The same, from a membership already read (with the study, in one query). */
export function accessFrom(study: Pick<StudyRow, 'leaderId'>, user: AuthUser | null, membership: MembershipRow | undefined): StudyAccess {
  if (!user) {
    return { userId: null, isAdmin: false, membership: undefined, role: null, isOwner: false, isManager: false, isActiveMember: false };
  }
  const role = membership?.isActive ? membership.role : null;
  const isOwner = study.leaderId === user.id;
  return {
    userId: user.id,
    isAdmin: isAdmin(user),
    membership,
    role,
    isOwner,
    isManager: isOwner || role === 'MANAGER',
    isActiveMember: role !== null,
  };
}

/** May this caller see the study by id? Deleted: nobody; PENDING/REJECTED: leader and admins. */
export function canSee(study: Pick<StudyRow, 'status' | 'deleted'>, a: StudyAccess): boolean {
  if (study.deleted) return false;
  if ((PRIVATE_STUDY_STATUSES as readonly StudyStatus[]).includes(study.status)) return a.isOwner || a.isAdmin;
  return true;
}

export const studyNotFound = () => new AppError('BIZ-3001', 'studies.notFound');

export function assertVisible(study: Pick<StudyRow, 'status' | 'deleted'> | undefined, a: StudyAccess): asserts study {
  if (!study || !canSee(study, a)) throw studyNotFound();
}

/**
 * What a study-by-slug read may show (SPEC: APPROVED, IN_PROGRESS, COMPLETED, and PENDING only to
 * its leader and admins), else BIZ-3001 — one check for every reader of a study by its slug.
 */
export function assertVisibleBySlug<T extends Pick<StudyRow, 'status' | 'deleted' | 'leaderId'>>(
  study: T | undefined | null,
  user: AuthUser | null,
  membership: MembershipRow | undefined,
): asserts study is T {
  if (!study || !(SLUG_VISIBLE_STUDY_STATUSES as readonly StudyStatus[]).includes(study.status)) throw studyNotFound();
  assertVisible(study, accessFrom(study, user, membership));
}

/** The leader (OWNER) or an admin, else AUTH-1004. */
export function assertLeaderOrAdmin(a: StudyAccess, text: ErrorTextKey = 'studies.leaderOnly'): void {
  if (!a.isOwner && !a.isAdmin) throw new AppError('AUTH-1004', text);
}

/** OWNER, an active MANAGER or an admin, else AUTH-1004. */
export function assertManagerOrAdmin(a: StudyAccess, text: ErrorTextKey = 'studies.managersOnly'): void {
  if (!a.isManager && !a.isAdmin) throw new AppError('AUTH-1004', text);
}
