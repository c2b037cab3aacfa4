/**
 * The navigator's state lives in the URL (shareable, back/forward friendly): filters repeat
 * (`?workMode=REMOTE&workMode=HYBRID`), unknown values are dropped, `jobId` opens a posting,
 * `view` picks a tab (all, bookmarks, recent, saved), `page` is 0-based.
 */
import {
  EMPLOYMENT_TYPES,
  EXPERIENCE_LEVELS,
  JOB_REGIONS,
  WORK_MODES,
  type EmploymentType,
  type ExperienceLevel,
  type JobRegion,
  type WorkMode,
} from '@moim/contract';

export const SORTS = ['relevance', 'postedAt', 'validThrough', 'match'] as const;
export type SortKey = (typeof SORTS)[number];
export const VIEWS = ['all', 'bookmarks', 'recent', 'saved'] as const;
export type View = (typeof VIEWS)[number];

export interface NavigatorFilters {
  q: string;
  company: string[];
  skill: string[];
  experience: ExperienceLevel[];
  employmentType: EmploymentType[];
  region: JobRegion[];
  workMode: WorkMode[];
  salaryMin: number | null;
  includeClosed: boolean;
  sort: SortKey | null;
  page: number;
}

export const EMPTY_FILTERS: NavigatorFilters = {
  q: '',
  company: [],
  skill: [],
  experience: [],
  employmentType: [],
  region: [],
  workMode: [],
  salaryMin: null,
  includeClosed: false,
  sort: null,
  page: 0,
};

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SKILL = /^[\p{L}\p{N}+#]{1,50}$/u;

function pick<T extends string>(params: URLSearchParams, key: string, allowed: readonly T[]): T[] {
  const seen = new Set<string>(params.getAll(key));
  return allowed.filter((a) => seen.has(a));
}
const distinct = (values: string[], ok: RegExp, max = 20) => [...new Set(values.filter((v) => ok.test(v)))].slice(0, max);

export function parseFilters(params: URLSearchParams): NavigatorFilters {
  const page = Number.parseInt(params.get('page') ?? '0', 10);
  const salary = Number.parseInt(params.get('salaryMin') ?? '', 10);
  const sort = params.get('sort');
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    company: distinct(params.getAll('company'), UUID),
    skill: distinct(params.getAll('skill'), SKILL),
    experience: pick(params, 'experience', EXPERIENCE_LEVELS),
    employmentType: pick(params, 'employmentType', EMPLOYMENT_TYPES),
    region: pick(params, 'region', JOB_REGIONS),
    workMode: pick(params, 'workMode', WORK_MODES),
    salaryMin: Number.isFinite(salary) && salary > 0 ? salary : null,
    includeClosed: params.get('closed') === 'true',
    sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as SortKey) : null,
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 100_000) : 0,
  };
}

const FILTER_KEYS = ['q', 'company', 'skill', 'experience', 'employmentType', 'region', 'workMode', 'salaryMin', 'closed', 'sort', 'page'];

/** The URL query for `f`, keeping the parameters that are not filters (jobId, view …). */
export function filtersToParams(f: NavigatorFilters, base?: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  if (base) for (const [k, v] of base) if (!FILTER_KEYS.includes(k)) out.append(k, v);
  if (f.q.trim()) out.set('q', f.q.trim());
  for (const key of ['company', 'skill', 'experience', 'employmentType', 'region', 'workMode'] as const)
    for (const v of f[key]) out.append(key, v);
  if (f.salaryMin) out.set('salaryMin', String(f.salaryMin));
  if (f.includeClosed) out.set('closed', 'true');
  if (f.sort) out.set('sort', f.sort);
  if (f.page > 0) out.set('page', String(f.page));
  return out;
}

/** The API query of a search (GET /api/job-postings and /facets). */
export function toApiQuery(f: NavigatorFilters, size: number) {
  return {
    q: f.q.trim() || undefined,
    company: f.company,
    skill: f.skill,
    experience: f.experience,
    employmentType: f.employmentType,
    region: f.region,
    workMode: f.workMode,
    salaryMin: f.salaryMin ?? undefined,
    activeOnly: f.includeClosed ? false : undefined,
    sort: f.sort ?? undefined,
    page: f.page,
    size,
  };
}

export function activeFilterCount(f: NavigatorFilters): number {
  return (
    f.company.length +
    f.skill.length +
    f.experience.length +
    f.employmentType.length +
    f.region.length +
    f.workMode.length +
    (f.salaryMin ? 1 : 0) +
    (f.includeClosed ? 1 : 0)
  );
}

export function hasSearch(f: NavigatorFilters): boolean {
  return activeFilterCount(f) > 0 || f.q.trim() !== '';
}

export function toggle<T>(list: T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}
