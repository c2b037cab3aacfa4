/**
 * The public projects list (GET /api/projects) as two named statements, the page and its total
 * (docs/projects.md and docs/performance.md "Other reads"). Each statement's SQL text is built once per
 * list shape — which filters are in use, the sort, the search kind and the page size — by Drizzle's
 * `toSQL()` with placeholders, and kept: a request only fills in its values and reads the rows as
 * arrays (db/raw-statements.ts), where Drizzle built the SQL, hashed its text to name it and
 * mapped every row on each call. Arrays are parameters (`= any($n::text[])`, `&& $n::text[]`),
 * so how many values a filter has does not change the text.
 *
 * Deleted, DRAFT and the default statuses are literals, not parameters: a generic plan still
 * proves the partial indexes' predicate (`deleted = false and status <> 'DRAFT'`, migration 0009).
 * Which plan each shape runs on (generic, planned per call, or PostgreSQL's choice) is `planKind`'s.
 *
 * The page statement joins each card's owner from the users module's `user_public` view
 * (migration 0025: username, thumbnail version, active), where the list asked `publicProfiles` in
 * a second query. These statements are the list's only implementation; list-json.test.ts holds
 * them to the rules written as plain SQL.
 */
import { PROJECT_LISTED_STATUSES, type ProjectSort } from '@moim/contract';
import { desc, eq, fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  arrayRows,
  firstArrayRow,
  hidden,
  rawStatement,
  type RawStatement,
  sharedPlaceholders,
  StatementCache,
} from '../../db/raw-statements.ts';
import { escapeLike, koreanSearchSql, koreanSearchValues, parseKoreanQuery } from '../../search/korean-search.ts';
import { type PublicProfile, publicProfileOf, userPublic } from '../users/index.ts';
import type { CardPosition, ListFilter, ProjectCardRow } from './project-repo.ts';
import { projectListedCounts, projectPositionCards, projects } from './schema.ts';
import { literalCount, sqlCount } from '../../db/sql-count.ts';

const ph = (name: string) => sql.placeholder(name);

/** Which filters a request uses, its sort and search kind: one statement text per shape. */
interface ListShape {
  status: boolean;
  type: boolean;
  meetingType: boolean;
  stack: boolean;
  position: boolean;
  search: 'none' | 'jamo' | 'choseong';
  sort: ProjectSort;
  /**
   * Which statuses the filters leave, for the deadline order: RECRUITING alone ('only', one walk of
   * the recruiting-deadline index), none of it ('none', newest first), or it and others ('mixed':
   * the recruiting ones by deadline, then the rest newest first, each part read in its index's
   * order up to the page's end).
   */
  recruiting: 'only' | 'none' | 'mixed';
}

/**
 * How PostgreSQL's plan cache should treat a shape's page and count (measured at 10,000 projects,
 * each shape's statement under each plan_cache_mode; docs/performance.md "Plans per shape"):
 * - 'generic': no filter and no search. Its generic plan is the custom one without the planning
 *   (PGlite 1.8 against 2.8 ms a call, PostgreSQL 1.4 against 1.9), but the plan cache kept
 *   planning each call; the offset is `hidden`, so the custom plan cannot look cheaper and the
 *   generic one is kept.
 * - 'custom': a status, type, meeting or stack filter. The generic plan guesses how many rows an
 *   array keeps and walks the wrong index (the filtered deadline list 6.7–7.4 ms against
 *   2.1–2.8 ms planned with its values), and the plan cache chose it; the statement is sent
 *   unnamed, so it is planned with the call's values every time.
 * - 'auto': a search or the position filter alone. A rare word is fastest on the generic plan, a
 *   word in 10 % of the projects twice as slow on it; the position filter's generic plan takes
 *   33–45 ms, and the plan cache does not choose it. PostgreSQL decides per call.
 */
function planKind(s: ListShape): 'generic' | 'custom' | 'auto' {
  if (s.status || s.type || s.meetingType || s.stack) return 'custom';
  return s.search === 'none' && !s.position ? 'generic' : 'auto';
}

const filtersKey = (s: ListShape) => `${+s.status}${+s.type}${+s.meetingType}${+s.stack}${+s.position}_${s.search}`;
/** The page statement's name and cache key: the filters, the sort and, for the deadline order, its parts. */
const pageKey = (s: ListShape) => `${SORT_KEYS[s.sort]}${s.sort === 'deadline,asc' ? `_${s.recruiting}` : ''}_${filtersKey(s)}`;
const SORT_KEYS: Record<ProjectSort, string> = {
  'createdAt,desc': 'new',
  'deadline,asc': 'deadline',
  'viewCount,desc': 'views',
  'relevance,desc': 'relevance',
};

