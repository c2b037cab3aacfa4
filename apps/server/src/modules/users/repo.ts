/** SQL for users, their pictures and the team-member profiles. Nothing else touches these tables. */
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { emailChanges, teamMembers, userImages, users, type UserRow } from './schema.ts';

export type NewUser = typeof users.$inferInsert;
export type TeamMemberRow = typeof teamMembers.$inferSelect;

const lowerEmail = sql`lower(${users.email})`;

export async function insertUser(db: DbOrTx, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function findById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** What the profile shows and the status it checks; whether a password is set, not the hash. */
const profileColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  name: users.name,
  roles: users.roles,
  systemRole: users.systemRole,
  profileImage: users.profileImage,
  bio: users.bio,
  links: users.links,
  profileImageStatus: users.profileImageStatus,
  profileImageVersion: users.profileImageVersion,
  locale: users.locale,
  createdAt: users.createdAt,
  status: users.status,
  hasPassword: sql<boolean>`coalesce(${users.passwordHash} <> '', false)`,
};
export type ProfileRow = Pick<UserRow, Exclude<keyof typeof profileColumns, 'hasPassword'>> & { hasPassword: boolean };

/**
 * The caller's profile columns and their linked providers (`providers`, an expression over
 * `users.id` the auth module supplies) as one prepared statement: `execute({ id })`.
 */
export function prepareProfileRead(db: Db) {
  return db
    .select(profileColumns)
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('users_profile');
}

export async function findByIds(db: DbOrTx, ids: string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}

export async function findByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(lowerEmail, email.trim().toLowerCase()));
  return row;
}

export async function findByUsername(db: DbOrTx, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()));
  return row;
}

