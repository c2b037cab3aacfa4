/**
 * The hot study reads as one prepared statement each (docs/performance.md "Server reads without the cache"):
 *
 * - the public list page and its total in one round trip: the page's ids from an index-only
 *   walk of the covering index of its sort (filters are evaluated on the index) or, by creation
 *   date with a type or cost-type filter, merged walks of the (type, cost type) index
 *   (`typeCostWalks`, migration 0023), then only those rows and their leaders; the total from
 *   `study_public_counts` (migrations 0015 and 0021);
 * - a study by slug as its stored card (the list's text of it) with, for a signed-in caller,
 *   their role and latest application and the reject reason.
 *
 * Status and deleted are literals, not parameters, so the generic plan of a prepared statement
 * still proves the partial indexes' predicate. Filters are arrays (`= any($n)`): one statement
 * text per set of filters in use and sort, whatever their values, each planned once.
 *
 * Every parameter of the list statements reaches the planner as an InitPlan (`hidden`), so a
 * custom plan estimates exactly what the generic plan does and PostgreSQL's plan cache keeps the
 * generic one. With plain `offset $n` the generic plan is costed as skipping 10 % of the public
 * rows (PostgreSQL's guess for an unknown offset): at 100,000 studies that made it look worse
 * than a custom plan for page 1, and every call was planned again (~0.45 ms of the database's
 * CPU per list call at 100,000 studies, none at 10,000: docs/performance.md "Server reads without the cache").
 * The embedded database (PGlite, reached through node-postgres: db/pglite-worker.ts) keeps the
 * generic plan the same way.
 */
import { type ApplicationStatus, COST_TYPES, type MemberRole, STUDY_TYPES, type StudyStatus } from '@moim/contract';
import { and, asc, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { firstArrayRow, hidden, type RawStatement, sharedPlaceholders, StatementCache } from '../../db/raw-statements.ts';
import { userPublic } from '../users/index.ts';
import { studies, studyApplications, studyCards, studyMemberships, studyPublicCounts, type MembershipRow } from './schema.ts';
import { studyColumns, type StudyWithLeader } from './study-repo.ts';
import { literalCount, sqlCount } from '../../db/sql-count.ts';

const ph = (name: string) => sql.placeholder(name);

const PUBLIC = sql`${studies.status} = 'APPROVED' and not ${studies.deleted}`;

/** Which filters a request uses: one statement text per combination (and sort). */
interface FilterShape {
  type: boolean;
  costType: boolean;
  recurrence: boolean;
  recruiting: boolean;
}

const shapeKey = (f: FilterShape) => `${+f.type}${+f.costType}${+f.recurrence}${+f.recruiting}`;

/**
 * The filters over a table's type/cost/recurrence columns, only those in use, so a generic
 * plan is as good as a custom one (with `$n is null or …` the planner cannot drop the unused
 * ones from a generic plan, and PostgreSQL re-plans on every call).
 */
function filterSql(f: FilterShape, cols: { type: SQL; costType: SQL; recurrence: SQL }): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.type) parts.push(sql`${cols.type} = any(${hidden('type', 'text[]')})`);
  if (f.costType) parts.push(sql`${cols.costType} = any(${hidden('costType', 'text[]')})`);
  if (f.recurrence) parts.push(sql`${cols.recurrence} = any(${hidden('recurrence', 'text[]')})`);
  return sql.join(parts, sql` and `);
}

const studyCols = { type: sql`${studies.type}`, costType: sql`${studies.costType}`, recurrence: sql`${studies.recurrenceType}` };
const countCols = { type: sql`c.type`, costType: sql`c.cost_type`, recurrence: sql`c.recurrence_type` };

function studyFilters(f: FilterShape): SQL {
  const base = sql`${PUBLIC} and ${filterSql(f, studyCols)}`;
  return f.recruiting ? sql`${base} and ${RECRUITING}` : base;
}

const RECRUITING = sql`${studies.recruitDeadline} >= ${hidden('now', 'timestamptz')} and ${studies.seatsTaken} < ${studies.capacity}`;

