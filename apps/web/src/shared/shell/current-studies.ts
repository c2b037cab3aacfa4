/**
 * The few "current studies" the shell shows (header dropdown, home page). The studies API is
 * another feature's; this reads only the fields it needs from GET /api/studies/paged (contract
 * `studyListPage`, parsed in development and tests).
 */
import { studyListPage, type Study } from '@moim/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { shellPaths } from '../api/paths/shell';

export interface StudyPreview {
  id: string;
  slug?: string | null;
  title: string;
  generation?: number | null;
  tagline?: string | null;
  status?: string | null;
  type?: string | null;
  schedule?: string | null;
  /** the structured schedule, to write the schedule line in the reader's language */
  recurrenceType?: Study['recurrenceType'] | null;
  scheduleDetails?: Study['scheduleDetails'] | null;
  startDate?: string | null;
  duration?: string | null;
  capacity?: number | null;
  enrolled?: number | null;
  recruitDeadline?: string | null;
  isRecruiting?: boolean | null;
  seatsTaken?: number | null;
  applicability?: { canApply: boolean; label: string } | null;
  leader?: { name?: string | null; profileImage?: string | null } | null;
  coverImage?: string | null;
  coverImageThumb?: string | null;
}

export async function fetchCurrentStudies(size: number): Promise<StudyPreview[]> {
  const data = await api.get(shellPaths.studies.paged, {
    query: { page: 0, size, sort: 'createdAt,desc' },
    schema: import.meta.env.DEV && studyListPage,
  });
  return data.content.slice(0, size);
}

/**
 * Whether the study takes applications now. The server computes it with the contract's
 * `studyApplicability` (SPEC §4) and sends it as `applicability`; reading it here keeps the rule
 * (and its 2 KB) out of the home route. Lists without it fall back to `isRecruiting`.
 */
export function canApplyNow(s: StudyPreview): boolean {
  return s.applicability ? s.applicability.canApply : s.isRecruiting === true;
}

export const studyPath = (s: Pick<StudyPreview, 'id' | 'slug'>) => `/study/${s.slug || s.id}`;

export function useCurrentStudies(size: number) {
  return useQuery({
    queryKey: ['shell', 'current-studies', size],
    queryFn: () => fetchCurrentStudies(size),
    staleTime: 60_000,
    retry: false,
  });
}
