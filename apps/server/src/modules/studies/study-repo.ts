/**
 * SQL for the studies table and its status history. The leader's public display fields (name,
 * profile image) come from a join on `user_public`, the read model the users module publishes
 * (users/index.ts; docs/architecture.md "Boundaries").
 */
import type { AdminStudyListQuery, StudyListQuery, StudyStatus } from '@moim/contract';
import { and, asc, desc, eq, getTableColumns, gt, ilike, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { escapeLike, koreanSearch, type SearchColumns, searchColumnsOf } from '../../search/korean-search.ts';
import { userPublic } from '../users/index.ts';
import { type NewStudyRow, studies, type StudyRow, studyTransitions } from './schema.ts';

export type StudyWithLeader = StudyRow & { leaderName: string; leaderImage: string | null };

/** A study's columns as the module reads them: all but the search columns (searched, never read back). */
export const studyColumns = (() => {
  const { searchText: _t, searchJamo: _j, searchChoseong: _c, ...cols } = getTableColumns(studies);
  return cols;
})();

const withLeader = { ...studyColumns, leaderName: userPublic.name, leaderImage: userPublic.profileImage };

/** The search columns of a study's searchable text: its title and tagline (migration 0029). */
export function studySearchColumns(s: { title: string; tagline?: string | undefined }): SearchColumns {
  return searchColumnsOf(s.title, s.tagline);
}

/**
 * The search columns a patch writes: those of its title and tagline when it changes either. Both
 * must then be given (the caller knows the row), since the columns are computed from the two.
 */
function searchPatch(patch: Partial<NewStudyRow>): Partial<SearchColumns> {
  if (patch.title === undefined && patch.tagline === undefined) return {};
  if (patch.title === undefined || patch.tagline === undefined) {
    throw new Error('a study patch changes its title and tagline together (their search columns are computed from both)');
  }
  return studySearchColumns({ title: patch.title, tagline: patch.tagline });
}

export async function insertStudy(db: DbOrTx, values: NewStudyRow): Promise<StudyRow> {
  const [row] = await db
    .insert(studies)
    .values({ ...values, ...studySearchColumns(values) })
    .returning(studyColumns);
  return row!;
}

/** Slugs already taken by `base` or `base-<n>`. */
export async function slugsLike(db: DbOrTx, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: studies.slug })
    .from(studies)
    .where(or(eq(studies.slug, base), like(studies.slug, `${escapeLike(base)}-%`)));
  return rows.map((r) => r.slug);
}

export async function findStudy(db: DbOrTx, id: string): Promise<StudyWithLeader | undefined> {
  const [row] = await db
    .select(withLeader)
    .from(studies)
    .innerJoin(userPublic, eq(userPublic.id, studies.leaderId))
    .where(eq(studies.id, id));
  return row;
}

export async function findStudyBySlug(db: DbOrTx, slug: string): Promise<StudyWithLeader | undefined> {
  const [row] = await db
    .select(withLeader)
    .from(studies)
    .innerJoin(userPublic, eq(userPublic.id, studies.leaderId))
    .where(eq(studies.slug, slug));
  return row;
}

export async function findStudies(db: DbOrTx, ids: string[]): Promise<StudyWithLeader[]> {
  if (ids.length === 0) return [];
  return db.select(withLeader).from(studies).innerJoin(userPublic, eq(userPublic.id, studies.leaderId)).where(inArray(studies.id, ids));
}

/** The study row, locked until the transaction ends (status changes, capacity changes). */
export async function lockStudy(tx: Tx, id: string): Promise<StudyRow | undefined> {
  const [row] = await tx.select(studyColumns).from(studies).where(eq(studies.id, id)).for('update');
  return row;
}

/** The study's status under a share lock: a concurrent status move (FOR UPDATE) waits, or is waited for. */
export async function studyStatusShared(tx: Tx, id: string): Promise<StudyStatus | undefined> {
  const [row] = await tx.select({ status: studies.status }).from(studies).where(eq(studies.id, id)).for('share');
  return row?.status;
}

