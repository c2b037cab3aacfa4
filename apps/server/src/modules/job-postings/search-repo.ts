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
export function textSearch(q: string | undefined): { where: SQL; rank: SQL } | null {
  const words = (q ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
  const parts = words.flatMap((w) => {
    const all = koreanSearch({ jamo: p.searchJamo, choseong: p.searchChoseong }, w);
    const title = koreanSearch({ jamo: p.titleJamo, choseong: p.titleChoseong }, w);
    return all && title ? [{ where: all.where, rank: title.rank }] : [];
  });
  if (parts.length === 0) return null;
  return {
    where: and(...parts.map((x) => x.where))!,
    rank: sql.join(
      parts.map((x) => x.rank),
      sql` + `,
    ),
  };
}

/** The WHERE conditions of `f`, leaving out the filter of facet `except`. */
export function conditions(f: SearchFilters, now: Date, except?: FacetKey): SQL[] {
  const c: SQL[] = [];
  if (f.activeOnly) c.push(sql`${p.active} and (${p.validThrough} is null or ${p.validThrough} >= ${now.toISOString()}::timestamptz)`);
  const text = textSearch(f.q);
  if (text) c.push(text.where);
  // Each filter is "one of these tokens" on the facet_tokens GIN index, so any mix of filters is
  // answered inside one index scan before a row is read.
  const anyOf = (prefix: string, values: string[]) => c.push(sql`${p.facetTokens} && ${textArray(values.map((v) => prefix + v))}`);
  if (except !== 'company' && f.company.length) anyOf('company:', f.company);
  if (except !== 'skill' && f.skill.length) anyOf('', f.skill);
  if (except !== 'experience' && f.experience.length) anyOf('exp:', f.experience);
  if (except !== 'employmentType' && f.employmentType.length) anyOf('type:', f.employmentType);
  if (except !== 'region' && f.region.length) anyOf('region:', f.region);
  if (except !== 'workMode' && f.workMode.length) anyOf('mode:', f.workMode);
  if (f.salaryMin !== undefined) {
    const step = Math.min(50, Math.floor(f.salaryMin / SALARY_TOKEN_STEP));
    if (step > 0) c.push(sql`${p.facetTokens} @> ${textArray([`sal:${step}`])}`);
    c.push(sql`coalesce(${p.salaryMax}, ${p.salaryMin}) >= ${f.salaryMin}`);
  }
  if (f.createdAfter) c.push(sql`${p.createdAt} > ${f.createdAfter.toISOString()}::timestamptz`);
  return c;
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
    when ${p.experienceMax} is not null and ${years} > ${p.experienceMax} then power(${decay}::float8, ${years} - ${p.experienceMax})
    else 1.0::float8 end)`;
  return sql`(${skill} * ${factor})`;
}

export type SortKey = 'relevance' | 'postedAt' | 'validThrough' | 'match';

/** Relevance re-ranks this many of the newest matches by similarity (a rescore window); deeper pages follow by date. */
export const RESCORE_WINDOW = 100;
/** Totals are counted exactly when the planner expects at most this many rows; above, its estimate is given. */
export const EXACT_COUNT_LIMIT = 1_000;

export interface SearchPage {
  ids: string[];
  total: number;
  /** false when `total` is the planner's estimate (a broad search over many postings) */
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
 * One page of matching posting ids in order, and the total. Broad searches stay cheap: the
 * page is read in an index's order (newest, or deadline) and relevance re-ranks only a window
 * of the newest matches; the total is exact unless the planner expects more than
 * EXACT_COUNT_LIMIT rows (docs/jobs-navigator.md "Search at scale").
 */
export async function searchIds(
  db: DbOrTx,
  f: SearchFilters,
  opts: { now: Date; sort: SortKey; dir: 'asc' | 'desc'; page: number; size: number; match?: MatchProfileSql | null },
): Promise<SearchPage> {
  const conds = conditions(f, opts.now);
  const text = textSearch(f.q);
  const dir = sql.raw(opts.dir);
  const offset = opts.page * opts.size;
  // Planning only: a narrow search is counted in the same scan as its page (a window count);
  // a broad one is not counted at all (its total is this estimate).
  const estimate = await estimateRows(db, conds);
  const counted = estimate <= EXACT_COUNT_LIMIT;
  const total = counted ? sql`, count(*) over () as total` : sql``;
  let rows: Promise<{ rows: Array<{ id: string; total?: string | number }> }>;
  if (opts.sort === 'relevance' && text && opts.dir === 'desc' && offset + opts.size <= RESCORE_WINDOW) {
    rows = db.execute(sql`select id${counted ? sql`, total` : sql``} from (
        select ${p.id} as id, ${p.postedAt} as posted_at, ${text.rank} as rank${total} from ${p} ${where(conds)}
        order by ${p.postedAt} desc, ${p.id} limit ${RESCORE_WINDOW}
      ) w order by rank desc, posted_at desc, id limit ${opts.size} offset ${offset}`);
  } else {
    let order: SQL;
    if (opts.sort === 'match' && opts.match) order = sql`${matchExpression(opts.match)} ${dir} nulls last, ${p.postedAt} desc, ${p.id}`;
    else if (opts.sort === 'validThrough') order = sql`${p.validThrough} ${dir} nulls last, ${p.postedAt} desc, ${p.id}`;
    else if (opts.sort === 'postedAt') order = sql`${p.postedAt} ${dir}, ${p.id}`;
    else order = sql`${p.postedAt} desc, ${p.id}`; // relevance past the window: by date
    rows = db.execute(sql`select ${p.id} as id${total} from ${p} ${where(conds)} order by ${order} limit ${opts.size} offset ${offset}`);
  }
  const page = (await rows).rows;
  const ids = page.map((r) => r.id);
  // A short page tells the exact total without counting.
  if (ids.length < opts.size && (ids.length > 0 || offset === 0)) return { ids, total: offset + ids.length, exact: true };
  if (counted && page[0]) return { ids, total: Number(page[0].total), exact: true };
  if (!counted) return { ids, total: Math.max(estimate, offset + ids.length), exact: false };
  // a page past the end of a narrow search: count on its own
  const count = await db.execute<{ n: string | number }>(sql`select count(*) as n from ${p} ${where(conds)}`);
  return { ids, total: Number(count.rows[0]?.n ?? 0), exact: true };
}

export interface FacetRow {
  value: string;
  label: string;
  count: number;
}

async function groupCount(db: DbOrTx, f: SearchFilters, now: Date, key: FacetKey, column: SQL, limit: number): Promise<FacetRow[]> {
  const r = await db.execute<{ value: string; n: string | number }>(
    sql`select ${column} as value, count(*) as n from ${p} ${where(conditions(f, now, key))} group by 1 having ${column} is not null order by 2 desc, 1 limit ${limit}`,
  );
  return r.rows.map((x) => ({ value: String(x.value), label: String(x.value), count: Number(x.n) }));
}

/** Facet counts: each facet with every filter applied except its own. */
export async function facetCounts(db: DbOrTx, f: SearchFilters, now: Date) {
  const [total, companies, skills, experience, employmentType, workMode, region] = await Promise.all([
    db.execute<{ n: string | number }>(sql`select count(*) as n from ${p} ${where(conditions(f, now))}`),
    db.execute<{ value: string; label: string; n: string | number }>(
      sql`select c.id as value, c.name as label, count(*) as n from ${p} join ${jobCompanies} c on c.id = ${p.companyId}
          ${where(conditions(f, now, 'company'))} group by c.id, c.name order by 3 desc, 2 limit 20`,
    ),
    db.execute<{ value: string; n: string | number }>(
      sql`select s as value, count(*) as n from ${p}, unnest(${p.requiredSkills} || ${p.preferredSkills}) as s
          ${where(conditions(f, now, 'skill'))} group by 1 order by 2 desc, 1 limit 30`,
    ),
    groupCount(db, f, now, 'experience', sql`${p.experienceLevel}`, 10),
    groupCount(db, f, now, 'employmentType', sql`${p.employmentType}`, 10),
    groupCount(db, f, now, 'workMode', sql`${p.workMode}`, 10),
    groupCount(db, f, now, 'region', sql`${p.region}`, 20),
  ]);
  const label = (rows: FacetRow[], labels: Record<string, string>) => rows.map((r) => ({ ...r, label: labels[r.value] ?? r.value }));
  return {
    total: Number(total.rows[0]?.n ?? 0),
    companies: companies.rows.map((r) => ({ value: r.value, label: r.label, count: Number(r.n) })),
    skills: skills.rows.map((r) => ({ value: r.value, label: r.value, count: Number(r.n) })),
    experience: label(experience, EXPERIENCE_LABELS_KO),
    employmentType: label(employmentType, EMPLOYMENT_LABELS_KO),
    workMode: label(workMode, WORK_MODE_LABELS_KO),
    region: label(region, REGION_LABELS_KO),
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
