/**
 * The lab's server calls: my studies and their members (to import participants), saved rosters
 * and the arena history (/api/lab). One queryOptions factory per endpoint, typed by the contract.
 */
import type {
  Draw,
  DrawBody,
  DrawStats,
  MyStudies,
  MyStudyItem,
  Page,
  Roster,
  RosterBody,
  RosterSummary,
  StudyMember,
} from '@moim/contract';
import { MAX_PAGE_SIZE } from '@moim/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

export const labKeys = {
  all: ['lab'] as const,
  myStudies: () => ['lab', 'my-studies'] as const,
  members: (studyId: string) => ['lab', 'members', studyId] as const,
  rosters: () => ['lab', 'rosters'] as const,
  roster: (id: string) => ['lab', 'rosters', id] as const,
  draws: () => ['lab', 'draws'] as const,
  stats: () => ['lab', 'draws', 'stats'] as const,
};

/** Studies whose member list I may read: the ones I lead, take part in, start soon, or finished. */
const MEMBER_GROUPS = ['leading', 'participating', 'confirmed', 'completed'] as const;

export const myStudiesQuery = () =>
  queryOptions({
    queryKey: labKeys.myStudies(),
    queryFn: async ({ signal }) => {
      const my = await api.get<MyStudies>('/api/studies/my', { signal, query: { format: 'grouped' } });
      if (my.format !== 'grouped') return [];
      const seen = new Set<string>();
      const out: (MyStudyItem & { group: (typeof MEMBER_GROUPS)[number] })[] = [];
      for (const group of MEMBER_GROUPS) {
        for (const item of my.groups[group]) {
          if (seen.has(item.study.id)) continue;
          seen.add(item.study.id);
          out.push({ ...item, group });
        }
      }
      return out;
    },
    staleTime: 60_000,
  });

/** Every active member of a study (all pages). */
export const studyMembersQuery = (studyId: string) =>
  queryOptions({
    queryKey: labKeys.members(studyId),
    queryFn: async ({ signal }) => {
      const all: StudyMember[] = [];
      for (let page = 0; page < 20; page++) {
        const p = await api.get<Page<StudyMember>>(`/api/studies/${studyId}/members`, {
          signal,
          query: { page, size: MAX_PAGE_SIZE, active: true, sort: 'joinedAt,asc' },
        });
        all.push(...p.content);
        if (p.last) break;
      }
      return all;
    },
    staleTime: 30_000,
  });

export const rostersQuery = () =>
  queryOptions({
    queryKey: labKeys.rosters(),
    queryFn: ({ signal }) => api.get<Page<RosterSummary>>('/api/lab/rosters', { signal, query: { size: 50 } }),
    staleTime: 30_000,
  });

export const rosterQuery = (id: string) =>
  queryOptions({ queryKey: labKeys.roster(id), queryFn: ({ signal }) => api.get<Roster>(`/api/lab/rosters/${id}`, { signal }) });

export function useSaveRoster() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: RosterBody }) =>
      id ? api.put<Roster>(`/api/lab/rosters/${id}`, body) : api.post<Roster>('/api/lab/rosters', body),
    onSuccess: (r) => {
      qc.setQueryData(labKeys.roster(r.id), r);
      void qc.invalidateQueries({ queryKey: labKeys.rosters(), exact: true });
    },
  });
}

export function useDeleteRoster() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ deleted: true }>(`/api/lab/rosters/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: labKeys.rosters() }),
  });
}

export const drawsQuery = () =>
  queryOptions({
    queryKey: labKeys.draws(),
    queryFn: ({ signal }) => api.get<Page<Draw>>('/api/lab/draws', { signal, query: { size: 50 } }),
    staleTime: 10_000,
  });

export const drawStatsQuery = () =>
  queryOptions({
    queryKey: labKeys.stats(),
    queryFn: ({ signal }) => api.get<DrawStats>('/api/lab/draws/stats', { signal }),
    staleTime: 10_000,
  });

export const labApi = {
  recordDraw: (body: DrawBody) => api.post<Draw>('/api/lab/draws', body),
  importDraws: (draws: DrawBody[]) => api.post<{ imported: number; skipped: number }>('/api/lab/draws/import', { draws }),
  clearDraws: () => api.delete<{ deleted: number }>('/api/lab/draws'),
};
