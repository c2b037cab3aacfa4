/**
 * The navigator's search in SQL: every filter on the server (AND across filters, OR within
 * one), Korean text search over the indexed jamo/초성 columns ranked by similarity, sorts
 * (relevance, newest, deadline, match), disjunctive facet counts and the hub's live counts.
 * The match expression is the contract's rule (job-match.ts) written in SQL, so "sort by
 * match" orders by exactly the score the page shows.
 */
import {
  EMPLOYMENT_LABELS_KO,
  EXPERIENCE_LABELS_KO,
  MATCH_WEIGHTS,
  EXPERIENCE_DECAY_PER_YEAR,
  REGION_LABELS_KO,
  WORK_MODE_LABELS_KO,
} from '@moim/contract';
import { and, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { koreanSearch } from '../../search/korean-search.ts';
import { SALARY_TOKEN_STEP } from './posting-repo.ts';
import { jobCompanies, jobPostings } from './schema.ts';

export interface SearchFilters {
  q?: string | undefined;
  company: string[];
  skill: string[];
  experience: string[];
  employmentType: string[];
  region: string[];
  workMode: string[];
  salaryMin?: number | undefined;
  activeOnly: boolean;
  /** only postings created after this instant (saved-search alerts) */
  createdAfter?: Date | undefined;
  /** … and at or before this one */
  createdUpTo?: Date | undefined;
}

export type FacetKey = 'company' | 'skill' | 'experience' | 'employmentType' | 'region' | 'workMode';

export interface MatchProfileSql {
  skills: string[];
  years: number;
}

const p = jobPostings;
const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * The words of a query, each searched on its own column (jamo, or 초성 for ㄱ-ㅎ only): all must
 * match. `rank` is the similarity of the title to the words (a match in the title ranks above one
 * only in the company, location or skills).
 */
export function textSearch(q: string | undefined): { where: SQL; rank: SQL; contains: SQL } | null {
  const words = (q ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
  const parts = words.flatMap((w) => {
    const all = koreanSearch({ jamo: p.searchJamo, choseong: p.searchChoseong }, w);
    const title = koreanSearch({ jamo: p.titleJamo, choseong: p.titleChoseong }, w);
    return all && title ? [{ where: all.where, rank: title.rank, contains: all.contains }] : [];
  });
  if (parts.length === 0) return null;
  return {
    where: and(...parts.map((x) => x.where))!,
    /** the same test as `where`, for rows read through another index (probe, fence) */
    contains: and(...parts.map((x) => x.contains))!,
    rank: sql.join(
      parts.map((x) => x.rank),
      sql` + `,
    ),
  };
}

/** The WHERE conditions of `f`, leaving out the filter of facet `except`. */
export function conditions(f: SearchFilters, now: Date, except?: FacetKey): SQL[] {
  return ordered(filterConditions(f, now, except), f.activeOnly, textSearch(f.q)?.where);
}

/** The conditions in one list: "open" first (when asked), then the text, the tokens, the other row checks. */
function ordered({ tokens, rows }: { tokens: SQL[]; rows: SQL[] }, activeOnly: boolean | undefined, text?: SQL): SQL[] {
  const open = activeOnly ? 1 : 0;
  return [...rows.slice(0, open), ...(text ? [text] : []), ...tokens, ...rows.slice(open)];
}

/**
 * The conditions of `f` other than the text, in two kinds: `tokens` are answered by the
 * facet_tokens GIN index alone, `rows` are checked on the row (open, the exact salary floor,
 * created after).
 */
function filterConditions(f: SearchFilters, now: Date, except?: FacetKey): { tokens: SQL[]; rows: SQL[] } {
  const tokens: SQL[] = [];
  const rows: SQL[] = [];
  if (f.activeOnly) rows.push(sql`${p.active} and (${p.validThrough} is null or ${p.validThrough} >= ${now.toISOString()}::timestamptz)`);
  // Each filter is "one of these tokens" on the facet_tokens GIN index, so any mix of filters is
  // answered inside one index scan before a row is read.
  const anyOf = (prefix: string, values: string[]) => tokens.push(sql`${p.facetTokens} && ${textArray(values.map((v) => prefix + v))}`);
  if (except !== 'company' && f.company.length) anyOf('company:', f.company);
  if (except !== 'skill' && f.skill.length) anyOf('', f.skill);
  if (except !== 'experience' && f.experience.length) anyOf('exp:', f.experience);
  if (except !== 'employmentType' && f.employmentType.length) anyOf('type:', f.employmentType);
  if (except !== 'region' && f.region.length) anyOf('region:', f.region);
  if (except !== 'workMode' && f.workMode.length) anyOf('mode:', f.workMode);
  if (f.salaryMin !== undefined) {
    const step = Math.min(50, Math.floor(f.salaryMin / SALARY_TOKEN_STEP));
    if (step > 0) tokens.push(sql`${p.facetTokens} @> ${textArray([`sal:${step}`])}`);
    rows.push(sql`coalesce(${p.salaryMax}, ${p.salaryMin}) >= ${f.salaryMin}`);
  }
  if (f.createdAfter) rows.push(sql`${p.createdAt} > ${f.createdAfter.toISOString()}::timestamptz`);
  if (f.createdUpTo) rows.push(sql`${p.createdAt} <= ${f.createdUpTo.toISOString()}::timestamptz`);
  return { tokens, rows };
}

const where = (c: SQL[]) => (c.length ? sql`where ${sql.join(c, sql` and `)}` : sql``);

/** The contract's match score in SQL (null when the posting lists no skill). */
export function matchExpression(m: MatchProfileSql): SQL {
  const mine = textArray(m.skills.length ? m.skills : ['']);
  const rt = sql`cardinality(${p.requiredSkills})`;
  const pt = sql`cardinality(${p.preferredSkills})`;
  const rh = sql`(select count(*) from unnest(${p.requiredSkills}) s where s = any(${mine}))`;
  const ph = sql`(select count(*) from unnest(${p.preferredSkills}) s where s = any(${mine}))`;
  const wr = sql.raw(String(MATCH_WEIGHTS.required));
  const wp = sql.raw(String(MATCH_WEIGHTS.preferred));
  const decay = sql.raw(String(EXPERIENCE_DECAY_PER_YEAR));
  const years = sql`${m.years}::int`;
  const skill = sql`(case
    when ${rt} > 0 and ${pt} > 0 then ${wr} * ${rh}::float8 / ${rt} + ${wp} * ${ph}::float8 / ${pt}
    when ${rt} > 0 then ${rh}::float8 / ${rt}
    when ${pt} > 0 then ${ph}::float8 / ${pt}
  end)`;
  const factor = sql`(case
    when ${p.experienceLevel} = 'ANY' then 1.0::float8
    when ${years} < ${p.experienceMin} then power(${decay}::float8, ${p.experienceMin} - ${years})
    else 1.0::float8 end)`; // years beyond the maximum do not lower it (contract experienceFactor)
  return sql`(${skill} * ${factor})`;
}

export type SortKey = 'relevance' | 'postedAt' | 'validThrough' | 'match';

/** Relevance re-ranks this many of the newest matches by similarity (a rescore window); deeper pages follow by date. */
export const RESCORE_WINDOW = 100;
/** Totals are counted exactly when the planner expects at most this many rows; above, its estimate is given. */
export const EXACT_COUNT_LIMIT = 1_000;
/**
 * A text search first reads at most this many of the newest postings that pass the other filters
 * (one index scan in date order, stopped as soon as the rescore window is full): a broad word
 * fills the window within it, and the share of matches among the rows read estimates its total.
 */
export const PROBE_ROWS = 1_000;
/**
 * When the other filters leave at most this many postings (planner estimate), the text is matched
 * on those rows only, after the facet-token index has found them, instead of intersecting that
 * index with the trigram index (whose posting lists for a common word hold tens of thousands of
 * rows). The result is the same rows; only the plan differs.
 */
export const FENCE_ROWS = 5_000;
/** How long the planner's estimate for a set of non-text filters is reused (per database handle). */
export const FILTER_ESTIMATE_TTL_MS = 60_000;

export interface SearchPage {
  ids: string[];
  total: number;
  /** false when `total` is an estimate (a broad search over many postings) */
  exact: boolean;
}

/** The planner's row estimate for `conds` (cheap: nothing is executed). */
async function estimateRows(db: DbOrTx, conds: SQL[]): Promise<number> {
  const r = await db.execute<Record<string, unknown>>(sql`explain (format json) select 1 from ${p} ${where(conds)}`);
  const raw = Object.values(r.rows[0] ?? {})[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: { 'Plan Rows': number } }>;
  return Math.round(plan[0]?.Plan['Plan Rows'] ?? 0);
}

/**
 * A figure about a set of non-text filters kept per database handle for FILTER_ESTIMATE_TTL_MS
 * (at most 500 keys per store): the filters repeat while a member types different words.
 */
type FilterMemo = WeakMap<object, Map<string, { at: number; rows: number }>>;
async function memoized(store: FilterMemo, db: DbOrTx, key: string, load: () => Promise<number>): Promise<number> {
  let memo = store.get(db);
  if (!memo) store.set(db, (memo = new Map()));
  const hit = memo.get(key);
  const now = Date.now();
  if (hit && now - hit.at < FILTER_ESTIMATE_TTL_MS) return hit.rows;
  const rows = await load();
  if (memo.size > 500) memo.clear();
  memo.set(key, { at: now, rows });
  return rows;
}

// an EXPLAIN costs several milliseconds on PGlite, more than the search it sizes
const filterEstimates: FilterMemo = new WeakMap();

/** The planner's estimate of the postings that pass `f`'s filters other than the text. */
async function filterEstimate(db: DbOrTx, f: SearchFilters, conds: SQL[]): Promise<number> {
  if (f.createdAfter || f.createdUpTo) return estimateRows(db, conds);
  const key = JSON.stringify([f.company, f.skill, f.experience, f.employmentType, f.region, f.workMode, f.salaryMin ?? null, f.activeOnly]);
  return memoized(filterEstimates, db, key, () => estimateRows(db, conds));
}

// the facet counts' scale: the planner's estimate of the open postings was 30 % short in tests
const filterCounts: FilterMemo = new WeakMap();

/** How many postings pass `conds` (`f`'s filters other than the text and the facets), counted at most once a minute per filter set. */
async function filterCount(db: DbOrTx, f: SearchFilters, conds: SQL[]): Promise<number> {
  const key = JSON.stringify([f.salaryMin ?? null, f.activeOnly, f.createdAfter ?? null, f.createdUpTo ?? null]);
  return memoized(filterCounts, db, key, async () => {
    const r = await db.execute<{ n: string | number }>(sql`select count(*) as n from ${p} ${where(conds)}`);
    return Number(r.rows[0]?.n ?? 0);
  });
}

const hasFacetFilter = (f: SearchFilters) =>
  f.company.length + f.skill.length + f.experience.length + f.employmentType.length + f.region.length + f.workMode.length > 0 ||
  f.salaryMin !== undefined;

/**
 * The probe (see PROBE_ROWS): the newest postings that pass `rest`, in date order, each marked
 * whether it matches the text, stopped at the first RESCORE_WINDOW + 1 matches; the row at
 * PROBE_ROWS is always returned as a marker that the filters leave more postings than that.
 */
async function probe(db: DbOrTx, rest: SQL[], text: { contains: SQL; rank: SQL }) {
  const r = await db.execute<{ id: string; hit: boolean; seen: string | number; rank: number | string | null }>(sql`
    select ${p.id} as id, ${p}.hit, ${p}.seen, case when ${p}.hit then ${text.rank} end as rank
    from (
      select ${p}.*, ${text.contains} as hit, row_number() over (order by ${p.postedAt} desc, ${p.id}) as seen
      from (select ${p.id}, ${p.postedAt}, ${p.searchJamo}, ${p.searchChoseong}, ${p.titleJamo}, ${p.titleChoseong} from ${p} ${where(rest)} order by ${p.postedAt} desc, ${p.id} limit ${PROBE_ROWS}) ${p}
    ) ${p}
    where ${p}.hit or ${p}.seen = ${PROBE_ROWS}
    order by ${p.postedAt} desc, ${p.id}
    limit ${RESCORE_WINDOW + 1}`);
  return r.rows.map((x) => ({
    id: x.id,
    hit: x.hit === true || (x.hit as unknown) === 't',
    seen: Number(x.seen),
    rank: Number(x.rank ?? 0),
  }));
}

/**
 * One page of matching posting ids in order, and the total. Broad searches stay cheap: the
 * page is read in an index's order (newest, or deadline) and relevance re-ranks only a window
 * of the newest matches; the total is exact unless more than EXACT_COUNT_LIMIT postings match,
 * then it is an estimate (docs/job-postings.md "Search at scale").
 */
export async function searchIds(
  db: DbOrTx,
  f: SearchFilters,
  opts: { now: Date; sort: SortKey; dir: 'asc' | 'desc'; page: number; size: number; match?: MatchProfileSql | null },
): Promise<SearchPage> {
  const text = textSearch(f.q);
  // built once: the page, its count and the fence below all read these
  const split = filterConditions(f, opts.now);
  const rest = ordered(split, f.activeOnly);
  const dir = sql.raw(opts.dir);
  const offset = opts.page * opts.size;
  const inWindow = opts.sort === 'relevance' && text !== null && opts.dir === 'desc' && offset + opts.size <= RESCORE_WINDOW;

  // Text with narrow filters: the filters' own index finds their few postings, the text is
  // matched on those rows (the `offset 0` keeps the planner from merging the two), and counting
  // them all is cheap.
  let source: SQL = sql`${p}`;
  let conds = text ? [...rest, text.where] : rest;
  let fenced = false;
  if (text && hasFacetFilter(f) && (await filterEstimate(db, f, rest)) <= FENCE_ROWS) {
    // only the token conditions inside, so the planner reads the facet index alone there
    if (split.tokens.length > 0) {
      source = sql`(select * from ${p} ${where(split.tokens)} offset 0) ${p}`;
      conds = [...split.rows, text.contains];
      fenced = true;
    }
  }

  // A text search on the first pages of relevance: the probe reads the newest postings until
  // the rescore window holds RESCORE_WINDOW matches.
  if (inWindow && !fenced) {
    const rows = await probe(db, rest, text);
    const hits = rows.filter((r) => r.hit).slice(0, RESCORE_WINDOW);
    const windowFull = hits.length === RESCORE_WINDOW;
    // without the marker row every posting that passes the filters was read: the matches are all here
    const readAll = !rows.some((r) => r.seen === PROBE_ROWS);
    if (windowFull || readAll) {
      // stable: equal ranks keep date order (posted_at desc, id), as the SQL order did
      const ranked = [...hits].sort((a, b) => b.rank - a.rank);
      const ids = ranked.slice(offset, offset + opts.size).map((r) => r.id);
      if (!windowFull) return { ids, total: hits.length, exact: true };
      const seen = hits[hits.length - 1]!.seen;
      const estimate = Math.round(((await filterEstimate(db, f, rest)) * RESCORE_WINDOW) / seen);
      if (estimate > EXACT_COUNT_LIMIT) return { ids, total: Math.max(estimate, RESCORE_WINDOW), exact: false };
      const count = await db.execute<{ n: string | number }>(sql`select count(*) as n from ${p} ${where(conds)}`);
      return { ids, total: Number(count.rows[0]?.n ?? 0), exact: true };
    }
    // a rarer word: fewer than RESCORE_WINDOW matches among the newest PROBE_ROWS; the planner
    // decides below (the trigram index finds them)
  }

  // Planning only: a narrow search is counted in the same scan as its page (a window count);
  // a broad one is not counted at all (its total is this estimate). Without text the conditions
  // are the filters', whose estimate is reused (FILTER_ESTIMATE_TTL_MS).
  const estimate = fenced ? 0 : text ? await estimateRows(db, conds) : await filterEstimate(db, f, rest);
  const counted = estimate <= EXACT_COUNT_LIMIT;
  const total = counted ? sql`, count(*) over () as total` : sql``;
  let rows: Promise<{ rows: Array<{ id: string; total?: string | number }> }>;
  if (inWindow) {
    rows = db.execute(sql`select id${counted ? sql`, total` : sql``} from (
        select ${p.id} as id, ${p.postedAt} as posted_at, ${text!.rank} as rank${total} from ${source} ${where(conds)}
        order by ${p.postedAt} desc, ${p.id} limit ${RESCORE_WINDOW}
      ) w order by rank desc, posted_at desc, id limit ${opts.size} offset ${offset}`);
  } else {
    let order: SQL;
    if (opts.sort === 'match' && opts.match) order = sql`${matchExpression(opts.match)} ${dir} nulls last, ${p.postedAt} desc, ${p.id}`;
    else if (opts.sort === 'validThrough') order = sql`${p.validThrough} ${dir} nulls last, ${p.postedAt} desc, ${p.id}`;
    else if (opts.sort === 'postedAt') order = sql`${p.postedAt} ${dir}, ${p.id}`;
    else order = sql`${p.postedAt} desc, ${p.id}`; // relevance past the window: by date
    rows = db.execute(
      sql`select ${p.id} as id${total} from ${source} ${where(conds)} order by ${order} limit ${opts.size} offset ${offset}`,
    );
  }
  const page = (await rows).rows;
  const ids = page.map((r) => r.id);
  // A short page tells the exact total without counting.
  if (ids.length < opts.size && (ids.length > 0 || offset === 0)) return { ids, total: offset + ids.length, exact: true };
  if (counted && page[0]) return { ids, total: Number(page[0].total), exact: true };
  if (!counted) return { ids, total: Math.max(estimate, offset + ids.length), exact: false };
  // a page past the end of a narrow search: count on its own
  const count = await db.execute<{ n: string | number }>(sql`select count(*) as n from ${source} ${where(conds)}`);
  return { ids, total: Number(count.rows[0]?.n ?? 0), exact: true };
}

export interface FacetRow {
  value: string;
  label: string;
  count: number;
}

/** The facets, the prefix of their tokens in `facet_tokens` (a skill's token is its id) and how many values each shows. */
const FACETS: Array<{ key: FacetKey; prefix: string; limit: number }> = [
  { key: 'company', prefix: 'company:', limit: 20 },
  { key: 'experience', prefix: 'exp:', limit: 10 },
  { key: 'employmentType', prefix: 'type:', limit: 10 },
  { key: 'workMode', prefix: 'mode:', limit: 10 },
  { key: 'region', prefix: 'region:', limit: 20 },
  { key: 'skill', prefix: '', limit: 30 },
];

/** Each facet filter of `f` as a test on `facet_tokens` (one of its values), by facet. */
function facetFilters(f: SearchFilters): Map<FacetKey, SQL> {
  const out = new Map<FacetKey, SQL>();
  for (const { key, prefix } of FACETS) {
    const values = f[key];
    if (values.length) out.set(key, sql`${p.facetTokens} && ${textArray(values.map((v) => prefix + v))}`);
  }
  return out;
}

/**
 * Facet counts read at most this many postings: when the filters no facet owns (open, the salary
 * floor) leave more (the planner's estimate), the newest this many of them are counted and the
 * counts scaled by how many there are (filterCount; docs/job-postings.md "Server cost").
 */
export const FACET_SAMPLE_ROWS = 3_000;

/** A scaled count written as an estimate is: at least 1 (it was seen), two significant digits from 100 on. */
function roughly(n: number): number {
  if (n < 100) return Math.max(1, Math.round(n));
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}

/**
 * Facet counts: each facet with every filter applied except its own (disjunctive faceting), in
 * one statement over the postings that match the text and the filters no facet owns (open, the
 * salary floor). Every value a posting can be counted under is a token of its `facet_tokens`, so
 * each of those rows is read once: a row that passes every facet filter counts under all its
 * tokens, one that fails exactly one facet's filter counts only under that facet's tokens (its
 * other facets' counts ignore that filter), one that fails two counts nowhere. The same counts as
 * grouping each facet's column with its own filter left out, without reading the matches seven times.
 */
export async function facetCounts(db: DbOrTx, f: SearchFilters, now: Date, sampleRows = FACET_SAMPLE_ROWS) {
  const noFacets = { ...f, company: [], skill: [], experience: [], employmentType: [], region: [], workMode: [] };
  const split = filterConditions(noFacets, now);
  const text = textSearch(f.q);
  // Above FACET_SAMPLE_ROWS postings (the planner's estimate, reused while it is fresh), the
  // newest FACET_SAMPLE_ROWS of them are counted (one index scan in date order) and the counts
  // scaled by how many there are (counted once a minute per filter set): estimates, marked so.
  const rest = ordered(split, f.activeOnly);
  const estimate = await filterEstimate(db, noFacets, rest);
  const sampled = estimate > sampleRows;
  const sample = sql`s as (select ${p.facetTokens}, ${p.searchJamo}, ${p.searchChoseong}, ${p.titleJamo}, ${p.titleChoseong} from ${p} ${where(rest)} order by ${p.postedAt} desc, ${p.id} limit ${sampleRows}),`;
  const from = sampled ? sql`s ${p}` : sql`${p}`;
  const base = sampled ? (text ? [text.contains] : []) : ordered(split, f.activeOnly, text?.where);
  const filters = facetFilters(f);
  const keys = [...filters.keys()];
  // one flag per facet filter in force: does the row pass it
  const flags = keys.map((k, i) => sql`${filters.get(k)!} as f${sql.raw(String(i))}`);
  const flag = (i: number) => sql.raw(`r.f${i}`);
  const allBut = (skip: FacetKey | null) => {
    const c = keys.flatMap((k, i) => (k === skip ? [] : [flag(i)]));
    return c.length ? sql.join(c, sql` and `) : sql`true`;
  };
  const kindOf = sql`case ${sql.join(
    FACETS.filter((x) => x.prefix).map((x) => sql`when t like ${x.prefix + '%'} then ${x.key}`),
    sql` `,
  )} when t like 'sal:%' then null else 'skill' end`;
  // a token counts when the row passes every facet filter but its own facet's
  const counts = keys.length
    ? sql`case ${sql.join(
        FACETS.map((x) => sql`when k = ${x.key} then ${allBut(x.key)}`),
        sql` `,
      )} else false end`
    : sql`k is not null`;
  const r = await db.execute<{ k: string | null; t: string; n: string | number; label: string | null; rk: string | number }>(sql`
    with ${sampled ? sample : sql``} r as materialized (select ${p.facetTokens} as tokens${flags.length ? sql`, ${sql.join(flags, sql`, `)}` : sql``} from ${from} ${where(base)}),
    c as (
      select k, t, count(*) as n from (select ${kindOf} as k, t${
        keys.length
          ? sql`, ${sql.join(
              keys.map((_, i) => flag(i)),
              sql`, `,
            )}`
          : sql``
      } from r, unnest(r.tokens) t) r
      where ${counts} group by k, t
    ),
    l as (select c.k, c.t, c.n, j.name as label from c left join ${jobCompanies} j on c.k = 'company' and j.id::text = substr(c.t, 9))
    select k, t, n, label, rk from (
      select l.*, row_number() over (partition by k order by n desc, case when k = 'company' then label else t end) as rk from l
    ) x where rk <= case k when 'company' then 20 when 'region' then 20 when 'skill' then 30 else 10 end
    union all
    select null, '', count(*), null, 0 from r ${keys.length ? sql`where ${allBut(null)}` : sql``}${
      sampled ? sql` union all select null, '#', count(*), null, 0 from s` : sql``
    }`);
  const by = new Map<FacetKey, FacetRow[]>(FACETS.map((x) => [x.key, []]));
  let total = 0;
  // the rows the sample read: fewer than asked means every posting was read (the counts are exact)
  const read = Number(r.rows.find((x) => x.k === null && x.t === '#')?.n ?? 0);
  const scale = sampled && read >= sampleRows ? (await filterCount(db, noFacets, rest)) / read : 1;
  const scaled = (n: number) => (scale === 1 || n === 0 ? n : roughly(n * scale));
  // each facet's values in the statement's order: count, then the company's name or the value
  const rows = [...r.rows].sort((a, b) => Number(a.rk) - Number(b.rk));
  for (const row of rows) {
    if (row.k === null) {
      if (row.t === '') total = scaled(Number(row.n));
      continue;
    }
    const facet = FACETS.find((x) => x.key === row.k)!;
    const value = row.t.slice(facet.prefix.length);
    by.get(facet.key)!.push({ value, label: row.k === 'company' ? String(row.label ?? value) : value, count: scaled(Number(row.n)) });
  }
  const label = (rows: FacetRow[], labels: Record<string, string>) => rows.map((x) => ({ ...x, label: labels[x.value] ?? x.value }));
  return {
    total,
    exact: scale === 1,
    companies: by.get('company')!,
    skills: by.get('skill')!,
    experience: label(by.get('experience')!, EXPERIENCE_LABELS_KO),
    employmentType: label(by.get('employmentType')!, EMPLOYMENT_LABELS_KO),
    workMode: label(by.get('workMode')!, WORK_MODE_LABELS_KO),
    region: label(by.get('region')!, REGION_LABELS_KO),
  };
}

/** The hub's live counts over open postings. */
export async function hubCounts(db: DbOrTx, now: Date) {
  const open = conditions({ company: [], skill: [], experience: [], employmentType: [], region: [], workMode: [], activeOnly: true }, now);
  const iso = now.toISOString();
  const [counts, skills] = await Promise.all([
    db.execute<Record<string, string | number>>(sql`select
        count(*) as active,
        count(distinct ${p.companyId}) as companies,
        count(*) filter (where ${p.createdAt} > ${iso}::timestamptz - interval '7 days') as new_week,
        count(*) filter (where ${p.validThrough} <= ${iso}::timestamptz + interval '7 days') as closing,
        count(*) filter (where ${p.workMode} = 'REMOTE') as remote,
        count(*) filter (where ${p.experienceLevel} = 'ENTRY') as entry
      from ${p} ${where(open)}`),
    db.execute<{ value: string; n: string | number }>(
      sql`select s as value, count(*) as n from ${p}, unnest(${p.requiredSkills}) as s ${where(open)} group by 1 order by 2 desc, 1 limit 8`,
    ),
  ]);
  const c = counts.rows[0] ?? {};
  const n = (k: string) => Number(c[k] ?? 0);
  return {
    activePostings: n('active'),
    companies: n('companies'),
    newThisWeek: n('new_week'),
    closingSoon: n('closing'),
    remote: n('remote'),
    entry: n('entry'),
    topSkills: skills.rows.map((r) => ({ value: r.value, label: r.value, count: Number(r.n) })),
  };
}
