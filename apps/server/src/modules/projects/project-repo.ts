/**
 * SQL for projects, their positions, members, daily views and status history. Nothing else
 * touches these tables; people's names and pictures come from the users module's interface.
 */
import { type ProjectListQuery, type ProjectStatus } from '@moim/contract';
import { and, asc, desc, eq, inArray, isNull, like, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { escapeLike } from '../../search/korean-search.ts';
import {
  type NewProjectPositionRow,
  type NewProjectRow,
  type ProjectPositionRow,
  type ProjectRow,
  projectMembers,
  projectPositions,
  projectTransitions,
  projectViews,
  projects,
} from './schema.ts';

export async function insertProject(db: DbOrTx, values: NewProjectRow): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values(values).returning();
  return row!;
}

/** Slugs already taken by `base` or `base-<n>` (deleted projects keep theirs: old links stay dead, not reused). */
export async function slugsLike(db: DbOrTx, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: projects.slug })
    .from(projects)
    .where(or(eq(projects.slug, base), like(projects.slug, `${escapeLike(base)}-%`)));
  return rows.map((r) => r.slug);
}

export async function findProject(db: DbOrTx, id: string): Promise<ProjectRow | undefined> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id));
  return row;
}

export async function findProjectBySlug(db: DbOrTx, slug: string): Promise<ProjectRow | undefined> {
  const [row] = await db.select().from(projects).where(eq(projects.slug, slug));
  return row;
}

export async function findProjects(db: DbOrTx, ids: string[]): Promise<ProjectRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(projects).where(inArray(projects.id, ids));
}

/** The project row, locked until the transaction ends (edits and status moves serialize on it). */
export async function lockProject(tx: Tx, id: string): Promise<ProjectRow | undefined> {
  const [row] = await tx.select().from(projects).where(eq(projects.id, id)).for('update');
  return row;
}

/** The project row, shared-locked: status moves (FOR UPDATE) wait for this transaction, other applications do not. */
export async function shareLockProject(tx: Tx, id: string): Promise<ProjectRow | undefined> {
  const [row] = await tx.select().from(projects).where(eq(projects.id, id)).for('share');
  return row;
}

export async function updateProject(db: DbOrTx, id: string, patch: Partial<NewProjectRow>): Promise<ProjectRow | undefined> {
  const [row] = await db
    .update(projects)
    .set({ ...patch, updatedAt: patch.updatedAt ?? new Date() })
    .where(eq(projects.id, id))
    .returning();
  return row;
}

/** Compare-and-set on the status: moves a live project that still has one of `from`. */
export async function moveStatus(
  db: DbOrTx,
  id: string,
  from: readonly ProjectStatus[],
  patch: Partial<NewProjectRow> & { status: ProjectStatus },
): Promise<ProjectRow | undefined> {
  const [row] = await db
    .update(projects)
    .set({ ...patch, updatedAt: patch.updatedAt ?? new Date() })
    .where(and(eq(projects.id, id), inArray(projects.status, [...from]), eq(projects.deleted, false)))
    .returning();
  return row;
}

export async function insertTransition(
  db: DbOrTx,
  t: { projectId: string; action: string; fromStatus: ProjectStatus | null; toStatus: ProjectStatus; actorId: string | null; at?: Date },
): Promise<void> {
  const { at, ...rest } = t;
  await db.insert(projectTransitions).values({ ...rest, ...(at ? { createdAt: at } : {}) });
}

/**
 * The deadline job: every live RECRUITING project whose last recruiting day is before `today`
 * (a Seoul date) moves to IN_PROGRESS. Returns the moved rows.
 */