export async function usernameTaken(db: DbOrTx, username: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.username})`, username.toLowerCase()), exceptId ? ne(users.id, exceptId) : undefined));
  return Boolean(row);
}

export async function updateUser(db: DbOrTx, id: string, patch: Partial<NewUser>): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Conditional status change (compare-and-swap): undefined when the user was not in `from`. */
export async function changeStatus(db: DbOrTx, id: string, from: UserRow['status'][], to: UserRow['status']): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(users.id, id), inArray(users.status, from)))
    .returning();
  return row;
}

export async function countUsers(db: DbOrTx): Promise<number> {
  const [r] = await db.select({ n: count() }).from(users);
  return Number(r?.n ?? 0);
}

export interface ListUsersQuery {
  page: number;
  size: number;
  q?: string | undefined;
  status?: UserRow['status'] | undefined;
  teamMember?: 'true' | 'false' | undefined;
}

export async function listUsers(
  db: DbOrTx,
  q: ListUsersQuery,
): Promise<{ rows: { user: UserRow; team: TeamMemberRow | null }[]; total: number }> {
  const conds: (SQL | undefined)[] = [];
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(or(ilike(users.email, like), ilike(users.name, like), ilike(users.username, like)));
  }
  if (q.status) conds.push(eq(users.status, q.status));
  if (q.teamMember === 'true') conds.push(isNotNull(teamMembers.userId));
  if (q.teamMember === 'false') conds.push(isNull(teamMembers.userId));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, team: teamMembers })
      .from(users)
      .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
      .where(where)
      .orderBy(desc(users.createdAt), asc(users.id))
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ n: count() }).from(users).leftJoin(teamMembers, eq(teamMembers.userId, users.id)).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

// --- team members --------------------------------------------------------------------------

export async function findTeamMember(db: DbOrTx, userId: string): Promise<TeamMemberRow | undefined> {
  const [row] = await db.select().from(teamMembers).where(eq(teamMembers.userId, userId));
  return row;
}

export async function upsertTeamMember(db: DbOrTx, values: typeof teamMembers.$inferInsert): Promise<TeamMemberRow> {
  const { userId: _id, ...rest } = values;
  const [row] = await db
    .insert(teamMembers)
    .values(values)
    .onConflictDoUpdate({ target: teamMembers.userId, set: { ...rest, updatedAt: new Date() } })
    .returning();
  return row!;
}

export async function deleteTeamMember(db: DbOrTx, userId: string): Promise<boolean> {
  const r = await db.delete(teamMembers).where(eq(teamMembers.userId, userId)).returning({ id: teamMembers.userId });
  return r.length > 0;
}

export async function listVisibleTeam(db: DbOrTx): Promise<{ user: UserRow; team: TeamMemberRow }[]> {
  return db
    .select({ user: users, team: teamMembers })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.visible, true), eq(users.status, 'ACTIVE')))
    .orderBy(asc(teamMembers.sortOrder), asc(teamMembers.memberSince), asc(users.name));
}

// --- pictures --------------------------------------------------------------------------------

export type ImageVariant = 'source' | '512' | '128';

/** A new upload: bump the version, mark PENDING and keep the source bytes, in one transaction. */
export async function putSourceImage(tx: DbOrTx, userId: string, contentType: string, bytes: Buffer, etag: string): Promise<number> {
  const [u] = await tx
    .update(users)
    .set({ profileImageVersion: sql`${users.profileImageVersion} + 1`, profileImageStatus: 'PENDING', updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ version: users.profileImageVersion });
  const version = u!.version;
  await tx
    .insert(userImages)
    .values({ userId, variant: 'source', version, contentType, bytes, byteSize: bytes.length, etag })
    .onConflictDoUpdate({
      target: [userImages.userId, userImages.variant],
      set: { version, contentType, bytes, byteSize: bytes.length, etag, createdAt: new Date() },
    });
  return version;
}

export async function getImage(db: DbOrTx, userId: string, variant: ImageVariant) {
  const [row] = await db
    .select()
    .from(userImages)
    .where(and(eq(userImages.userId, userId), eq(userImages.variant, variant)));
  return row;
}

/**
 * A processed picture to serve, read with its owner: `user` is false for an unknown account or
 * one deleted (탈퇴: its picture is erased, and never served again, even by a late job), `image`
 * undefined when there is none. A deactivated account keeps its picture: it is still shown by
 * name beside its studies and reviews, and an admin may reactivate it.
 */
export async function getServedImage(db: DbOrTx, userId: string, variant: '512' | '128') {
  const [row] = await db
    .select({ status: users.status, image: userImages })
    .from(users)
    .leftJoin(userImages, and(eq(userImages.userId, users.id), eq(userImages.variant, variant)))
    .where(eq(users.id, userId));
  if (!row || row.status === 'DELETED') return { user: false as const, image: undefined };
  return { user: true as const, image: row.image ?? undefined };
}

export async function getImageMeta(db: DbOrTx, userId: string, variant: ImageVariant) {
  const [row] = await db
    .select({ version: userImages.version, etag: userImages.etag, byteSize: userImages.byteSize })
    .from(userImages)
    .where(and(eq(userImages.userId, userId), eq(userImages.variant, variant)));
  return row;
}

/** Store the processed variants and mark READY, only if `version` is still the latest upload. */
export async function storeProcessedImage(
  tx: DbOrTx,
  userId: string,
  version: number,
  variants: { variant: '512' | '128'; bytes: Buffer; etag: string }[],
  url: string,
): Promise<boolean> {
  const [u] = await tx
    .update(users)
    .set({ profileImage: url, profileImageStatus: 'READY', updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.profileImageVersion, version), ne(users.status, 'DELETED')))
    .returning({ id: users.id });
  if (!u) return false;
  for (const v of variants) {
    await tx
      .insert(userImages)
      .values({ userId, variant: v.variant, version, contentType: 'image/webp', bytes: v.bytes, byteSize: v.bytes.length, etag: v.etag })
      .onConflictDoUpdate({
        target: [userImages.userId, userImages.variant],
        set: { version, contentType: 'image/webp', bytes: v.bytes, byteSize: v.bytes.length, etag: v.etag, createdAt: new Date() },
      });
  }
  await tx.delete(userImages).where(and(eq(userImages.userId, userId), eq(userImages.variant, 'source'), eq(userImages.version, version)));
  return true;
}

export async function markImageFailed(db: DbOrTx, userId: string, version: number): Promise<void> {
  await db
    .update(users)
    .set({ profileImageStatus: 'FAILED', updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.profileImageVersion, version)));
  await db.delete(userImages).where(and(eq(userImages.userId, userId), eq(userImages.variant, 'source'), eq(userImages.version, version)));
}

export async function deleteImages(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(userImages).where(eq(userImages.userId, userId));
}

/** Active admin accounts (those told of an admin's act on a member's factor). */
export async function activeAdminIds(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.systemRole, 'ROLE_ADMIN'), eq(users.status, 'ACTIVE')));
  return rows.map((r) => r.id);
}

// --- e-mail change (email-change.ts) ----------------------------------------------------------

/** A new pending change; the account's earlier pending ones stop working (superseded). */
export async function insertEmailChange(db: DbOrTx, v: { tokenHash: string; userId: string; newEmail: string; expiresAt: Date }) {
  await db
    .update(emailChanges)
    .set({ usedAt: new Date() })
    .where(and(eq(emailChanges.userId, v.userId), isNull(emailChanges.usedAt)));
  await db.insert(emailChanges).values(v);
}

/** Spend a pending, unexpired change (compare-and-swap): the row, or undefined. */
export async function useEmailChange(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .update(emailChanges)
    .set({ usedAt: new Date() })
    .where(and(eq(emailChanges.tokenHash, tokenHash), isNull(emailChanges.usedAt), sql`${emailChanges.expiresAt} > now()`))
    .returning();
  return row;
}