export async function updateStudy(db: DbOrTx, id: string, patch: Partial<NewStudyRow>): Promise<StudyRow | undefined> {
  const [row] = await db
    .update(studies)
    .set({ ...patch, ...searchPatch(patch), updatedAt: new Date() })
    .where(eq(studies.id, id))
    .returning(studyColumns);
  return row;
}

/** Compare-and-set on the status: only moves a study that still has `from`. */
export async function moveStatus(db: DbOrTx, id: string, from: StudyStatus, patch: Partial<NewStudyRow>): Promise<StudyRow | undefined> {
  const [row] = await db
    .update(studies)
    .set({ ...patch, ...searchPatch(patch), updatedAt: new Date() })
    .where(and(eq(studies.id, id), eq(studies.status, from), eq(studies.deleted, false)))
    .returning(studyColumns);
  return row;
}

/**
 * Take one seat if one is free (`seats_taken < capacity`) in a study that is running or
 * recruiting. Concurrent callers serialize on the row; the loser sees the updated count and
 * gets false. `confirm` also counts the seat as enrolled (a free study's accept).
 */
export async function takeSeat(tx: DbOrTx, studyId: string, confirm: boolean): Promise<boolean> {
  const rows = await tx
    .update(studies)
    .set({
      seatsTaken: sql`${studies.seatsTaken} + 1`,
      enrolled: confirm ? sql`${studies.enrolled} + 1` : studies.enrolled,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(studies.id, studyId),
        eq(studies.deleted, false),
        inArray(studies.status, ['APPROVED', 'IN_PROGRESS']),
        sql`${studies.seatsTaken} < ${studies.capacity}`,
      ),
    )
    .returning({ id: studies.id });
  return rows.length === 1;
}

/** A held seat becomes an enrolled one (payment confirmed). */
export async function confirmHeldSeat(tx: DbOrTx, studyId: string): Promise<void> {
  await tx
    .update(studies)
    .set({ enrolled: sql`${studies.enrolled} + 1`, updatedAt: new Date() })
    .where(eq(studies.id, studyId));
}

/** Give a seat back: a held one (expiry, cancel) or an enrolled one (leave, removal, refund). */
export async function releaseSeat(tx: DbOrTx, studyId: string, wasEnrolled: boolean): Promise<void> {
  await tx
    .update(studies)
    .set({
      seatsTaken: sql`greatest(${studies.seatsTaken} - 1, 0)`,
      enrolled: wasEnrolled ? sql`greatest(${studies.enrolled} - 1, 0)` : studies.enrolled,
      updatedAt: new Date(),
    })
    .where(eq(studies.id, studyId));
}

/** Change capacity unless the seats already taken would not fit. */
export async function setCapacity(tx: DbOrTx, studyId: string, capacity: number): Promise<boolean> {
  const rows = await tx
    .update(studies)
    .set({ capacity, updatedAt: new Date() })
    .where(and(eq(studies.id, studyId), sql`${studies.seatsTaken} <= ${capacity}`))
    .returning({ id: studies.id });
  return rows.length === 1;
}

// ---------------------------------------------------------------------------------------------
// Listing

const SORTS = {
  createdAt: studies.createdAt,
  startDate: studies.startDate,
  recruitDeadline: studies.recruitDeadline,
  title: studies.title,
} as const;

/** The search over the public studies' columns (their trigram indexes are partial: APPROVED, not deleted). */
const publicSearch = (q: string | undefined) => koreanSearch({ jamo: studies.searchJamo, choseong: studies.searchChoseong }, q);

/**
 * The list's order: `relevance` is where the query first appears in the searched text (title,
 * then tagline: a title that starts with it first), then newest first (without a query, newest
 * first); the others are a column, then the id. A position costs little per match, where pg_trgm's
 * similarity() cost ~35 µs each (200 matches at 10⁵ studies: 7 of the search's 8 ms).
 */