export async function closeExpired(tx: DbOrTx, today: string, now: Date): Promise<ProjectRow[]> {
  const rows = await tx
    .update(projects)
    .set({ status: 'IN_PROGRESS', updatedAt: now })
    .where(
      and(
        eq(projects.status, 'RECRUITING'),
        eq(projects.deleted, false),
        sql`${projects.recruitmentDeadline} is not null`,
        sql`${projects.recruitmentDeadline} < ${today}::date`,
      ),
    )
    .returning();
  if (rows.length > 0) {
    await tx.insert(projectTransitions).values(
      rows.map((r) => ({
        projectId: r.id,
        action: 'DEADLINE_CLOSE',
        fromStatus: 'RECRUITING' as const,
        toStatus: 'IN_PROGRESS' as const,
        actorId: null,
        createdAt: now,
      })),
    );
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Positions

/** The current (not removed) positions of projects, in the owner's order. */
export async function positionsOf(db: DbOrTx, projectIds: string[]): Promise<ProjectPositionRow[]> {
  if (projectIds.length === 0) return [];
  return db
    .select()
    .from(projectPositions)
    .where(and(inArray(projectPositions.projectId, projectIds), isNull(projectPositions.removedAt)))
    .orderBy(asc(projectPositions.sortOrder), asc(projectPositions.createdAt));
}

export async function findPosition(db: DbOrTx, id: string): Promise<ProjectPositionRow | undefined> {
  const [row] = await db.select().from(projectPositions).where(eq(projectPositions.id, id));
  return row;
}

export async function insertPositions(db: DbOrTx, rows: NewProjectPositionRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(projectPositions).values(rows);
}

/** Change a position unless its seats already taken would not fit the new count. */
export async function updatePosition(
  db: DbOrTx,
  id: string,
  patch: Omit<Partial<NewProjectPositionRow>, 'id' | 'projectId' | 'filledCount'>,
): Promise<boolean> {
  const conds = [eq(projectPositions.id, id)];
  if (patch.requiredCount !== undefined) conds.push(sql`${projectPositions.filledCount} <= ${patch.requiredCount}`);
  const rows = await db
    .update(projectPositions)
    .set(patch)
    .where(and(...conds))
    .returning({ id: projectPositions.id });
  return rows.length === 1;
}

/** Positions by id, removed ones included (applications name them). */
export async function positionsById(db: DbOrTx, ids: string[]): Promise<Map<string, ProjectPositionRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(projectPositions)
    .where(inArray(projectPositions.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Take positions off the page (they stay for the applications that name them). */
export async function removePositions(db: DbOrTx, ids: string[], at: Date): Promise<void> {
  if (ids.length > 0) await db.update(projectPositions).set({ removedAt: at }).where(inArray(projectPositions.id, ids));
}

/**
 * Take one seat of a position if one is free (`filled_count < required_count`) and its project
 * is live and RECRUITING or IN_PROGRESS. Concurrent approvals serialize on the position row; a
 * loser re-reads the updated count and gets false, so a position never goes over its count.
 */
export async function takeSeat(tx: DbOrTx, positionId: string, projectId: string): Promise<boolean> {
  const rows = await tx
    .update(projectPositions)
    .set({ filledCount: sql`${projectPositions.filledCount} + 1` })
    .where(
      and(
        eq(projectPositions.id, positionId),
        eq(projectPositions.projectId, projectId),
        sql`${projectPositions.filledCount} < ${projectPositions.requiredCount}`,
        isNull(projectPositions.removedAt),
        sql`exists (select 1 from projects p where p.id = ${projectId} and p.deleted = false and p.status in ('RECRUITING', 'IN_PROGRESS'))`,
      ),
    )
    .returning({ id: projectPositions.id });
  return rows.length === 1;
}

// ---------------------------------------------------------------------------------------------
// Members

export async function insertMember(
  db: DbOrTx,
  m: {
    projectId: string;
    userId: string;
    role: 'OWNER' | 'MEMBER';
    positionId?: string | null;
    applicationId?: string | null;
    joinedAt?: Date;
  },
): Promise<void> {
  await db.insert(projectMembers).values({
    projectId: m.projectId,
    userId: m.userId,
    role: m.role,
    positionId: m.positionId ?? null,
    applicationId: m.applicationId ?? null,
    ...(m.joinedAt ? { joinedAt: m.joinedAt } : {}),
  });
}

export async function membersOf(db: DbOrTx, projectId: string) {
  return db
    .select()
    .from(projectMembers)
    .where(eq(projectMembers.projectId, projectId))
    .orderBy(sql`case when ${projectMembers.role} = 'OWNER' then 0 else 1 end`, asc(projectMembers.joinedAt));
}

export async function findMember(db: DbOrTx, projectId: string, userId: string) {
  const [row] = await db
    .select()
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
  return row;
}

/** Live projects the user belongs to (any role), with the membership. */
export async function membershipsOf(db: DbOrTx, userId: string) {
  return db
    .select({ project: cardColumns, positionId: projectMembers.positionId, role: projectMembers.role })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(and(eq(projectMembers.userId, userId), eq(projects.deleted, false)))
    .orderBy(desc(projects.createdAt));
}

// ---------------------------------------------------------------------------------------------
// Daily views

/**
 * Count a view once per viewer, project and Seoul day: the log row and the counter move
 * together in one statement; a repeat is a no-op. True when it counted.
 */
export async function recordView(db: DbOrTx, projectId: string, day: string, viewerKey: string): Promise<boolean> {
  const r = await db.execute<{ id: string }>(sql`
    with logged as (
      insert into project_views (project_id, day, viewer_key) values (${projectId}, ${day}::date, ${viewerKey})
      on conflict do nothing
      returning project_id
    )
    update projects set view_count = view_count + 1 where id in (select project_id from logged) returning id`);
  return r.rows.length === 1;
}

/** Count many distinct views at once (demo content): one statement for the log and the counter. */
export async function recordViews(db: DbOrTx, projectId: string, views: { day: string; viewerKey: string }[]): Promise<number> {
  if (views.length === 0) return 0;
  const values = sql.join(
    views.map((v) => sql`(${projectId}::uuid, ${v.day}::date, ${v.viewerKey})`),
    sql`, `,
  );
  const r = await db.execute<{ n: number }>(sql`
    with logged as (
      insert into project_views (project_id, day, viewer_key) values ${values}
      on conflict do nothing
      returning 1
    )
    update projects set view_count = view_count + (select count(*) from logged) where id = ${projectId}
    returning (select count(*)::int from logged) as n`);
  return Number(r.rows[0]?.n ?? 0);
}

/** Forget view log rows older than `beforeDay` (only today's rows decide whether a view counts). */
export async function pruneViews(db: DbOrTx, beforeDay: string): Promise<void> {
  await db.delete(projectViews).where(sql`${projectViews.day} < ${beforeDay}::date`);
}

// ---------------------------------------------------------------------------------------------
// The public list

export type ListFilter = Pick<ProjectListQuery, 'type' | 'status' | 'meetingType' | 'stack' | 'position' | 'q' | 'sort'>;

/** The columns a project card needs (no description, vision or search columns: lists stay light). */
const cardBase = {
  id: projects.id,
  slug: projects.slug,
  name: projects.name,
  tagline: projects.tagline,
  type: projects.type,
  status: projects.status,
  ownerId: projects.ownerId,
  meetingType: projects.meetingType,
  meetingFrequency: projects.meetingFrequency,
  meetingRegion: projects.meetingRegion,
  recruitmentDeadline: projects.recruitmentDeadline,
  startDate: projects.startDate,
  techStack: projects.techStack,
  viewCount: projects.viewCount,
  deleted: projects.deleted,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
};

/** A card's positions as JSON, for the row named `outer` (aliases spelled out: Drizzle writes bare column names here). */
const positionsJson = (outer: string) =>
  sql<CardPosition[]>`(
    select coalesce(json_agg(json_build_object('id', pp.id, 'name', pp.name, 'requiredCount', pp.required_count,
      'filledCount', pp.filled_count) order by pp.sort_order, pp.created_at), '[]'::json)
    from project_positions pp where pp.project_id = ${sql.raw(`"${outer}"."id"`)} and pp.removed_at is null)`;

/** Card columns with the positions in the same statement (one round trip per list, not two). */
const cardColumns = { ...cardBase, positions: positionsJson('projects') };

export interface CardPosition {
  id: string;
  name: string;
  requiredCount: number;
  filledCount: number;
}
export type ProjectCardRow = Pick<ProjectRow, keyof typeof cardBase> & { positions: CardPosition[] };

/** Live projects the user owns (any status, drafts included), newest first. */
export async function projectsOwnedBy(db: DbOrTx, userId: string): Promise<ProjectCardRow[]> {
  return db
    .select(cardColumns)
    .from(projects)
    .where(and(eq(projects.ownerId, userId), eq(projects.deleted, false)))
    .orderBy(desc(projects.createdAt));
}

/** Insert many projects with their positions at once (benchmarks). */
export async function insertProjectsBulk(db: DbOrTx, rows: NewProjectRow[], positions: NewProjectPositionRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await db.insert(projects).values(rows.slice(i, i + 500));
  for (let i = 0; i < positions.length; i += 1000) await db.insert(projectPositions).values(positions.slice(i, i + 1000));
}
