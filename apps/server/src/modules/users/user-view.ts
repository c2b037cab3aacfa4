/**
 * How a user row is shown: to the user (profile), to other modules (summary, account for the auth
 * module), to the back office; and the unique-violation errors of the users table.
 */
import type { AdminUser, Profile, User, WhoweareMember } from '@moim/contract';
import { AppError } from '../../http/app-error.ts';
import type { Locale } from '../../i18n/messages.ts';
import { imageUrl } from './images.ts';
import type * as repo from './repo.ts';
import type { UserRow } from './schema.ts';

export type AccountStatus = UserRow['status'];

/** SPEC §3 User plus the account status, for other modules. */
export interface UserSummary extends User {
  status: AccountStatus;
  createdAt: string;
  /** the language of server-made texts for this user (notifications, mails) */
  locale: Locale;
}

/** What other pages may show about anyone (no email). */
export interface PublicProfile {
  id: string;
  name: string;
  username: string | null;
  profileImage: string | null;
  profileImageThumb: string | null;
  /** false for deactivated or deleted accounts */
  active: boolean;
}

/** Internal account record for the auth module (never sent as is: it holds the password hash). */
export interface UserAccount extends UserSummary {
  passwordHash: string | null;
  emailVerified: boolean;
}

export function thumbOf(row: Pick<UserRow, 'id' | 'profileImage' | 'profileImageVersion'>): string | null {
  return row.profileImage && row.profileImageVersion > 0 ? imageUrl(row.id, 128, row.profileImageVersion) : null;
}

/**
 * A public profile from what the `user_public` view publishes (migration 0025): `publicProfiles`
 * and the lists of other modules that join the view (the projects list) build it the same way.
 */
export function publicProfileOf(r: {
  id: string;
  name: string;
  username: string | null;
  profileImage: string | null;
  profileImageVersion: number;
  active: boolean;
}): PublicProfile {
  return {
    id: r.id,
    name: r.name,
    username: r.username,
    profileImage: r.profileImage,
    profileImageThumb: thumbOf(r),
    active: r.active,
  };
}

export function toUser(row: Pick<UserRow, keyof User>): User {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    name: row.name,
    roles: row.roles,
    systemRole: row.systemRole,
    profileImage: row.profileImage,
  };
}

export function toSummary(row: UserRow): UserSummary {
  return { ...toUser(row), status: row.status, createdAt: row.createdAt.toISOString(), locale: row.locale };
}

export function toAccount(row: UserRow): UserAccount {
  return { ...toSummary(row), passwordHash: row.passwordHash, emailVerified: row.emailVerified };
}

export function toProfile(row: repo.ProfileRow, socialProviders: string[]): Profile {
  return {
    ...toUser(row),
    bio: row.bio,
    links: row.links ?? [],
    profileImageStatus: row.profileImageStatus,
    profileImageThumb: thumbOf(row),
    hasPassword: row.hasPassword,
    socialProviders,
    locale: row.locale,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A member of the public team page. */
export function toWhoweareMember(u: UserRow, team: repo.TeamMemberRow): WhoweareMember {
  return {
    id: u.id,
    name: u.name,
    username: u.username,
    roleTitle: team.roleTitle,
    quote: team.quote,
    bio: u.bio,
    profileImage: u.profileImage,
    profileImageThumb: thumbOf(u),
    links: u.links ?? [],
    joinedYear: Number(team.memberSince.slice(0, 4)),
    memberSince: team.memberSince,
    sortOrder: team.sortOrder,
  };
}

export function toAdminUser(row: UserRow, team: repo.TeamMemberRow | null): AdminUser {
  return {
    ...toUser(row),
    status: row.status,
    hasPassword: Boolean(row.passwordHash),
    createdAt: row.createdAt.toISOString(),
    teamMember: team
      ? { roleTitle: team.roleTitle, quote: team.quote, sortOrder: team.sortOrder, memberSince: team.memberSince, visible: team.visible }
      : null,
  };
}

export const usernameTaken = () =>
  new AppError('VAL-2008', 'users.usernameTaken', { fields: [{ path: 'body.username', code: 'taken', message: 'users.usernameTaken' }] });
export const emailTaken = () =>
  new AppError('VAL-2005', 'users.emailTaken', { fields: [{ path: 'body.email', code: 'taken', message: 'users.emailTaken' }] });

export function duplicateError(constraint: string): AppError {
  return constraint.includes('username') ? usernameTaken() : emailTaken();
}