const LISTED = sql.raw(PROJECT_LISTED_STATUSES.map((s) => `'${s}'`).join(', '));

/** The search condition and rank over the column the query's kind searches, with placeholders. */
function searchSql(kind: ListShape['search']) {
  if (kind === 'none') return null;
  return koreanSearchSql({ jamo: projects.searchJamo, choseong: projects.searchChoseong }, kind, {
    pattern: ph('pattern'),
    needle: ph('needle'),
  });
}

function listWhere(s: ListShape): SQL {
  const conds: SQL[] = [sql`${projects.deleted} = false and ${projects.status} <> 'DRAFT'`];
  conds.push(s.status ? sql`${projects.status} = any(${ph('status')}::text[])` : sql`${projects.status} in (${LISTED})`);
  if (s.type) conds.push(sql`${projects.type} = any(${ph('type')}::text[])`);
  if (s.meetingType) conds.push(sql`${projects.meetingType} = any(${ph('meetingType')}::text[])`);
  if (s.stack) conds.push(sql`${projects.stackKeys} && ${ph('stack')}::text[]`);
  if (s.position) {
    conds.push(sql`exists (select 1 from project_positions pp where pp.project_id = ${projects.id}
      and pp.filled_count < pp.required_count and pp.removed_at is null and pp.name ilike ${ph('position')})`);
  }
  const search = searchSql(s.search);
  if (search) conds.push(search.where);
  return sql.join(conds, sql` and `);
}

const RECRUITING = sql.raw(`'RECRUITING'`);

/** The columns a card's page reads, from the table. */
const cardColumns = {
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
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
};

/** Epoch milliseconds, floored (what `new Date(text)` keeps of PostgreSQL's microseconds: Drizzle's mapping). */
const epochMs = (col: SQL) => sql<number>`floor(extract(epoch from ${col}) * 1000)::float8`;

/**
 * The page's rows (filters, order, limit, offset) as a subquery `page` holding the card columns
 * and `rn`, the rows' order. By sort (SPEC §5):
 * - newest first and views: one walk of the matching partial index (migration 0009);
 * - the closest deadline among recruiting projects, then the rest newest first: with RECRUITING
 *   alone, one walk of the recruiting-deadline index (deadline, newest, id; migration 0047) that
 *   stops after the page; with other statuses as well, the recruiting part and the rest are each
 *   read in their index's order up to the page's end and the two joined (a `case` over the status
 *   in one order made every matching row be read and sorted);
 * - relevance: the earliest place of the query in the searchable text (a name's match first), then
 *   newest first: a position costs little per match, where pg_trgm's similarity() cost about
 *   58 µs a match (400 matches of a 초성 query at 10⁵ projects: 23 ms).
 */
function pageSubquery(db: Db, s: ListShape, limit: number) {
  const where = listWhere(s);
  const newest = [desc(projects.createdAt), desc(projects.id)];
  const rowNumber = (order: SQL[]) => sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('rn');
  // (Drizzle would send a number as a parameter; an SQL literal stays in the text)
  const size = literalCount(limit);
  const offsetValue = planKind(s) === 'generic' ? hidden('offset', 'bigint') : ph('offset');
  const offset = sqlCount(offsetValue);
  // the recruiting projects by deadline (open-ended last): a literal status, so that a generic
  // plan proves the recruiting-deadline index's predicate
  const recruitingWhere = sql`${where} and ${projects.status} = ${RECRUITING}`;
  const byDeadline = [sql`${projects.recruitmentDeadline} asc nulls last`, ...newest];

  if (s.sort === 'deadline,asc' && s.recruiting === 'mixed') {
    const reach = sqlCount(sql`${offsetValue} + ${sql.raw(String(limit))}`);
    const recruiting = db
      .select({ ...cardColumns, part: sql<number>`0`.as('part') })
      .from(projects)
      .where(recruitingWhere)
      .orderBy(...byDeadline)
      .limit(reach);
    const others = db
      .select({ ...cardColumns, part: sql<number>`1`.as('part') })
      .from(projects)
      .where(sql`${where} and ${projects.status} <> ${RECRUITING}`)
      .orderBy(...newest)
      .limit(reach);
    const parts = recruiting.unionAll(others).as('parts');
    const order = [
      sql`${parts.part}`,
      sql`case when ${parts.part} = 0 then ${parts.recruitmentDeadline} end asc nulls last`,
      desc(parts.createdAt),
      desc(parts.id),
    ];
    const { part: _part, ...cols } = parts._.selectedFields;
    void _part;
    return db
      .select({ ...(cols as unknown as typeof cardColumns), rn: rowNumber(order) })
      .from(parts)
      .orderBy(...order)
      .limit(size)
      .offset(offset)
      .as('page');
  }
  let conds = where;
  let order: SQL[];
  switch (s.sort) {
    case 'deadline,asc':
      if (s.recruiting === 'only') {
        conds = recruitingWhere;
        order = byDeadline;
      } else order = newest;
      break;
    case 'viewCount,desc':
      order = [desc(projects.viewCount), desc(projects.id)];
      break;
    case 'relevance,desc': {
      // where the query first appears: the searchable text begins with the name, then the pitch,
      // the stack, the positions, the region and the description (projectRowFields)
      const search = searchSql(s.search);
      order = search ? [sql`${search.position} asc`, ...newest] : newest;
      break;
    }
    default:
      order = newest;
  }
  return db
    .select({ ...cardColumns, rn: rowNumber(order) })
    .from(projects)
    .where(conds)
    .orderBy(...order)
    .limit(size)
    .offset(offset)
    .as('page');
}

