/**
 * The lab's server calls: my studies and their members (to import participants), saved rosters
 * and the arena history (/api/lab). One queryOptions factory per endpoint, typed by the contract.
 */
import {
  MAX_PAGE_SIZE,
  deletedCount,
  deletedResult,
  draw,
  drawImportResult,
  drawPage,
  drawStats,
  myStudies,
  roster,
  rosterPage,
  studyMemberPage,
  type DrawBody,
  type MyStudyItem,
  type RosterBody,
  type StudyMember,
} from '@moim/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { labPaths } from '../../shared/api/paths/lab';
import { studiesPaths } from '../../shared/api/paths/studies';

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
      const my = await api.get(studiesPaths.my, { signal, query: { format: 'grouped' }, schema: import.meta.env.DEV && myStudies });
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
        const p = await api.get(studiesPaths.members(studyId), {
          signal,
          query: { page, size: MAX_PAGE_SIZE, active: true, sort: 'joinedAt,asc' },
          schema: import.meta.env.DEV && studyMemberPage,
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
    queryFn: ({ signal }) => api.get(labPaths.rosters, { signal, query: { size: 50 }, schema: import.meta.env.DEV && rosterPage }),
    staleTime: 30_000,
  });

export const rosterQuery = (id: string) =>
  queryOptions({
    queryKey: labKeys.roster(id),
    queryFn: ({ signal }) => api.get(labPaths.roster(id), { signal, schema: import.meta.env.DEV && roster }),
  });

export function useSaveRoster() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: RosterBody }) =>
      id
        ? api.put(labPaths.roster(id), body, { schema: import.meta.env.DEV && roster })
        : api.post(labPaths.rosters, body, { schema: import.meta.env.DEV && roster }),
    onSuccess: (r) => {
      qc.setQueryData(labKeys.roster(r.id), r);
      void qc.invalidateQueries({ queryKey: labKeys.rosters(), exact: true });
    },
  });
}

export function useDeleteRoster() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(labPaths.roster(id), { schema: import.meta.env.DEV && deletedResult }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: labKeys.rosters() }),
  });
}

export const drawsQuery = () =>
  queryOptions({
    queryKey: labKeys.draws(),
    queryFn: ({ signal }) => api.get(labPaths.draws, { signal, query: { size: 50 }, schema: import.meta.env.DEV && drawPage }),
    staleTime: 10_000,
  });

export const drawStatsQuery = () =>
  queryOptions({
    queryKey: labKeys.stats(),
    queryFn: ({ signal }) => api.get(labPaths.drawStats, { signal, schema: import.meta.env.DEV && drawStats }),
    staleTime: 10_000,
  });

export const labApi = {
  recordDraw: (body: DrawBody) => api.post(labPaths.draws, body, { schema: import.meta.env.DEV && draw }),
  importDraws: (draws: DrawBody[]) => api.post(labPaths.importDraws, { draws }, { schema: import.meta.env.DEV && drawImportResult }),
  clearDraws: () => api.delete(labPaths.draws, { schema: import.meta.env.DEV && deletedCount }),
};