const UTC_DAY = sql`(${hidden('now', 'timestamptz')} at time zone 'UTC')::date`;

/**
 * Public studies matching the filters: the buckets of study_public_counts (for "recruiting",
 * those with a free seat whose deadline day is after today), plus today's studies whose
 * deadline is still ahead, counted from the deadline index. (Counting today's studies only
 * when a bucket of today matched, through a lazily run InitPlan, was tried: no cheaper on
 * either database, as an InitPlan not run is still set up on every call.)
 */
function totalSql(f: FilterShape): SQL {
  if (!f.recruiting) return sql`(select coalesce(sum(c.n), 0) from ${studyPublicCounts} c where ${filterSql(f, countCols)})`;
  return sql`(select coalesce(sum(c.n), 0) from ${studyPublicCounts} c
      where ${filterSql(f, countCols)} and c.open_seats and c.deadline_day > ${UTC_DAY})
    + (select count(*) from ${studies}
      where ${studyFilters(f)} and ${studies.recruitDeadline} < ((${UTC_DAY} + 1)::timestamp at time zone 'UTC'))`;
}

const SORT_COLUMNS = {
  createdAt: studies.createdAt,
  startDate: studies.startDate,
  recruitDeadline: studies.recruitDeadline,
  title: studies.title,
} as const;

const withLeader = { ...studyColumns, leaderName: userPublic.name, leaderImage: userPublic.profileImage };

export interface PublicListParams {
  type: string[] | null;
  costType: string[] | null;
  recurrence: string[] | null;
  recruiting: boolean;
  now: Date;
  limit: number;
  offset: number;
}

/**
 * The list by creation date with a type or cost-type filter walks, instead of the sort's index,
 * `studies_public_type_cost_created_idx` (type, cost_type, created_at desc, id desc; migration
 * 0023) once per (type, cost type) pair the filters allow, each walk in the sort's order and no
 * longer than the page's end, and merges them (a Merge Append): page 3 of `type=EDUCATIONAL&
 * costType=PAID` reads ~40 index entries instead of ~600 (1 in 15 public studies matches).
 * A filter not given allows every value of its column (the contract's lists, which the table's
 * check constraints repeat). One statement text per number of values of each.
 */
interface TypeCostWalks {
  types: readonly string[];
  costTypes: readonly string[];
}

/** The (type, cost type) walks of a list request, or null when it takes the sort's index. */
function typeCostWalks(sort: string, f: Pick<PublicListParams, 'type' | 'costType'>): TypeCostWalks | null {
  const field = sort.split(',')[0] ?? '';
  if (field in SORT_COLUMNS && field !== 'createdAt') return null;
  if (!f.type?.length && !f.costType?.length) return null;
  return {
    types: f.type?.length ? [...new Set(f.type)] : STUDY_TYPES,
    costTypes: f.costType?.length ? [...new Set(f.costType)] : COST_TYPES,
  };
}

const walksKey = (w: TypeCostWalks | null) => (w ? `_w${w.types.length}x${w.costTypes.length}` : '');

/** The statement parameters of a list request (placeholders of `pageIds` and `totalSql`). */
function listValues(f: PublicListParams, walks: TypeCostWalks | null): Record<string, unknown> {
  const values: Record<string, unknown> = {
    type: f.type,
    costType: f.costType,
    recurrence: f.recurrence,
    now: f.now.toISOString(),
    offset: f.offset,
  };
  walks?.types.forEach((v, i) => (values[`t${i}`] = v));
  walks?.costTypes.forEach((v, i) => (values[`c${i}`] = v));
  return values;
}

/**
 * The ids (and sort keys) of one page of the filtered, sorted list, for `buildPage` and
 * `buildPageJson` to join. `limit` is part of the text (1..100): a generic plan that knows it
 * joins 10 rows, not 10 % of the table.
 */