/**
 * One page of cards with their positions (as JSON, kept per project by the triggers of migration
 * 0048) and owners: the page is chosen first (filters, order, limit) and only its rows get their
 * positions and owner.
 * `limit` is part of the text (1..100). Dates come as text and timestamps as epoch milliseconds:
 * the driver would make Dates of both.
 */
function pageStatement(db: Db, s: ListShape, limit: number, named = true): RawStatement {
  const page = pageSubquery(db, s, limit);
  const q = db
    .select({
      id: page.id,
      slug: page.slug,
      name: page.name,
      tagline: page.tagline,
      type: page.type,
      status: page.status,
      ownerId: page.ownerId,
      meetingType: page.meetingType,
      meetingFrequency: page.meetingFrequency,
      meetingRegion: page.meetingRegion,
      recruitmentDeadline: sql`${page.recruitmentDeadline}::text`,
      startDate: sql`${page.startDate}::text`,
      techStack: page.techStack,
      viewCount: page.viewCount,
      createdAt: epochMs(sql`${page.createdAt}`),
      updatedAt: epochMs(sql`${page.updatedAt}`),
      // the positions as the triggers keep them (migration 0048); none: no row
      positions: sql`coalesce(${projectPositionCards.positions}, '[]'::json)`,
      ownerName: userPublic.name,
      ownerUsername: userPublic.username,
      ownerImage: userPublic.profileImage,
      ownerImageVersion: userPublic.profileImageVersion,
      ownerActive: userPublic.active,
    })
    .from(page)
    .leftJoin(projectPositionCards, eq(projectPositionCards.projectId, page.id))
    // a left join: an owner without a row shows as a deleted user, as with `publicProfiles`
    .leftJoin(userPublic, eq(userPublic.id, page.ownerId))
    .orderBy(page.rn);
  return sharedPlaceholders(rawStatement(q, named && planKind(s) !== 'custom' ? `projects_list_${pageKey(s)}_${limit}` : ''));
}

/**
 * The total: without a stack, position or text filter, a sum over the kept counts per (status,
 * type, meeting type) (migration 0049), at most 60 rows; otherwise the matching projects counted.
 */
function countStatement(db: Db, s: ListShape, named = true): RawStatement {
  const name = `projects_list_count_${filtersKey(s)}`;
  if (s.search === 'none' && !s.stack && !s.position) {
    const c = projectListedCounts;
    const conds: SQL[] = [s.status ? sql`${c.status} = any(${ph('status')}::text[])` : sql`${c.status} in (${LISTED})`];
    if (s.type) conds.push(sql`${c.type} = any(${ph('type')}::text[])`);
    if (s.meetingType) conds.push(sql`${c.meetingType} = any(${ph('meetingType')}::text[])`);
    const q = db
      .select({ n: sql<number>`coalesce(sum(${c.n}), 0)::int` })
      .from(c)
      .where(sql.join(conds, sql` and `));
    // (a plan over the 60 rows is the same for any values)
    return rawStatement(q, named ? name : '');
  }
  const q = db
    .select({ n: sql<number>`count(*)::int` })
    .from(projects)
    .where(listWhere(s));
  return rawStatement(q, named && planKind(s) !== 'custom' ? name : '');
}

/** A page row as the statement returns it (the order of `pageStatement`'s select). */
type PageRow = [
  id: string,
  slug: string,
  name: string,
  tagline: string,
  type: ProjectCardRow['type'],
  status: ProjectCardRow['status'],
  ownerId: string,
  meetingType: ProjectCardRow['meetingType'],
  meetingFrequency: string,
  meetingRegion: string,
  recruitmentDeadline: string | null,
  startDate: string | null,
  techStack: ProjectCardRow['techStack'],
  viewCount: number,
  createdAt: number,
  updatedAt: number,
  positions: CardPosition[],
  ownerName: string | null,
  ownerUsername: string | null,
  ownerImage: string | null,
  ownerImageVersion: number | null,
  ownerActive: boolean | null,
];

