/**
 * The study list's filters live in the URL (shareable, back/forward friendly): arrays repeat
 * (`?type=PARTICIPATORY&type=ONE_TIME`), unknown values are dropped, page is 0-based.
 */
import { COST_TYPES, RECURRENCE_TYPES, STUDY_TYPES, type CostType, type RecurrenceType, type StudyType } from '@moim/contract';

export interface StudyListFilters {
  type: StudyType[];
  costType: CostType[];
  recurrence: RecurrenceType[];
  recruiting: boolean;
  q: string;
  page: number;
}

export const EMPTY_FILTERS: StudyListFilters = { type: [], costType: [], recurrence: [], recruiting: false, q: '', page: 0 };

function pick<T extends string>(params: URLSearchParams, key: string, allowed: readonly T[]): T[] {
  const seen = new Set<T>();
  for (const v of params.getAll(key)) if ((allowed as readonly string[]).includes(v)) seen.add(v as T);
  return allowed.filter((a) => seen.has(a));
}

export function parseFilters(params: URLSearchParams): StudyListFilters {
  const page = Number.parseInt(params.get('page') ?? '0', 10);
  return {
    type: pick(params, 'type', STUDY_TYPES),
    costType: pick(params, 'costType', COST_TYPES),
    recurrence: pick(params, 'recurrence', RECURRENCE_TYPES),
    recruiting: params.get('recruiting') === 'true',
    q: (params.get('q') ?? '').slice(0, 100),
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 100_000) : 0,
  };
}

/** The URL query for `filters`, keeping parameters that are not filters (e.g. `view`). */
export function filtersToParams(filters: StudyListFilters, base?: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  if (base) for (const [k, v] of base) if (!['type', 'costType', 'recurrence', 'recruiting', 'q', 'page'].includes(k)) out.append(k, v);
  for (const v of filters.type) out.append('type', v);
  for (const v of filters.costType) out.append('costType', v);
  for (const v of filters.recurrence) out.append('recurrence', v);
  if (filters.recruiting) out.set('recruiting', 'true');
  if (filters.q.trim()) out.set('q', filters.q.trim());
  if (filters.page > 0) out.set('page', String(filters.page));
  return out;
}

export function hasActiveFilters(f: StudyListFilters): boolean {
  return f.type.length + f.costType.length + f.recurrence.length > 0 || f.recruiting || f.q.trim() !== '';
}