function pageIds(db: Db, sort: string, f: FilterShape, limit: number, walks: TypeCostWalks | null = null) {
  const [field, dir] = sort.split(',') as [string, string | undefined];
  const col = SORT_COLUMNS[field as keyof typeof SORT_COLUMNS] ?? studies.createdAt;
  const d = dir === 'asc' ? asc : desc;
  const name = `${field}_${dir === 'asc' ? 'asc' : 'desc'}_${shapeKey(f)}_${limit}${walksKey(walks)}`;
  if (walks) {
    // the other filters, as on the sort's index
    const rest = studyFilters({ ...f, type: false, costType: false });
    const end = sql`${hidden('offset', 'bigint')} + ${sql.raw(String(limit))}`;
    const walk = (t: number, c: number) =>
      db
        .select({ id: sql<string>`${studies.id}`.as('page_id'), key: sql`${studies.createdAt}`.as('page_key') })
        .from(studies)
        .where(sql`${rest} and ${studies.type} = ${hidden(`t${t}`, 'text')} and ${studies.costType} = ${hidden(`c${c}`, 'text')}`)
        .orderBy(d(studies.createdAt), d(studies.id))
        .limit(sqlCount(end));
    const all = walks.types.flatMap((_, t) => walks.costTypes.map((_, c) => walk(t, c)));
    const merged = sql`(${sql.join(all, sql` union all `)}) as "walks"`;
    const ids = db
      .select({ id: sql<string>`"page_id"`.as('page_id'), key: sql`"page_key"`.as('page_key') })
      .from(merged)
      .orderBy(d(sql`"page_key"`), d(sql`"page_id"`))
      .limit(literalCount(limit))
      .offset(sqlCount(hidden('offset', 'bigint')))
      .as('page');
    return { ids, d, name };
  }
  const ids = db
    .select({ id: sql<string>`${studies.id}`.as('page_id'), key: sql`${col}`.as('page_key') })
    .from(studies)
    .where(studyFilters(f))
    .orderBy(d(col), d(studies.id))
    // (Drizzle would send a number as a parameter; an SQL literal stays in the text)
    .limit(literalCount(limit))
    .offset(sqlCount(hidden('offset', 'bigint')))
    .as('page');
  return { ids, d, name };
}

function buildPage(db: Db, sort: string, f: FilterShape, limit: number, walks: TypeCostWalks | null, named = true) {
  const { ids, d, name } = pageIds(db, sort, f, limit, walks);
  return db
    .select({ ...withLeader, total: sql<number>`${totalSql(f)}`.mapWith(Number) })
    .from(ids)
    .innerJoin(studies, eq(studies.id, ids.id))
    .innerJoin(userPublic, eq(userPublic.id, studies.leaderId))
    .orderBy(d(ids.key), d(ids.id))
    .prepare(named ? `studies_public_page_${name}` : ''); // '' runs unnamed (StatementCache past its cap)
}

/**
 * Where a card's text (STUDY_PAGE_ITEM, in a list page or a detail) needs the caller: control characters, which JSON text
 * never holds unescaped (row_to_json and jsonb write them as `\u0001`), so they cannot occur
 * inside a study's JSON.
 */
export const PAGE_MARK = '\u0001';
export const QUESTIONS_MARK = '\u0002';

/**
 * One study as the list and the detail read it: its stored card (`study_cards`, written by
 * triggers on `studies`, migration 0024) around the leader's public profile, joined at read time.
 * This is the one definition of the `Study` JSON the hot reads send (the same keys, order and
 * bytes as study-view.ts `toStudy` for a guest, with `"rejectReason":null` and `"viewer":null`;
 * `study-json.test.ts` and `slug-viewer.test.ts` hold it to `toStudy`), with the questions
 * other than `[]` between two QUESTIONS_MARKs as jsonb prints them (for the caller to write again)
 * and `"applicability":` followed by its inputs between PAGE_MARKs (status, the deadline in epoch
 * milliseconds — floored, as `new Date(text)` truncates PostgreSQL's microseconds — capacity,
 * enrolled, seats taken, isRecruiting as `true`, `false` or empty for null, space-separated).
 */
const STUDY_PAGE_ITEM = sql`${studyCards.head} || to_json(${userPublic.name})::text || ',"profileImage":'
    || coalesce(to_json(${userPublic.profileImage})::text, 'null') || ${studyCards.tail}`;

