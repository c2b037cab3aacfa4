/** SQL for memberships and warnings. Members' display fields come from the `user_public` view. */
import type { MemberRole } from '@moim/contract';
import { and, asc, desc, eq, getTableColumns, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { userPublic } from '../users/index.ts';
import { type InactiveReason, type MembershipRow, studies, studyMemberships, studyWarnings } from './schema.ts';

export async function insertOwner(db: DbOrTx, studyId: string, userId: string, joinedAt: Date): Promise<void> {
  await db.insert(studyMemberships).values({ studyId, userId, role: 'OWNER', joinedAt });
}

/** Join as a MEMBER: a new row, or the old inactive row made active again (unique per study and user). */
export async function activateMember(db: DbOrTx, studyId: string, userId: string, applicationId: string, at: Date): Promise<MembershipRow> {
  const [row] = await db
    .insert(studyMemberships)
    .values({ studyId, userId, role: 'MEMBER', joinedAt: at, applicationId })
    .onConflictDoUpdate({
      target: [studyMemberships.studyId, studyMemberships.userId],
      set: {
        role: 'MEMBER',
        isActive: true,
        inactiveReason: null,
        leftAt: null,
        joinedAt: at,
        warningCount: 0,
        applicationId,
      },
      // never touch the owner's row
      setWhere: ne(studyMemberships.role, 'OWNER'),
    })
    .returning();
  return row!;
}

export async function findMembership(db: DbOrTx, studyId: string, userId: string): Promise<MembershipRow | undefined> {
  const [row] = await db
    .select()
    .from(studyMemberships)
    .where(and(eq(studyMemberships.studyId, studyId), eq(studyMemberships.userId, userId)));
  return row;
}

export async function lockMembership(tx: Tx, studyId: string, userId: string): Promise<MembershipRow | undefined> {
  const [row] = await tx
    .select()
    .from(studyMemberships)
    .where(and(eq(studyMemberships.studyId, studyId), eq(studyMemberships.userId, userId)))
    .for('update');
  return row;
}

/** Make an active membership inactive; undefined when it was not active. */
export async function deactivateMembership(
  db: DbOrTx,
  studyId: string,
  userId: string,
  reason: InactiveReason,
  at: Date,
): Promise<MembershipRow | undefined> {
  const [row] = await db
    .update(studyMemberships)
    .set({ isActive: false, inactiveReason: reason, leftAt: at })
    .where(and(eq(studyMemberships.studyId, studyId), eq(studyMemberships.userId, userId), eq(studyMemberships.isActive, true)))
    .returning();
  return row;
}

export async function setMemberRole(db: DbOrTx, studyId: string, userId: string, role: MemberRole): Promise<MembershipRow | undefined> {
  const [row] = await db
    .update(studyMemberships)
    .set({ role })
    .where(
      and(
        eq(studyMemberships.studyId, studyId),
        eq(studyMemberships.userId, userId),
        eq(studyMemberships.isActive, true),
        ne(studyMemberships.role, 'OWNER'),
      ),
    )
    .returning();
  return row;
}

export async function addWarning(
  tx: DbOrTx,
  w: { studyId: string; userId: string; reason: string; givenBy: string; at: Date },
): Promise<{ id: string; warningCount: number }> {
  const [ins] = await tx
    .insert(studyWarnings)
    .values({ studyId: w.studyId, userId: w.userId, reason: w.reason, givenBy: w.givenBy, createdAt: w.at })
    .returning({ id: studyWarnings.id });
  const [m] = await tx
    .update(studyMemberships)
    .set({ warningCount: sql`${studyMemberships.warningCount} + 1` })
    .where(and(eq(studyMemberships.studyId, w.studyId), eq(studyMemberships.userId, w.userId)))
    .returning({ warningCount: studyMemberships.warningCount });
  return { id: ins!.id, warningCount: m!.warningCount };
}

export type MemberWithUser = MembershipRow & { name: string; profileImage: string | null };

export async function listMembers(
  db: DbOrTx,
  studyId: string,
  q: { page: number; size: number; sort: string; active?: boolean | undefined },
): Promise<{ rows: MemberWithUser[]; total: number }> {
  const conds: SQL[] = [eq(studyMemberships.studyId, studyId)];
  if (q.active !== undefined) conds.push(eq(studyMemberships.isActive, q.active));
  const where = and(...conds);
  const [field, dir] = q.sort.split(',');
  const d = dir === 'desc' ? desc : asc;
  const roleOrder = sql`case ${studyMemberships.role} when 'OWNER' then 0 when 'MANAGER' then 1 else 2 end`;
  const order = field === 'role' ? [d(roleOrder), asc(studyMemberships.joinedAt)] : [d(studyMemberships.joinedAt), asc(roleOrder)];
  const rows = await db
    .select({ ...getTableColumns(studyMemberships), name: userPublic.name, profileImage: userPublic.profileImage })
    .from(studyMemberships)
    .innerJoin(userPublic, eq(userPublic.id, studyMemberships.userId))
    .where(where)
    .orderBy(...order, asc(studyMemberships.id))
    .limit(q.size)
    .offset(q.page * q.size);
  const [c] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(studyMemberships)
    .where(where);
  return { rows, total: c?.n ?? 0 };
}

/** Active members taking a seat (everyone but the OWNER). */
export async function countSeatedMembers(db: DbOrTx, studyId: string): Promise<number> {
  const [c] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(studyMemberships)
    .where(and(eq(studyMemberships.studyId, studyId), eq(studyMemberships.isActive, true), ne(studyMemberships.role, 'OWNER')));
  return c?.n ?? 0;
}

export async function activeMembers(db: DbOrTx, studyId: string): Promise<MembershipRow[]> {
  return db
    .select()
    .from(studyMemberships)
    .where(and(eq(studyMemberships.studyId, studyId), eq(studyMemberships.isActive, true)));
}

/** Every MEMBER row of a study, active or not (former members keep their row: joined and left). */
export async function memberRoll(db: DbOrTx, studyId: string): Promise<MembershipRow[]> {
  return db
    .select()
    .from(studyMemberships)
    .where(and(eq(studyMemberships.studyId, studyId), ne(studyMemberships.role, 'OWNER')));
}

/** A user's memberships with their studies (not deleted), for "my studies". */
export async function membershipsOfUser(db: DbOrTx, userId: string) {
  return db
    .select({ membership: studyMemberships, study: { id: studies.id, title: studies.title, slug: studies.slug, status: studies.status } })
    .from(studyMemberships)
    .innerJoin(studies, eq(studies.id, studyMemberships.studyId))
    .where(and(eq(studyMemberships.userId, userId), eq(studies.deleted, false)))
    .orderBy(desc(studyMemberships.joinedAt));
}