function orderBy(sort: string, search: ReturnType<typeof publicSearch>): SQL[] {
  const [field, dir] = sort.split(',') as [string, string | undefined];
  if (field === 'relevance') {
    return search ? [sql`${search.position} asc`, desc(studies.createdAt), desc(studies.id)] : [desc(studies.createdAt), desc(studies.id)];
  }
  const col = SORTS[field as keyof typeof SORTS] ?? studies.createdAt;
  const d = dir === 'asc' ? asc : desc;
  return [d(col), d(studies.id)];
}

/** `sort` is the order to list in (contract `studyListSort`: the client's, or its default). */
export type PublicListFilter = Pick<StudyListQuery, 'type' | 'costType' | 'recurrence' | 'recruiting' | 'q'> & { sort: string };

function publicWhere(f: PublicListFilter, now: Date, search: ReturnType<typeof publicSearch>): SQL {
  // literals, as the partial indexes' predicate (migrations 0003, 0029)
  const conds: SQL[] = [sql`${studies.status} = 'APPROVED' and not ${studies.deleted}`];
  if (f.type?.length) conds.push(inArray(studies.type, f.type));
  if (f.costType?.length) conds.push(inArray(studies.costType, f.costType));
  if (f.recurrence?.length) conds.push(inArray(studies.recurrenceType, f.recurrence));
  if (f.recruiting)
    conds.push(sql`${studies.recruitDeadline} >= ${now.toISOString()}::timestamptz`, sql`${studies.seatsTaken} < ${studies.capacity}`);
  if (search) conds.push(search.where);
  return and(...conds)!;
}

/**
 * APPROVED, non-deleted studies (SPEC §5), one page plus the total: the list with a text query
 * (Korean search over the title and tagline: partial words, words being typed, 초성), and the
 * plain array of GET /api/studies. Two cheap queries rather than `count(*) over()`, which would
 * join and sort every match to count them.
 */
export async function listPublic(
  db: DbOrTx,
  f: PublicListFilter,
  now: Date,
  limit: number,
  offset: number,
  withTotal = true,
): Promise<{ rows: StudyWithLeader[]; total: number }> {
  const { page, where } = publicQuery(db, f, now, limit, offset);
  const rows = await page;
  const total = !withTotal ? rows.length : offset === 0 && rows.length < limit ? rows.length : await countWhere(db, where);
  return { rows, total };
}

function publicQuery(db: DbOrTx, f: PublicListFilter, now: Date, limit: number, offset: number) {
  const search = publicSearch(f.q);
  const where = publicWhere(f, now, search);
  const page = db
    .select(withLeader)
    .from(studies)
    .innerJoin(userPublic, eq(userPublic.id, studies.leaderId))
    .where(where)
    .orderBy(...orderBy(f.sort, search))
    .limit(limit)
    .offset(offset);
  return { page, where };
}

/** `listPublic`'s page statement with its values (EXPLAIN in the benchmark and tests). */
export function listPublicForExplain(
  db: DbOrTx,
  f: PublicListFilter,
  now: Date,
  limit: number,
  offset = 0,
): { text: string; values: unknown[] } {
  const q = publicQuery(db, f, now, limit, offset).page.toSQL();
  return { text: q.sql, values: q.params };
}

async function countWhere(db: DbOrTx, where: SQL): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(studies)
    .where(where);
  return r?.n ?? 0;
}

/** The back office: every study, any status, deleted or not (filterable). */
export async function listAdmin(db: DbOrTx, q: AdminStudyListQuery): Promise<{ rows: StudyWithLeader[]; total: number }> {
  const conds: SQL[] = [];
  if (q.status?.length) conds.push(inArray(studies.status, q.status));
  if (q.deleted !== undefined) conds.push(eq(studies.deleted, q.deleted));
  if (q.q) {
    const p = `%${escapeLike(q.q)}%`;
    conds.push(or(ilike(studies.title, p), ilike(studies.slug, p))!);
  }
  const where = conds.length ? and(...conds) : undefined;
  const [field, dir] = q.sort.split(',');
  const col = SORTS[field as keyof typeof SORTS] ?? studies.createdAt;
  const d = dir === 'asc' ? asc : desc;
  const rows = await db
    .select(withLeader)
    .from(studies)
    .innerJoin(userPublic, eq(userPublic.id, studies.leaderId))
    .where(where)
    .orderBy(d(col), d(studies.id))
    .limit(q.size)
    .offset(q.page * q.size);
  const [c] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(studies)
    .where(where);
  return { rows, total: c?.n ?? 0 };
}