/**
 * The public list page as ONE row: the page's studies as one text (STUDY_PAGE_ITEMs joined by commas,
 * in the page's order; '' past the last page, sent as UTF-8 bytes) and the total, as text. The driver then parses
 * two fields instead of ten rows of many, and nothing is built per row: the database concatenates
 * stored text (docs/performance.md "Stored study cards"). Built once per statement key by
 * Drizzle's `toSQL()`, run through the pool with array rows (`publicPageBytes`).
 */
function pageTextSql(db: Db, sort: string, f: FilterShape, limit: number, walks: TypeCostWalks | null, named = true): RawStatement {
  const { ids, d, name } = pageIds(db, sort, f, limit, walks);
  const dir = sql.raw(d === asc ? 'asc' : 'desc');
  const text = sql`coalesce(string_agg(${STUDY_PAGE_ITEM}, ',' order by ${ids.key} ${dir}, ${ids.id} ${dir}), '')`;
  const q = db
    .select({
      page: sql<Buffer>`convert_to(${text}, 'UTF8')`,
      total: sql<string>`(${totalSql(f)})::text`,
    })
    .from(ids)
    .innerJoin(studyCards, eq(studyCards.studyId, ids.id))
    .innerJoin(userPublic, eq(userPublic.id, studyCards.leaderId))
    .toSQL();
  // one parameter per value (`now` was sent four times, each filter twice, the offset twice)
  return sharedPlaceholders({ text: q.sql, params: q.params, name: named ? `studies_public_page_bytes_${name}` : '' });
}

function buildTotal(db: Db, f: FilterShape, named = true) {
  return db
    .select({ total: sql<number>`${totalSql(f)}`.mapWith(Number) })
    .from(sql`(select 1) as one`)
    .prepare(named ? `studies_public_total_${shapeKey(f)}` : '');
}

function buildBySlug(db: Db) {
  return db
    .select(withLeader)
    .from(studies)
    .innerJoin(userPublic, eq(userPublic.id, studies.leaderId))
    .where(eq(studies.slug, ph('slug')))
    .prepare('studies_by_slug');
}

function buildBySlugFor(db: Db) {
  return db
    .select({
      ...withLeader,
      membership: getTableColumns(studyMemberships),
      applicationId: sql<string | null>`(select a.id from ${studyApplications} a
        where a.study_id = ${studies.id} and a.user_id = ${ph('userId')}::uuid order by a.applied_at desc limit 1)`,
      applicationStatus: sql<ApplicationStatus | null>`(select a.status from ${studyApplications} a
        where a.study_id = ${studies.id} and a.user_id = ${ph('userId')}::uuid order by a.applied_at desc limit 1)`,
    })
    .from(studies)
    .innerJoin(userPublic, eq(userPublic.id, studies.leaderId))
    .leftJoin(studyMemberships, and(eq(studyMemberships.studyId, studies.id), sql`${studyMemberships.userId} = ${ph('userId')}::uuid`))
    .where(eq(studies.slug, ph('slug')))
    .prepare('studies_by_slug_for');
}

type Prepared = {
  pages: StatementCache<ReturnType<typeof buildPage>>;
  totals: StatementCache<ReturnType<typeof buildTotal>>;
  bySlug: ReturnType<typeof buildBySlug>;
  bySlugFor: ReturnType<typeof buildBySlugFor>;
};
const preparedByDb = new WeakMap<Db, Prepared>();

function prepared(db: Db): Prepared {
  let p = preparedByDb.get(db);
  if (!p) {
    p = {
      pages: new StatementCache(),
      totals: new StatementCache(),
      bySlug: buildBySlug(db),
      bySlugFor: buildBySlugFor(db),
    };
    preparedByDb.set(db, p);
  }
  return p;
}

