/**
 * Users: accounts, profiles and pictures, account deactivation and deletion, the public team
 * page and the accounts back office. Other modules receive `UsersService` (index.ts).
 * Sessions, passwords and tokens belong to the auth module: its lower layer reaches users through
 * the `UserCredentials` port (injected; auth sits above users, which never imports it).
 */
import {
  DELETED_USER_NAME,
  toPage,
  type AccountConfirmRequest,
  type AdminUser,
  type Page,
  type Profile,
  type SetTeamMemberRequest,
  type UpdateProfileRequest,
  type WhoweareMember,
} from '@moim/contract';
import type { AppContext } from '../../context.ts';
import type { Locale } from '../../i18n/messages.ts';
import type { EventChannel } from '../../events/event-bus.ts';
import type { UsersEvents } from './events.ts';
import type { UsersDeps } from './deps.ts';
import { AppError, badState, invalidInput, notFound, ruleViolation } from '../../http/app-error.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import { decodeProfileImage, etagOf, imageUrl, renderVariants } from './images.ts';
import * as repo from './repo.ts';
import type { UserRow } from './schema.ts';
import { uniqueViolation } from '../../db/errors.ts';
import {
  duplicateError,
  emailTaken,
  publicProfileOf,
  toAccount,
  toAdminUser,
  toProfile,
  toSummary,
  toWhoweareMember,
  usernameTaken,
} from './user-view.ts';
import type { AccountStatus, PublicProfile, UserAccount, UserSummary } from './user-view.ts';

export { toUser } from './user-view.ts';
export type { AccountStatus, PublicProfile, UserAccount, UserSummary } from './user-view.ts';

export interface CreateUserInput {
  email: string;
  name: string;
  username?: string | null | undefined;
  /** plain password (hashed here); omit for social-login accounts */
  password?: string | undefined;
  admin?: boolean;
  emailVerified?: boolean;
  /** check the password policy (sign-up does; set false only for trusted start-up data) */
  checkPolicy?: boolean;
  /** the language of server-made texts (sign-up sends the UI language); Korean by default */
  locale?: Locale | undefined;
}

export interface UsersService {
  /** One user (any status), or null. */
  getUser(id: string): Promise<UserSummary | null>;
  /** Several users by id (missing ids are left out). */
  getUsers(ids: string[]): Promise<Map<string, UserSummary>>;
  /** Name and picture for showing people next to their content (no email). */
  publicProfiles(ids: string[]): Promise<Map<string, PublicProfile>>;
  findByEmail(email: string): Promise<UserSummary | null>;
  /** Create an account: VAL-2005 if the email is taken, VAL-2008 for a taken username, VAL-2001 for a weak password. */
  createUser(input: CreateUserInput): Promise<UserSummary>;
  /** Grant or revoke ROLE_ADMIN (start-up admin, back office); a change ends the user's sessions. */
  setAdmin(id: string, admin: boolean): Promise<UserSummary>;
  // --- for the auth module
  findAccount(id: string): Promise<UserAccount | null>;
  findAccountByEmail(email: string): Promise<UserAccount | null>;
  /** By username, case-insensitively. */
  findAccountByUsername(username: string): Promise<UserAccount | null>;
  setPasswordHash(id: string, hash: string): Promise<void>;
  recordLogin(id: string): Promise<void>;
  /** Active admin accounts' ids (told of admins' acts on members' factors). */
  activeAdminIds(): Promise<string[]>;
}

export type { UserCredentials, UsersDeps } from './deps.ts';

export const PROFILE_IMAGE_JOB = 'users.profile-image';

// --- the service ------------------------------------------------------------------------------

/** An account that may act for itself: a deactivated or deleted account's tokens stop working here. */
function activeSelf<R extends Pick<UserRow, 'status'>>(row: R | undefined): R {
  if (!row || row.status === 'DELETED') throw new AppError('AUTH-1003', 'auth.accountGone');
  if (row.status === 'DEACTIVATED') throw new AppError('AUTH-1006');
  return row;
}

