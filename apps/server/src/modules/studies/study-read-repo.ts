/**
 * The hot study reads as one prepared statement each (docs/performance.md "Server reads"):
 *
 * - the public list page and its total in one round trip: the page's ids from an index-only
 *   walk of the covering index of its sort (filters are evaluated on the index) or, by creation
 *   date with a type or cost-type filter, merged walks of the (type, cost type) index
 *   (`typeCostWalks`, migration 0023), then only those rows and their leaders; the total from
 *   `study_public_counts` (migrations 0015 and 0021);
 * - a study by slug with, for a signed-in caller, their membership and latest application.
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
 * CPU per list call at 100,000 studies, none at 10,000: docs/performance.md "Plans at 100,000 studies").
 * PGlite's plan cache keeps the generic plan the same way (it used to be forced with a
 * `set plan_cache_mode` before and after each call).
 */
import { type ApplicationStatus, COST_TYPES, type MemberRole, STUDY_TYPES } from '@moim/contract';
import { and, asc, desc, eq, fillPlaceholders, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { types as pgliteTypes, type PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Db } from '../../db/client.ts';
import { userPublic } from '../users/index.ts';
import {
  studies,
  studyApplications,
  studyCards,
  studyMemberships,
  studyPublicCounts,
  type MembershipRow,
  type StudyRow,
} from './schema.ts';
import type { StudyWithLeader } from './study-repo.ts';

const ph = (name: string) => sql.placeholder(name);

/**
 * A parameter the planner cannot look into (an InitPlan's output, evaluated once per call), so
 * custom and generic plans cost the same (see above). `(select $n::t)::t`: without the outer
 * cast, `= any((select …))` would be read as a sub-query of rows.
 */
const hidden = (name: string, type: 'text' | 'text[]' | 'timestamptz' | 'bigint') =>
  sql`(select ${ph(name)}::${sql.raw(type)})::${sql.raw(type)}`;

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
 * deadline is still ahead, counted from the deadline index.
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

const withLeader = { ...getTableColumns(studies), leaderName: userPublic.name, leaderImage: userPublic.profileImage };

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
        .limit(end as unknown as number);
    const all = walks.types.flatMap((_, t) => walks.costTypes.map((_, c) => walk(t, c)));
    const merged = sql`(${sql.join(all, sql` union all `)}) as "walks"`;
    const ids = db
      .select({ id: sql<string>`"page_id"`.as('page_id'), key: sql`"page_key"`.as('page_key') })
      .from(merged)
      .orderBy(d(sql`"page_key"`), d(sql`"page_id"`))
      .limit(sql.raw(String(limit)) as unknown as number)
      .offset(hidden('offset', 'bigint') as unknown as number)
      .as('page');
    return { ids, d, name };
  }
  const ids = db
    .select({ id: sql<string>`${studies.id}`.as('page_id'), key: sql`${col}`.as('page_key') })
    .from(studies)
    .where(studyFilters(f))
    .orderBy(d(col), d(studies.id))
    // (Drizzle would send a number as a parameter; an SQL literal stays in the text)
    .limit(sql.raw(String(limit)) as unknown as number)
    .offset(hidden('offset', 'bigint') as unknown as number)
    .as('page');
  return { ids, d, name };
}

function buildPage(db: Db, sort: string, f: FilterShape, limit: number, walks: TypeCostWalks | null) {
  const { ids, d, name } = pageIds(db, sort, f, limit, walks);
  return db
    .select({ ...withLeader, total: sql<number>`${totalSql(f)}`.mapWith(Number) })
    .from(ids)
    .innerJoin(studies, eq(studies.id, ids.id))
    .innerJoin(userPublic, eq(userPublic.id, studies.leaderId))
    .orderBy(d(ids.key), d(ids.id))
    .prepare(`studies_public_page_${name}`);
}