/** Studies a user proposed (for "my studies"). */
export async function studiesProposedBy(db: DbOrTx, userId: string): Promise<StudyWithLeader[]> {
  return db
    .select(withLeader)
    .from(studies)
    .innerJoin(userPublic, eq(userPublic.id, studies.leaderId))
    .where(and(eq(studies.proposerId, userId), eq(studies.deleted, false)));
}

// ---------------------------------------------------------------------------------------------
// Status history

export async function insertTransition(
  db: DbOrTx,
  t: {
    studyId: string;
    action: string;
    fromStatus: StudyStatus | null;
    toStatus: StudyStatus;
    reason?: string | null;
    actorId: string | null;
  },
): Promise<void> {
  await db.insert(studyTransitions).values({ ...t, reason: t.reason ?? null });
}

/** The reason given with the study's latest move of this kind (e.g. why it was terminated), or ''. */
export async function latestReason(db: DbOrTx, studyId: string, action: string): Promise<string> {
  const [row] = await db
    .select({ reason: studyTransitions.reason })
    .from(studyTransitions)
    .where(and(eq(studyTransitions.studyId, studyId), eq(studyTransitions.action, action)))
    .orderBy(desc(studyTransitions.seq))
    .limit(1);
  return row?.reason ?? '';
}

export async function listTransitions(db: DbOrTx, studyId: string) {
  return db
    .select({ ...getTableColumns(studyTransitions), actorName: userPublic.name, actorImage: userPublic.profileImage })
    .from(studyTransitions)
    .leftJoin(userPublic, eq(userPublic.id, studyTransitions.actorId))
    .where(eq(studyTransitions.studyId, studyId))
    .orderBy(asc(studyTransitions.seq));
}

/** Insert many studies at once (benchmarks and bulk demo data). */
export async function insertStudiesBulk(db: DbOrTx, values: NewStudyRow[]): Promise<void> {
  for (let i = 0; i < values.length; i += 500) {
    await db.insert(studies).values(values.slice(i, i + 500).map((v) => ({ ...v, ...studySearchColumns(v) })));
  }
}

/**
 * Fill the search columns (migration 0029) of the studies that lack them: rows older than the
 * columns, or written by SQL outside this file (the bench's bulk insert). Run at every start by
 * the studies seeder (`always`); once every row has them it finds none. Pages by id, so a row whose
 * text normalises to '' is read once per run. Returns how many rows it wrote.
 */
export async function fillSearchColumns(db: DbOrTx, batch = 1000): Promise<number> {
  let after: string | null = null;
  let n = 0;
  for (;;) {
    const rows: { id: string; title: string; tagline: string }[] = await db
      .select({ id: studies.id, title: studies.title, tagline: studies.tagline })
      .from(studies)
      .where(after === null ? eq(studies.searchText, '') : and(eq(studies.searchText, ''), gt(studies.id, after)))
      .orderBy(asc(studies.id))
      .limit(batch);
    if (rows.length === 0) return n;
    const cols = rows.map(studySearchColumns);
    await db.execute(sql`update ${studies} s set search_text = v.t, search_jamo = v.j, search_choseong = v.c
      from unnest(${sql.param(rows.map((r) => r.id))}::uuid[], ${sql.param(cols.map((c) => c.searchText))}::text[],
        ${sql.param(cols.map((c) => c.searchJamo))}::text[], ${sql.param(cols.map((c) => c.searchChoseong))}::text[]) as v(id, t, j, c)
      where s.id = v.id`);
    n += rows.length;
    after = rows[rows.length - 1]!.id;
  }
}