/** A request's shape and the values of its placeholders. */
function listRequest(f: ListFilter) {
  const parsed = parseKoreanQuery(f.q);
  const search = parsed ? koreanSearchValues(parsed) : null;
  const shape: ListShape = {
    status: !!f.status?.length,
    type: !!f.type?.length,
    meetingType: !!f.meetingType?.length,
    stack: !!f.stack?.length,
    position: !!f.position,
    search: parsed?.kind ?? 'none',
    sort: f.sort,
    recruiting: !f.status?.length
      ? 'mixed' // the listed statuses hold RECRUITING
      : !f.status.includes('RECRUITING')
        ? 'none'
        : f.status.every((x) => x === 'RECRUITING')
          ? 'only'
          : 'mixed',
  };
  const values: Record<string, unknown> = {
    status: f.status,
    type: f.type,
    meetingType: f.meetingType,
    stack: f.stack?.length ? [...new Set(f.stack.map((s) => s.trim().toLowerCase()))] : null,
    position: f.position ? `%${escapeLike(f.position.trim())}%` : null,
    pattern: search?.pattern ?? null,
    needle: search?.needle ?? null,
  };
  return { shape, values };
}

type Statements = { pages: StatementCache<RawStatement>; counts: StatementCache<RawStatement> };
const statementsByDb = new WeakMap<Db, Statements>();

function statements(db: Db): Statements {
  let st = statementsByDb.get(db);
  if (!st) {
    st = { pages: new StatementCache(), counts: new StatementCache() };
    statementsByDb.set(db, st);
  }
  return st;
}

export interface ListedCards {
  rows: ProjectCardRow[];
  /** the owners' public profiles, by id (those the view has) */
  owners: Map<string, PublicProfile>;
}

/** One page of the public list: its cards (filters, sort, limit 1..100, offset) and their owners. */
export async function listedCards(db: Db, f: ListFilter, size: number, offset: number): Promise<ListedCards> {
  const limit = Math.trunc(size);
  if (!(limit >= 1 && limit <= 100)) throw new RangeError('page size out of range');
  const { shape, values } = listRequest(f);
  const key = `${pageKey(shape)}|${limit}`;
  const st = statements(db).pages.get(key, (named) => pageStatement(db, shape, limit, named));
  const raw = await arrayRows<PageRow>(db, st, { ...values, offset });
  const rows: ProjectCardRow[] = [];
  const owners = new Map<string, PublicProfile>();
  for (const r of raw) {
    rows.push({
      id: r[0],
      slug: r[1],
      name: r[2],
      tagline: r[3],
      type: r[4],
      status: r[5],
      ownerId: r[6],
      meetingType: r[7],
      meetingFrequency: r[8],
      meetingRegion: r[9],
      recruitmentDeadline: r[10],
      startDate: r[11],
      techStack: r[12],
      viewCount: r[13],
      deleted: false,
      createdAt: new Date(r[14]),
      updatedAt: new Date(r[15]),
      positions: r[16],
    });
    if (r[17] !== null) {
      owners.set(
        r[6],
        publicProfileOf({
          id: r[6],
          name: r[17],
          username: r[18],
          profileImage: r[19],
          profileImageVersion: r[20] ?? 0,
          active: r[21] === true,
        }),
      );
    }
  }
  return { rows, owners };
}

/** How many projects the list's filters match. */
export async function countListed(db: Db, f: ListFilter): Promise<number> {
  const { shape, values } = listRequest(f);
  const st = statements(db).counts.get(filtersKey(shape), (named) => countStatement(db, shape, named));
  const r = await firstArrayRow<[number]>(db, st, values);
  return r?.[0] ?? 0;
}

/** The page statement's text with a request's values (EXPLAIN in the benchmark and tests). */
export function listedCardsForExplain(db: Db, f: ListFilter, limit: number, offset = 0): { text: string; values: unknown[] } {
  const { shape, values } = listRequest(f);
  const st = pageStatement(db, shape, limit);
  return { text: st.text, values: fillPlaceholders(st.params, { ...values, offset }) };
}

/** The total's statement text with a request's values (EXPLAIN in the benchmark). */
export function listedCountForExplain(db: Db, f: ListFilter): { text: string; values: unknown[] } {
  const { shape, values } = listRequest(f);
  const st = countStatement(db, shape);
  return { text: st.text, values: fillPlaceholders(st.params, values) };
}