/** A timestamp as `Date.prototype.toISOString` writes it (UTC, milliseconds, `Z`). */
const isoOf = (c: SQL) => sql`to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The contract's `Study` (study-view.ts `toStudy`) built by the database, for a guest, up to
 * `paymentDeadlineHours` (then `questions`, STUDY_JSON_TAIL, and the caller's `applicability` and `viewer`), for the guest
 * detail on PostgreSQL: sent as it comes instead of being decoded into 44 columns, mapped by
 * Drizzle, shaped and stringified again (docs/performance.md "Server reads"). The list's stored
 * cards (migration 0024 `study_card_head`/`study_card_tail`) write the same text: keep them in step. Same keys in the same order as
 * `toStudy`; `study-json.test.ts` checks every field against it.
 */
const STUDY_JSON = sql`(select row_to_json(j)::text from (select
    ${studies.id} as "id", ${studies.slug} as "slug", ${studies.title} as "title", ${studies.coverImage} as "coverImage",
    regexp_replace(${studies.coverImage}, 'size=1280', 'size=640') as "coverImageThumb",
    ${studies.coverImageStatus} as "coverImageStatus", ${studies.generation} as "generation", ${studies.tagline} as "tagline",
    ${studies.proposerId} as "proposerId", ${studies.type} as "type",
    (select row_to_json(l) from (select ${studies.leaderId} as "id", ${userPublic.name} as "name",
      ${userPublic.profileImage} as "profileImage", ${studies.welcomeMessage} as "welcomeMessage") l) as "leader",
    ${studies.schedule} as "schedule", ${studies.duration} as "duration",
    (select row_to_json(d) from (select ${studies.scheduleWeekdays} as "weekdays", ${studies.sessionStartTime} as "startTime",
      ${studies.sessionEndTime} as "endTime", ${studies.timezone} as "timezone") d) as "scheduleDetails",
    (select row_to_json(o) from (select ${studies.locationType} as "type", ${studies.locationAddress} as "address") o) as "location",
    ${studies.capacity} as "capacity", ${studies.enrolled} as "enrolled", ${studies.seatsTaken} as "seatsTaken",
    ${isoOf(sql`${studies.recruitDeadline}`)} as "recruitDeadline", ${studies.isRecruiting} as "isRecruiting",
    ${studies.status} as "status", ${studies.recurrenceType} as "recurrenceType",
    ${studies.startDate} as "startDate", ${studies.endDate} as "endDate", ${studies.costType} as "costType",
    ${studies.costDescription} as "costDescription", ${studies.cost} as "cost", ${studies.paymentDeadlineHours} as "paymentDeadlineHours") j)`;

/** The keys after `questions` (jsonb prints itself with spaces: the caller re-writes it). */
const STUDY_JSON_TAIL = sql`(select row_to_json(j)::text from (select ${studies.deleted} as "deleted", null::text as "rejectReason",
    ${isoOf(sql`${studies.createdAt}`)} as "createdAt", ${isoOf(sql`${studies.updatedAt}`)} as "updatedAt") j)`;

/**
 * Where the list's page text (PAGE_TEXT) needs the caller: control characters, which JSON text
 * never holds unescaped (row_to_json and jsonb write them as `\u0001`), so they cannot occur
 * inside a study's JSON.
 */
export const PAGE_MARK = '\u0001';
export const QUESTIONS_MARK = '\u0002';

/**
 * One study of the page text: its stored card (`study_cards`, written by triggers on `studies`,
 * migration 0024) around the leader's public profile, joined at read time. The card is what
 * STUDY_JSON, `questions`, STUDY_JSON_TAIL's keys and `"viewer":null` write, with the questions
 * other than `[]` between two QUESTIONS_MARKs as jsonb prints them (for the caller to write again)
 * and `"applicability":` followed by its inputs between PAGE_MARKs (status, the deadline in epoch
 * milliseconds — floored, as `new Date(text)` truncates PostgreSQL's microseconds — capacity,
 * enrolled, seats taken, isRecruiting as `true`, `false` or empty for null, space-separated).
 */
const STUDY_PAGE_ITEM = sql`${studyCards.head} || to_json(${userPublic.name})::text || ',"profileImage":'
    || coalesce(to_json(${userPublic.profileImage})::text, 'null') || ${studyCards.tail}`;

/**
 * The public list page as ONE row: the page's studies as one text (STUDY_PAGE_ITEMs joined by commas,
 * in the page's order; '' past the last page) and the total, as text. The driver then parses
 * two fields instead of ten rows of many, and nothing is built per row: the database concatenates
 * stored text (docs/performance.md "Stored study cards"). Built once per statement key by
 * Drizzle's `toSQL()`, run through the driver's client with array rows (`publicPageText`).
 */
function pageTextSql(db: Db, sort: string, f: FilterShape, limit: number, walks: TypeCostWalks | null): RawPage & { name: string } {
  const { ids, d, name } = pageIds(db, sort, f, limit, walks);
  const dir = sql.raw(d === asc ? 'asc' : 'desc');
  const q = db
    .select({
      page: sql<string>`coalesce(string_agg(${STUDY_PAGE_ITEM}, ',' order by ${ids.key} ${dir}, ${ids.id} ${dir}), '')`,
      total: sql<string>`(${totalSql(f)})::text`,
    })
    .from(ids)
    .innerJoin(studyCards, eq(studyCards.studyId, ids.id))
    .innerJoin(userPublic, eq(userPublic.id, studyCards.leaderId))
    .toSQL();
  return { text: q.sql, params: q.params, name: `studies_public_page_text_${name}` };
}

/** What `studyApplicability` reads, next to the row's JSON. */
const APPLICABILITY_COLS = {
  status: studies.status,
  recruitDeadline: studies.recruitDeadline,
  capacity: studies.capacity,
  enrolled: studies.enrolled,
  seatsTaken: studies.seatsTaken,
  isRecruiting: studies.isRecruiting,
};

/** A study's guest JSON (STUDY_JSON around its questions), with what applicability and visibility are decided from. */
const BY_SLUG_JSON_COLS = {
  json: sql<string>`${STUDY_JSON}`,
  questions: sql<string>`${studies.questions}::text`,
  jsonTail: sql<string>`${STUDY_JSON_TAIL}`,
  ...APPLICABILITY_COLS,
  deleted: studies.deleted,
  leaderId: studies.leaderId,
};

/** A guest's detail by slug as the database's JSON (STUDY_JSON), with what visibility is decided from. */
function buildBySlugJson(db: Db) {
  return db
    .select(BY_SLUG_JSON_COLS)
    .from(studies)
    .innerJoin(userPublic, eq(userPublic.id, studies.leaderId))
    .where(eq(studies.slug, ph('slug')))
    .prepare('studies_by_slug_json');
}

function buildTotal(db: Db, f: FilterShape) {
  return db
    .select({ total: sql<number>`${totalSql(f)}`.mapWith(Number) })
    .from(sql`(select 1) as one`)
    .prepare(`studies_public_total_${shapeKey(f)}`);
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
  pages: Map<string, ReturnType<typeof buildPage>>;
  totals: Map<string, ReturnType<typeof buildTotal>>;
  bySlug: ReturnType<typeof buildBySlug>;
  bySlugFor: ReturnType<typeof buildBySlugFor>;
  bySlugJson: ReturnType<typeof buildBySlugJson>;
};
const preparedByDb = new WeakMap<Db, Prepared>();

function prepared(db: Db): Prepared {
  let p = preparedByDb.get(db);
  if (!p) {
    p = {
      pages: new Map(),
      totals: new Map(),
      bySlug: buildBySlug(db),
      bySlugFor: buildBySlugFor(db),
      bySlugJson: buildBySlugJson(db),
    };
    preparedByDb.set(db, p);
  }
  return p;
}

/** One page of the public list (no text query) and the total, in one statement. */
export async function publicPage(db: Db, sort: string, f: PublicListParams): Promise<{ rows: StudyWithLeader[]; total: number }> {
  const { shape, limit, walks, key, values } = listRequest(sort, f);
  const p = prepared(db);
  let page = p.pages.get(key);
  if (!page) {
    page = buildPage(db, sort, shape, limit, walks);
    p.pages.set(key, page);
  }
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
  const p = prepared(db);
  let total = p.totals.get(shapeKey(shape));
  if (!total) {
    total = buildTotal(db, shape);
    p.totals.set(shapeKey(shape), total);
  }
  const [t] = await total.execute(values);
  return t?.total ?? 0;
}

export type StudyApplicabilityRow = Pick<StudyRow, 'status' | 'recruitDeadline' | 'capacity' | 'enrolled' | 'seatsTaken' | 'isRecruiting'>;

/** A study as JSON in three parts: the keys up to `paymentDeadlineHours`, `questions` (jsonb's text), the keys after it. */
export type StudyJsonRow = StudyApplicabilityRow & { json: string; questions: string; jsonTail: string };

const pageTexts = new WeakMap<Db, Map<string, RawPage & { name: string }>>();

/**
 * One page of the public list (no text query) as one text with its total (see pageTextSql), on
 * either driver: the caller splices in each study's `applicability` (and rewrites marked
 * `questions`): study-service.ts `studyPageJsonOf`. Straight through the driver's client (a named
 * statement on node-postgres, db/prepared.ts's prepared reads on PGlite; array rows), without
 * Drizzle's prepared-query layers: two fields, nothing to map.
 */
export async function publicPageText(
  db: Db,
  sort: string,
  f: PublicListParams,
  driver: 'postgres' | 'pglite',
): Promise<{ page: string; total: number }> {
  const { shape, limit, walks, key, values } = listRequest(sort, f);
  let byKey = pageTexts.get(db);
  if (!byKey) {
    byKey = new Map();
    pageTexts.set(db, byKey);
  }
  let st = byKey.get(key);
  if (!st) {
    st = pageTextSql(db, sort, shape, limit, walks);
    byKey.set(key, st);
  }
  const params = fillPlaceholders(st.params, values);
  void driver; // both drivers are node-postgres pools now (the embedded one in a worker thread)
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const res = await pool.query<[string, string]>({ name: st.name, text: st.text, values: params, rowMode: 'array' });
  const row = res.rows[0]!;
  const [page, total] = row;
  return { page, total: Number(total) };
}

/**
 * What a guest's `Study` reads of a list row (study-view.ts `toStudy`, without `rejectReason`,
 * which a guest never sees), in the order of `GUEST_ROW`: 38 columns instead of the table's 44.
 */
const GUEST_COLS = {
  id: studies.id,
  slug: studies.slug,
  title: studies.title,
  coverImage: studies.coverImage,
  coverImageStatus: studies.coverImageStatus,
  generation: studies.generation,
  tagline: studies.tagline,
  proposerId: studies.proposerId,
  type: studies.type,
  leaderId: studies.leaderId,
  leaderName: userPublic.name,
  leaderImage: userPublic.profileImage,
  welcomeMessage: studies.welcomeMessage,
  schedule: studies.schedule,
  duration: studies.duration,
  scheduleWeekdays: studies.scheduleWeekdays,
  sessionStartTime: studies.sessionStartTime,
  sessionEndTime: studies.sessionEndTime,
  timezone: studies.timezone,
  locationType: studies.locationType,
  locationAddress: studies.locationAddress,
  capacity: studies.capacity,
  enrolled: studies.enrolled,
  seatsTaken: studies.seatsTaken,
  recruitDeadline: studies.recruitDeadline,
  isRecruiting: studies.isRecruiting,
  status: studies.status,
  recurrenceType: studies.recurrenceType,
  startDate: studies.startDate,
  endDate: studies.endDate,
  costType: studies.costType,
  costDescription: studies.costDescription,
  cost: studies.cost,
  paymentDeadlineHours: studies.paymentDeadlineHours,
  questions: studies.questions,
  deleted: studies.deleted,
  createdAt: studies.createdAt,
  updatedAt: studies.updatedAt,
};

/** A row of `guestStudyRowBySlug`: GUEST_COLS' values in their order, timestamps as ISO strings. */
export type GuestStudyRow = unknown[];

/** The position of each GUEST_COLS key in a GuestStudyRow. */
export const GUEST_ROW = Object.fromEntries(Object.keys(GUEST_COLS).map((k, i) => [k, i])) as Record<keyof typeof GUEST_COLS, number>;

/**
 * `timestamptz` text as `new Date(text).toISOString()` writes it, without a Date when the text is
 * UTC (`2026-11-23 22:14:05.123456+00`): milliseconds truncated, as PostgreSQL's microseconds
 * are by `new Date`. Anything else (another offset, a year before 1000, which `Date` reads its own
 * way, or past 9999, BC) goes through Date.
 */
export function isoOfTimestamptz(v: string): string {
  if (v.length >= 22 && v.endsWith('+00') && v[0] !== '0' && v[4] === '-' && v[10] === ' ' && v[13] === ':' && v[16] === ':') {
    const frac = v.length === 22 ? '' : v[19] === '.' ? v.slice(20, -3) : null;
    if (frac !== null && frac.length <= 6) return `${v.slice(0, 10)}T${v.slice(11, 19)}.${(frac + '000').slice(0, 3)}Z`;
  }
  return new Date(v).toISOString();
}

const iso = (v: string) => isoOfTimestamptz(v);
const same = (v: string) => v;
/** PGlite's own parsers as Drizzle's PGlite session sets them, except timestamps, written as ISO text here. */
const GUEST_PARSERS = {
  [pgliteTypes.TIMESTAMP]: same,
  [pgliteTypes.TIMESTAMPTZ]: iso,
  [pgliteTypes.INTERVAL]: same,
  [pgliteTypes.DATE]: same,
};

type RawPage = { text: string; params: unknown[] };

/**
 * A study by slug as the contract's JSON in parts (StudyJsonRow), for
 * a guest's detail on PostgreSQL, with `deleted` and `leaderId`: the caller decides visibility from them and `status`.
 */
export async function guestStudyJsonBySlug(
  db: Db,
  slug: string,
): Promise<(StudyJsonRow & { deleted: boolean; leaderId: string }) | undefined> {
  const [row] = await prepared(db).bySlugJson.execute({ slug });
  return row;
}

let slugRowSql: RawPage | undefined;

/**
 * A study by slug as GUEST_COLS in an array (timestamps as ISO text), for a guest's detail on
 * PGlite: through PGlite's client with array rows, without Drizzle's mapping. The caller decides visibility from its `status` and `deleted`.
 */
export async function guestStudyRowBySlug(db: Db, slug: string): Promise<GuestStudyRow | undefined> {
  if (!slugRowSql) {
    const q = db
      .select(GUEST_COLS)
      .from(studies)
      .innerJoin(userPublic, eq(userPublic.id, studies.leaderId))
      .where(eq(studies.slug, ph('slug')))
      .toSQL();
    slugRowSql = { text: q.sql, params: q.params };
  }
  const client = (db as unknown as { $client: PGlite }).$client;
  const res = await client.query<unknown[]>(slugRowSql.text, fillPlaceholders(slugRowSql.params, { slug }), {
    rowMode: 'array',
    parsers: GUEST_PARSERS,
  });
  return res.rows[0];
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

/** Where VIEWER_COLS start in a `viewerStudyRowBySlug` row (after GUEST_COLS). */
export const VIEWER_AT = Object.keys(GUEST_COLS).length;

let viewerRowSql: RawPage | undefined;

/**
 * A study by slug for a signed-in caller, on PGlite: `guestStudyRowBySlug`'s row (GUEST_COLS as
 * an array) followed by VIEWER_COLS' three values, in one statement.
 */
export async function viewerStudyRowBySlug(db: Db, slug: string, userId: string): Promise<GuestStudyRow | undefined> {
  if (!viewerRowSql) {
    const q = db
      .select({ ...GUEST_COLS, ...VIEWER_COLS })
      .from(studies)
      .innerJoin(userPublic, eq(userPublic.id, studies.leaderId))
      .where(eq(studies.slug, ph('slug')))
      .toSQL();
    viewerRowSql = { text: q.sql, params: q.params };
  }
  const client = (db as unknown as { $client: PGlite }).$client;
  const res = await client.query<unknown[]>(viewerRowSql.text, fillPlaceholders(viewerRowSql.params, { slug, userId }), {
    rowMode: 'array',
    parsers: GUEST_PARSERS,
  });
  return res.rows[0];
}

const viewerJsonByDb = new WeakMap<Db, ReturnType<typeof buildViewerJsonBySlug>>();

function buildViewerJsonBySlug(db: Db) {
  return db
    .select({ ...BY_SLUG_JSON_COLS, ...VIEWER_COLS })
    .from(studies)
    .innerJoin(userPublic, eq(userPublic.id, studies.leaderId))
    .where(eq(studies.slug, ph('slug')))
    .prepare('studies_by_slug_json_for');
}

/** `guestStudyJsonBySlug` with VIEWER_COLS, for a signed-in caller's detail on PostgreSQL. */
export async function viewerStudyJsonBySlug(
  db: Db,
  slug: string,
  userId: string,
): Promise<(StudyJsonRow & { deleted: boolean; leaderId: string } & ViewerCols) | undefined> {
  let st = viewerJsonByDb.get(db);
  if (!st) {
    st = buildViewerJsonBySlug(db);
    viewerJsonByDb.set(db, st);
  }
  const [row] = await st.execute({ slug, userId });
  return row;
}