/** One page of the public list (no text query) and the total, in one statement. */
export async function publicPage(db: Db, sort: string, f: PublicListParams): Promise<{ rows: StudyWithLeader[]; total: number }> {
  const { shape, limit, walks, key, values } = listRequest(sort, f);
  const page = prepared(db).pages.get(key, (named) => buildPage(db, sort, shape, limit, walks, named));
  const rows = await page.execute(values);
  if (rows.length > 0) return { rows: rows.map(({ total: _t, ...r }) => r), total: rows[0]!.total };
  // past the last page (or nothing matches): the total alone
  return { rows: [], total: await totalOf(db, shape, values) };
}

/**
 * What the three list readers share: which filters are in use, the page size (1..100, part of
 * the statement text), the (type, cost type) walks, the statement's cache key and its values.
 */
function listRequest(sort: string, f: PublicListParams) {
  const shape: FilterShape = {
    type: !!f.type?.length,
    costType: !!f.costType?.length,
    recurrence: !!f.recurrence?.length,
    recruiting: f.recruiting,
  };
  const limit = Math.trunc(f.limit);
  if (!(limit >= 1 && limit <= 100)) throw new RangeError('page size out of range');
  const walks = typeCostWalks(sort, f);
  return { shape, limit, walks, key: `${sort}|${shapeKey(shape)}|${limit}${walksKey(walks)}`, values: listValues(f, walks) };
}

async function totalOf(db: Db, shape: FilterShape, values: Record<string, unknown>): Promise<number> {
  const total = prepared(db).totals.get(shapeKey(shape), (named) => buildTotal(db, shape, named));
  const [t] = await total.execute(values);
  return t?.total ?? 0;
}

const pageTexts = new WeakMap<Db, StatementCache<RawStatement>>();

function pageStatement(db: Db, sort: string, f: PublicListParams) {
  const { shape, limit, walks, key, values } = listRequest(sort, f);
  let byKey = pageTexts.get(db);
  if (!byKey) {
    byKey = new StatementCache();
    pageTexts.set(db, byKey);
  }
  const st = byKey.get(key, (named) => pageTextSql(db, sort, shape, limit, walks, named));
  return { st, values };
}

/**
 * One page of the public list (no text query) as its UTF-8 bytes with its total (see pageTextSql);
 * the caller splices in each study's `applicability` (and rewrites marked `questions`):
 * study-service.ts `studyPageBytesOf`. The database sends the page as `bytea`
 * (`convert_to(…, 'UTF8')`, in hex text), which node-postgres reads as ASCII (a one-byte string,
 * no UTF-8 decoding of ~11 KB of mostly Hangul text) and its bytea parser turns into a Buffer; the
 * caller splices `applicability` into the bytes and sends them as they are (study-service.ts
 * `studyPageBytesOf`), so the page is neither decoded into a JS string nor encoded back for the
 * socket. Not node-postgres's `binary: true`: pg-protocol 1.16 decodes every DataRow field as
 * UTF-8 text whatever its format, and pg's Result re-encodes the binary ones (and the bigint
 * total would come back as bytes). Base64 (`encode(…, 'base64')`) was tried: no better on
 * node's side, more of the database's CPU (docs/performance.md "Server reads without the cache").
 */
export async function publicPageBytes(db: Db, sort: string, f: PublicListParams): Promise<{ page: Buffer; total: number }> {
  const { st, values } = pageStatement(db, sort, f);
  const [page, total] = (await firstArrayRow<[Buffer, string]>(db, st, values))!;
  return { page, total: Number(total) };
}

export interface StudyForCaller {
  study: StudyWithLeader;
  membership: MembershipRow | undefined;
  latestApplication: { id: string; status: ApplicationStatus } | null;
}

/** A study by slug, with the caller's membership and latest application (none for a guest). */
export async function studyBySlugFor(db: Db, slug: string, userId: string | null): Promise<StudyForCaller | undefined> {
  if (!userId) {
    const [study] = await prepared(db).bySlug.execute({ slug });
    return study ? { study, membership: undefined, latestApplication: null } : undefined;
  }
  const [row] = await prepared(db).bySlugFor.execute({ slug, userId });
  if (!row) return undefined;
  const { membership, applicationId, applicationStatus, ...study } = row;
  return {
    study,
    membership: membership ?? undefined,
    latestApplication: applicationId && applicationStatus ? { id: applicationId, status: applicationStatus } : null,
  };
}