export class UsersModuleService implements UsersService {
  /** the events this module publishes (`users.account-deleted`); higher modules subscribe */
  readonly events: EventChannel<UsersEvents>;
  /** `GET /users/me`: built once (Drizzle does not rebuild its SQL per call), prepared on each connection. */
  private readonly profileRead: ReturnType<typeof repo.prepareProfileRead>;

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: UsersDeps,
  ) {
    this.events = ctx.events.channel<UsersEvents>();
    this.profileRead = repo.prepareProfileRead(ctx.db);
  }

  private async requireRow(id: string): Promise<UserRow> {
    const row = await repo.findById(this.ctx.db, id);
    if (!row) throw notFound('users.notFound');
    return row;
  }

  /** Password for accounts that have one; social-only accounts type their email instead. */
  private async confirmIdentity(row: UserRow, input: AccountConfirmRequest): Promise<void> {
    if (row.passwordHash) {
      if (!input.password) throw invalidInput('VAL-2003', { path: 'body.password', code: 'missing', message: 'users.passwordNeeded' });
      const { ok } = await this.deps.credentials.passwords.verify(row.passwordHash, input.password);
      if (!ok) throw new AppError('AUTH-1001', 'users.wrongPassword');
      return;
    }
    if (!input.confirmation || input.confirmation.trim().toLowerCase() !== row.email.toLowerCase()) {
      throw invalidInput('VAL-2001', { path: 'body.confirmation', code: 'mismatch', message: 'users.confirmWithEmail' });
    }
  }

  // --- UsersService (other modules) ---
  async getUser(id: string) {
    const row = await repo.findById(this.ctx.db, id);
    return row ? toSummary(row) : null;
  }

  async getUsers(ids: string[]) {
    const rows = await repo.findByIds(this.ctx.db, [...new Set(ids)]);
    return new Map(rows.map((r) => [r.id, toSummary(r)]));
  }

  async publicProfiles(ids: string[]) {
    const rows = await repo.findByIds(this.ctx.db, [...new Set(ids)]);
    return new Map(rows.map((r) => [r.id, publicProfileOf({ ...r, active: r.status === 'ACTIVE' })]));
  }

  async findByEmail(email: string) {
    const row = await repo.findByEmail(this.ctx.db, email);
    return row ? toSummary(row) : null;
  }

  async createUser(input: CreateUserInput): Promise<UserSummary> {
    const { db } = this.ctx;
    const { credentials } = this.deps;
    if (input.password !== undefined && input.checkPolicy !== false)
      credentials.assertPasswordPolicy(input.password, input.email, 'password');
    if (input.username && (await repo.usernameTaken(db, input.username))) throw usernameTaken();
    if (await repo.findByEmail(db, input.email)) throw emailTaken();
    const passwordHash = input.password !== undefined ? await credentials.passwords.hash(input.password) : null;
    try {
      const row = await repo.insertUser(db, {
        email: input.email.trim(),
        name: input.name.trim(),
        username: input.username ?? null,
        passwordHash,
        roles: input.admin ? ['ROLE_USER', 'ROLE_ADMIN'] : ['ROLE_USER'],
        systemRole: input.admin ? 'ROLE_ADMIN' : 'ROLE_USER',
        emailVerified: input.emailVerified ?? false,
        locale: input.locale ?? 'ko',
      });
      return toSummary(row);
    } catch (err) {
      // two sign-ups with the same email at once: the unique index decides
      const c = uniqueViolation(err);
      if (c) throw duplicateError(c);
      throw err;
    }
  }

  async setAdmin(id: string, admin: boolean): Promise<UserSummary> {
    const row = await this.requireRow(id);
    const roles = admin
      ? [...new Set([...row.roles, 'ROLE_USER', 'ROLE_ADMIN'])]
      : [...new Set(['ROLE_USER', ...row.roles.filter((r) => r !== 'ROLE_ADMIN' && r !== 'ADMIN')])];
    const systemRole = admin ? 'ROLE_ADMIN' : 'ROLE_USER';
    const changed = systemRole !== row.systemRole || roles.length !== row.roles.length || roles.some((r) => !row.roles.includes(r));
    if (!changed) return toSummary(row);
    const updated = await repo.updateUser(this.ctx.db, id, { roles, systemRole });
    // tokens issued with the old roles stop at once; the user signs in again with the new ones
    await this.deps.credentials.revokeUserSessions(id, { reason: 'roles_changed' });
    return toSummary(updated!);
  }

  async findAccount(id: string) {
    const row = await repo.findById(this.ctx.db, id);
    return row ? toAccount(row) : null;
  }

  async findAccountByEmail(email: string) {
    const row = await repo.findByEmail(this.ctx.db, email);
    return row ? toAccount(row) : null;
  }

  async findAccountByUsername(username: string) {
    const row = await repo.findByUsername(this.ctx.db, username);
    return row ? toAccount(row) : null;
  }

  async setPasswordHash(id: string, hash: string) {
    await repo.updateUser(this.ctx.db, id, { passwordHash: hash });
  }

  async recordLogin(id: string) {
    await repo.updateUser(this.ctx.db, id, { lastLoginAt: new Date() });
  }

  activeAdminIds() {
    return repo.activeAdminIds(this.ctx.db);
  }

  // --- self-service (routes) ---

  /** The signed-in caller's own row; a deactivated or deleted account's tokens stop working here. */
  async requireActiveSelf(user: AuthUser): Promise<UserRow> {
    return activeSelf(await repo.findById(this.ctx.db, user.id));
  }

  async profile(user: AuthUser): Promise<Profile> {
    // the row (a prepared statement, by the token's subject) beside auth's read of the social links
    const [found, providers] = await Promise.all([
      this.profileRead.execute({ id: user.id }),
      this.deps.credentials.linkedProviders(user.id),
    ]);
    return toProfile(activeSelf(found[0]), providers);
  }

  async updateProfile(user: AuthUser, input: UpdateProfileRequest): Promise<Profile> {
    const row = await this.requireActiveSelf(user);
    const image = input.profileImageData ? decodeProfileImage(input.profileImageData) : undefined;
    if (input.username && input.username.toLowerCase() !== (row.username ?? '').toLowerCase()) {
      if (await repo.usernameTaken(this.ctx.db, input.username, row.id)) throw usernameTaken();
    }
    const patch: Partial<repo.NewUser> = {};
    if (input.name !== undefined) patch.name = input.name;
    if (input.username !== undefined) patch.username = input.username;
    if (input.bio !== undefined) patch.bio = input.bio === '' ? null : input.bio;
    if (input.links !== undefined) patch.links = input.links;
    if (input.locale !== undefined) patch.locale = input.locale;
    if (input.profileImageData === null) {
      patch.profileImage = null;
      patch.profileImageStatus = 'NONE';
    }
    try {
      await this.ctx.db.transaction(async (tx) => {
        if (Object.keys(patch).length > 0 || input.profileImageData === null) {
          await repo.updateUser(
            tx,
            row.id,
            input.profileImageData === null ? { ...patch, profileImageVersion: row.profileImageVersion + 1 } : patch,
          );
        }
        if (input.profileImageData === null) await repo.deleteImages(tx, row.id);
        if (image) {
          const version = await repo.putSourceImage(tx, row.id, image.mimeType, image.bytes, etagOf(image.bytes));
          await this.ctx.jobs.enqueue(
            PROFILE_IMAGE_JOB,
            { userId: row.id, version },
            { dedupeKey: `profile-image:${row.id}:${version}` },
            tx,
          );
        }
      });
    } catch (err) {
      const c = uniqueViolation(err);
      if (c) throw duplicateError(c);
      throw err;
    }
    return this.profile(user);
  }

  /** The job: render the variants and publish them if this upload is still the latest. */
  async processProfileImage(userId: string, version: number): Promise<'ready' | 'failed' | 'superseded'> {
    const src = await repo.getImage(this.ctx.db, userId, 'source');
    if (!src || src.version !== version) return 'superseded';
    let variants;
    try {
      variants = await renderVariants(src.bytes);
    } catch (err) {
      this.ctx.log.warn({ err, userId, version }, 'profile image could not be processed');
      await repo.markImageFailed(this.ctx.db, userId, version);
      return 'failed';
    }
    const stored = await this.ctx.db.transaction((tx) =>
      repo.storeProcessedImage(tx, userId, version, variants, imageUrl(userId, 512, version)),
    );
    return stored ? 'ready' : 'superseded';
  }

  /** The version of an upload still waiting for processing, if any. */
  async pendingImageVersion(userId: string): Promise<number | null> {
    return (await repo.getImageMeta(this.ctx.db, userId, 'source'))?.version ?? null;
  }

  /** BIZ-3001 for an unknown or deleted account, and for one without a picture. */
  async image(userId: string, size: '512' | '128') {
    const served = await repo.getServedImage(this.ctx.db, userId, size);
    if (!served.user) throw notFound('users.notFound');
    if (!served.image) throw notFound('users.noPicture');
    return served.image;
  }

  async changePassword(user: AuthUser, currentPassword: string, newPassword: string) {
    const row = await this.requireActiveSelf(user);
    const { ok } = await this.deps.credentials.passwords.verify(row.passwordHash, currentPassword);
    if (!ok) {
      await this.deps.securityLog.record({
        action: 'account.password.changed',
        actor: row.id,
        target: { kind: 'user', id: row.id },
        outcome: 'failure',
        reason: 'bad_password',
      });
      throw new AppError('AUTH-1001', 'users.wrongCurrentPassword');
    }
    this.deps.credentials.assertPasswordPolicy(newPassword, row.email, 'newPassword');
    if (currentPassword === newPassword)
      throw invalidInput('VAL-2001', { path: 'body.newPassword', code: 'same_as_current', message: 'users.samePassword' });
    await repo.updateUser(this.ctx.db, row.id, { passwordHash: await this.deps.credentials.passwords.hash(newPassword) });
    const revoked = await this.deps.credentials.revokeUserSessions(row.id, { exceptSessionId: user.family, reason: 'password_changed' });
    await this.deps.securityLog.record({
      action: 'account.password.changed',
      actor: row.id,
      target: { kind: 'user', id: row.id },
      details: { otherSessionsRevoked: revoked },
    });
    return { changed: true as const, otherSessionsRevoked: revoked };
  }

  /**
   * SPEC §7 names no body for this call, and deactivation is undone by an admin, so the signed-in
   * owner needs no confirmation (issue 12 item 9). A password or confirmation that is sent (the
   * web app's dialog sends one) is still checked: a wrong one refuses. Deletion, which cannot be
   * undone, always asks for it.
   */
  async deactivateSelf(user: AuthUser, input: AccountConfirmRequest | undefined) {
    const row = await this.requireActiveSelf(user);
    if (input?.password !== undefined || input?.confirmation !== undefined) await this.confirmIdentity(row, input);
    const changed = await repo.changeStatus(this.ctx.db, row.id, ['ACTIVE'], 'DEACTIVATED');
    if (!changed) throw badState('users.alreadyDeactivated');
    await this.deps.credentials.revokeUserSessions(row.id, { reason: 'deactivated' });
    await this.deps.securityLog.record({ action: 'account.deactivated', actor: row.id, target: { kind: 'user', id: row.id } });
    this.ctx.log.info({ userId: row.id }, 'account deactivated by its owner');
    return { status: 'DEACTIVATED' as const };
  }

  /**
   * Deletion keeps the row (studies, reviews and scores point at it) but erases what is
   * personal: email → deleted-<id>@deleted.invalid, name → 탈퇴한 사용자, no username, bio,
   * links, picture or password; team profile, social links, reset tokens and stored mail go;
   * every session is revoked.
   */
  async deleteSelf(user: AuthUser, input: AccountConfirmRequest) {
    const row = await this.requireActiveSelf(user);
    await this.confirmIdentity(row, input);
    const oldEmail = row.email;
    const done = await this.ctx.db.transaction(async (tx) => {
      const r = await repo.changeStatus(tx, row.id, ['ACTIVE'], 'DELETED');
      if (!r) return false;
      await repo.updateUser(tx, row.id, {
        email: `deleted-${row.id}@deleted.invalid`,
        username: null,
        name: DELETED_USER_NAME,
        passwordHash: null,
        bio: null,
        links: [],
        profileImage: null,
        profileImageStatus: 'NONE',
        profileImageVersion: row.profileImageVersion + 1,
        emailVerified: false,
        roles: ['ROLE_USER'],
        systemRole: 'ROLE_USER',
        lastLoginAt: null,
        deletedAt: new Date(),
      });
      await repo.deleteImages(tx, row.id);
      await repo.deleteTeamMember(tx, row.id);
      await this.deps.securityLog.record({ action: 'account.deleted', actor: row.id, target: { kind: 'user', id: row.id } }, tx);
      // every module above erases or anonymises its part (docs/privacy.md "Erasure")
      await this.events.publish(
        tx,
        'users.account-deleted',
        { userId: row.id, at: new Date().toISOString() },
        { id: `account-deleted:${row.id}` },
      );
      return true;
    });
    if (!done) throw badState('users.alreadyDeleted');
    await this.deps.credentials.forgetUser(row.id);
    await this.deps.mail.forgetRecipient(oldEmail);
    this.ctx.log.info({ userId: row.id }, 'account deleted and anonymised');
    return { status: 'DELETED' as const };
  }

  async emailAvailable(email: string): Promise<boolean> {
    return !(await repo.findByEmail(this.ctx.db, email));
  }

  async whoweare(): Promise<WhoweareMember[]> {
    const rows = await repo.listVisibleTeam(this.ctx.db);
    return rows.map(({ user, team }) => toWhoweareMember(user, team));
  }

  // --- back office ---
  async adminList(q: repo.ListUsersQuery): Promise<Page<AdminUser>> {
    const { rows, total } = await repo.listUsers(this.ctx.db, q);
    return toPage(
      rows.map((r) => toAdminUser(r.user, r.team)),
      total,
      q,
    );
  }

  async adminGet(id: string): Promise<AdminUser> {
    const row = await this.requireRow(id);
    return toAdminUser(row, (await repo.findTeamMember(this.ctx.db, id)) ?? null);
  }

  async setTeamMember(id: string, input: SetTeamMemberRequest, by: AuthUser | 'system' = 'system'): Promise<AdminUser> {
    const row = await this.requireRow(id);
    if (row.status === 'DELETED') throw badState('users.deletedNoTeam');
    const existing = await repo.findTeamMember(this.ctx.db, id);
    await repo.upsertTeamMember(this.ctx.db, {
      userId: id,
      roleTitle: input.roleTitle,
      quote: input.quote ?? null,
      sortOrder: input.sortOrder,
      memberSince: input.memberSince ?? existing?.memberSince ?? new Date().toISOString().slice(0, 10),
      visible: input.visible,
    });
    await this.deps.securityLog.record({
      action: 'admin.config.changed',
      actor: by === 'system' ? 'system' : by.id,
      subjectId: id,
      target: { kind: 'team_member', id },
      details: { setting: 'team_member', change: existing ? 'updated' : 'added', visible: input.visible },
    });
    return this.adminGet(id);
  }

  async removeTeamMember(admin: AuthUser, id: string): Promise<AdminUser> {
    await this.requireRow(id);
    await repo.deleteTeamMember(this.ctx.db, id);
    await this.deps.securityLog.record({
      action: 'admin.config.changed',
      actor: admin.id,
      subjectId: id,
      target: { kind: 'team_member', id },
      details: { setting: 'team_member', change: 'removed' },
    });
    return this.adminGet(id);
  }

  async adminSetRoles(admin: AuthUser, id: string, roles: string[]): Promise<AdminUser> {
    const row = await this.requireRow(id);
    if (row.status === 'DELETED') throw badState('users.deletedNoRoles');
    const makeAdmin = roles.includes('ROLE_ADMIN');
    if (!makeAdmin && id === admin.id) throw ruleViolation('users.ownAdminRole');
    const before = row.roles;
    const after = await this.setAdmin(id, makeAdmin);
    await this.deps.securityLog.record({
      action: 'admin.user.roles_changed',
      actor: admin.id,
      subjectId: id,
      target: { kind: 'user', id },
      details: { from: before, to: after.roles },
    });
    this.ctx.log.info({ by: admin.id, userId: id, admin: makeAdmin }, 'roles changed');
    return this.adminGet(id);
  }

  async adminSetStatus(admin: AuthUser, id: string, to: 'ACTIVE' | 'DEACTIVATED'): Promise<AdminUser> {
    const row = await this.requireRow(id);
    if (id === admin.id) throw ruleViolation('users.ownStatus');
    if (row.status === 'DELETED') throw badState('users.deletedNoStatus');
    const from: AccountStatus = to === 'ACTIVE' ? 'DEACTIVATED' : 'ACTIVE';
    const changed = await repo.changeStatus(this.ctx.db, id, [from], to);
    if (!changed) throw badState(to === 'ACTIVE' ? 'users.alreadyActive' : 'users.alreadyInactive');
    if (to === 'DEACTIVATED') await this.deps.credentials.revokeUserSessions(id, { reason: 'deactivated_by_admin' });
    else await this.deps.credentials.accountChanged(id);
    await this.deps.securityLog.record({
      action: to === 'DEACTIVATED' ? 'admin.user.deactivated' : 'admin.user.reactivated',
      actor: admin.id,
      subjectId: id,
      target: { kind: 'user', id },
    });
    this.ctx.log.info({ by: admin.id, userId: id, status: to }, 'account status changed by an admin');
    return this.adminGet(id);
  }

  countUsers() {
    return repo.countUsers(this.ctx.db);
  }
}
