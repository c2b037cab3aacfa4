/**
 * The project list's filters live in the URL (shareable, back/forward friendly): arrays repeat
 * (`?type=STARTUP&type=OPEN_SOURCE`), unknown values are dropped, page is 0-based.
 */
import {
  MEETING_TYPES,
  PROJECT_PUBLIC_STATUSES,
  PROJECT_SORTS,
  PROJECT_TYPES,
  type MeetingType,
  type ProjectSort,
  type ProjectType,
} from '@moim/contract';

type PublicStatus = (typeof PROJECT_PUBLIC_STATUSES)[number];

export interface ProjectListFilters {
  type: ProjectType[];
  status: PublicStatus[];
  meetingType: MeetingType[];
  stack: string[];
  position: string;
  q: string;
  sort: ProjectSort;
  page: number;
}

export const EMPTY_FILTERS: ProjectListFilters = {
  type: [],
  status: [],
  meetingType: [],
  stack: [],
  position: '',
  q: '',
  sort: 'createdAt,desc',
  page: 0,
};

const KEYS = ['type', 'status', 'meetingType', 'stack', 'position', 'q', 'sort', 'page'];

function pick<T extends string>(params: URLSearchParams, key: string, allowed: readonly T[]): T[] {
  const seen = new Set<string>(params.getAll(key));
  return allowed.filter((a) => seen.has(a));
}

export function parseFilters(params: URLSearchParams): ProjectListFilters {
  const page = Number.parseInt(params.get('page') ?? '0', 10);
  const sort = params.get('sort') ?? '';
  const stack = [
    ...new Set(
      params
        .getAll('stack')
        .map((s) => s.trim().slice(0, 30))
        .filter(Boolean),
    ),
  ].slice(0, 10);
  return {
    type: pick(params, 'type', PROJECT_TYPES),
    status: pick(params, 'status', PROJECT_PUBLIC_STATUSES),
    meetingType: pick(params, 'meetingType', MEETING_TYPES),
    stack,
    position: (params.get('position') ?? '').trim().slice(0, 40),
    q: (params.get('q') ?? '').slice(0, 100),
    sort: (PROJECT_SORTS as readonly string[]).includes(sort) ? (sort as ProjectSort) : 'createdAt,desc',
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 100_000) : 0,
  };
}

/** The URL query for `filters`, keeping parameters that are not filters. */
export function filtersToParams(f: ProjectListFilters, base?: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  if (base) for (const [k, v] of base) if (!KEYS.includes(k)) out.append(k, v);
  for (const v of f.type) out.append('type', v);
  for (const v of f.status) out.append('status', v);
  for (const v of f.meetingType) out.append('meetingType', v);
  for (const v of f.stack) out.append('stack', v);
  if (f.position.trim()) out.set('position', f.position.trim());
  if (f.q.trim()) out.set('q', f.q.trim());
  if (f.sort !== 'createdAt,desc') out.set('sort', f.sort);
  if (f.page > 0) out.set('page', String(f.page));
  return out;
}

/** The API query of `filters` (GET /api/projects). */
export function toQuery(f: ProjectListFilters, size: number) {
  return {
    page: f.page,
    size,
    sort: f.sort,
    type: f.type,
    status: f.status,
    meetingType: f.meetingType,
    stack: f.stack,
    position: f.position.trim() || undefined,
    q: f.q.trim() || undefined,
  };
}

export function hasActiveFilters(f: ProjectListFilters): boolean {
  return f.type.length + f.status.length + f.meetingType.length + f.stack.length > 0 || f.position.trim() !== '' || f.q.trim() !== '';
}