/**
 * What a signed-in caller's detail reads next to a guest's (getBySlug's viewer block, without
 * the membership row and Drizzle's mapping): the reject reason (shown to the leader and admins
 * only), the caller's role while an active member (null otherwise; `study_memberships` is unique
 * per study and user), and the caller's latest application as `id status` (one index probe of
 * `study_applications_study_user_idx`, where the former statement probed it twice, once per field).
 */
const VIEWER_COLS = {
  rejectReason: studies.rejectReason,
  viewerRole: sql<MemberRole | null>`(select m.role from ${studyMemberships} m
    where m.study_id = ${studies.id} and m.user_id = ${ph('userId')}::uuid and m.is_active)`,
  viewerApplication: sql<string | null>`(select a.id::text || ' ' || a.status from ${studyApplications} a
    where a.study_id = ${studies.id} and a.user_id = ${ph('userId')}::uuid order by a.applied_at desc limit 1)`,
};

/** What VIEWER_COLS adds to a study row, parsed. */
export interface ViewerCols {
  rejectReason: string | null;
  viewerRole: MemberRole | null;
  viewerApplication: string | null;
}

/** A study by slug as its card: STUDY_PAGE_ITEM's text, with what visibility is decided from. */
export interface StudyCardRow {
  card: string;
  status: StudyStatus;
  deleted: boolean;
  leaderId: string;
}

const CARD_COLS = { card: STUDY_PAGE_ITEM, status: studies.status, deleted: studies.deleted, leaderId: studies.leaderId };

const slugCardSql = new Map<'guest' | 'viewer', RawStatement>();

/**
 * The detail's statement: the study by its slug (`studies_slug_idx`), its stored card (the list's
 * text of it: `study_cards`, migration 0024, written by the triggers on `studies` for every
 * study, whatever its status or deleted flag) and its leader's public profile, read as the list
 * reads them (STUDY_PAGE_ITEM); for a signed-in caller VIEWER_COLS too. Visibility is the
 * caller's to decide (`assertVisibleBySlug`), from status, deleted and leader.
 */
function slugCardStatement(db: Db, kind: 'guest' | 'viewer'): RawStatement {
  let st = slugCardSql.get(kind);
  if (!st) {
    const q = db
      .select(kind === 'viewer' ? { ...CARD_COLS, ...VIEWER_COLS } : CARD_COLS)
      .from(studies)
      .innerJoin(studyCards, eq(studyCards.studyId, studies.id))
      .innerJoin(userPublic, eq(userPublic.id, studyCards.leaderId))
      .where(eq(studies.slug, ph('slug')))
      .toSQL();
    st = { text: q.sql, params: q.params, name: `studies_card_by_slug_${kind}` };
    slugCardSql.set(kind, st);
  }
  return st;
}

/**
 * A study by slug as its stored card, for a guest's detail (the caller writes
 * `applicability` into it as into a list page's: study-service.ts `studyCardJsonOf`).
 */
export async function studyCardBySlug(db: Db, slug: string): Promise<StudyCardRow | undefined> {
  const r = await firstArrayRow<[string, StudyStatus, boolean, string]>(db, slugCardStatement(db, 'guest'), { slug });
  return r && { card: r[0], status: r[1], deleted: r[2], leaderId: r[3] };
}

/** `studyCardBySlug` with VIEWER_COLS, in the same statement, for a signed-in caller's detail. */
export async function viewerStudyCardBySlug(db: Db, slug: string, userId: string): Promise<(StudyCardRow & ViewerCols) | undefined> {
  const r = await firstArrayRow<[string, StudyStatus, boolean, string, string | null, MemberRole | null, string | null]>(
    db,
    slugCardStatement(db, 'viewer'),
    { slug, userId },
  );
  return r && { card: r[0], status: r[1], deleted: r[2], leaderId: r[3], rejectReason: r[4], viewerRole: r[5], viewerApplication: r[6] };
}
