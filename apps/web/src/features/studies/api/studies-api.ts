/**
 * The studies API (SPEC §7 "Studies", docs/studies.md): one `queryOptions` factory per read
 * endpoint (keys from ./keys) and a hook per write. Types come from the contract; the server's
 * response schemas are the source of truth.
 */
import {
  DEFAULT_PAGE_SIZE,
  application,
  applicationPage,
  myStudiesGrouped,
  study,
  studyListPage,
  studyListSort,
  studyMemberPage,
  type ApplyBody,
  type StudyPatch,
  type Study,
  type StudyProposalInput,
  liveTopicOf,
} from '@moim/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, arrayOf } from '../../../shared/api/client';
import { useLiveInvalidation, usePollUnlessLive } from '../../../shared/live/use-live';
import { adminStudiesPaths, studiesPaths } from '../../../shared/api/paths/studies';
import type { StudyListFilters } from '../lib/list-filters';
import { type CoverPoll, coverPoll, coverRefetchInterval } from './cover-polling';
import { studyKeys } from './keys';
import { fetchStudyByIdentifier } from './study-identifier';

/** The list's query parameters: newest first, or the best matches first while searching. */
export function listParams(f: StudyListFilters, size = DEFAULT_PAGE_SIZE) {
  const q = f.q.trim() || undefined;
  return {
    page: f.page,
    size,
    sort: studyListSort({ q }),
    type: f.type,
    costType: f.costType,
    recurrence: f.recurrence,
    recruiting: f.recruiting ? true : undefined,
    q,
  };
}

export const studyListQuery = (filters: StudyListFilters, size = DEFAULT_PAGE_SIZE) =>
  queryOptions({
    queryKey: studyKeys.list(filters, size),
    queryFn: ({ signal }) =>
      api.get(studiesPaths.paged, { signal, query: listParams(filters, size), schema: import.meta.env.DEV && studyListPage }),
    placeholderData: keepPreviousData,
  });

export function useStudyList(filters: StudyListFilters, size = DEFAULT_PAGE_SIZE) {
  return useQuery(studyListQuery(filters, size));
}

/** Every study matching the list's filters, unpaged (up to 100: the calendar view). */
export const studyArrayQuery = (filters: StudyListFilters, enabled = true) => {
  const { page: _p, size: _s, ...query } = listParams(filters, 100);
  return queryOptions({
    queryKey: studyKeys.listArray(query),
    queryFn: ({ signal }) =>
      api.get(studiesPaths.root, { signal, query: { ...query, limit: 100 }, schema: import.meta.env.DEV && arrayOf(study) }),
    enabled,
  });
};

export const studyQuery = (identifier: string | undefined) =>
  queryOptions({
    queryKey: studyKeys.detail(identifier ?? ''),
    queryFn: ({ signal }) => fetchStudyByIdentifier(identifier!, signal),
    enabled: !!identifier,
    // a cover being processed: read again until it is ready (api/cover-polling.ts)
    refetchInterval: coverRefetchInterval,
  });

export function useStudy(identifier: string | undefined) {
  return useQuery(studyQuery(identifier));
}

/** Whether the study's cover is being polled for, or the polling gave up (still PENDING after 30 reads). */
export function useCoverPoll(study: Pick<Study, 'id' | 'slug'>): CoverPoll {
  const cache = useQueryClient().getQueryCache();
  const polls = [study.id, study.slug].map((key) => coverPoll(cache.find({ queryKey: studyKeys.detail(key), exact: true })));
  return polls.find((p) => p !== 'idle') ?? 'idle';
}

export function useProposeStudy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StudyProposalInput) => api.post(studiesPaths.root, body, { schema: import.meta.env.DEV && study }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: studyKeys.all }),
  });
}

export function usePatchStudy(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StudyPatch) => api.patch(studiesPaths.byId(id), body, { schema: import.meta.env.DEV && study }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: studyKeys.all }),
  });
}

export const myStudiesQuery = (enabled = true) =>
  queryOptions({
    queryKey: studyKeys.my(),
    queryFn: ({ signal }) =>
      api.get(studiesPaths.my, { signal, query: { format: 'grouped' }, schema: import.meta.env.DEV && myStudiesGrouped }),
    enabled,
  });

export function useMyStudies(enabled = true) {
  return useQuery(myStudiesQuery(enabled));
}

export function useApply(studyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplyBody) => api.post(studiesPaths.applications(studyId), body, { schema: import.meta.env.DEV && application }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: studyKeys.all }),
  });
}

export function useCancelApplication(studyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { applicationId: string; applicantId: string }) =>
      api.delete(studiesPaths.application(studyId, v.applicationId), {
        query: { applicantId: v.applicantId },
        schema: import.meta.env.DEV && application,
      }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: studyKeys.all }),
  });
}

type ApplicationsOpts = { page: number; status?: string[]; admin?: boolean };

/** `admin`: through the back office route, which also answers for deleted studies. */
export const applicationsQuery = (studyId: string, opts: ApplicationsOpts) =>
  queryOptions({
    queryKey: studyKeys.applications(studyId, opts.status?.join(','), opts.page, !!opts.admin),
    queryFn: ({ signal }) =>
      api.get(opts.admin ? adminStudiesPaths.applications(studyId) : studiesPaths.applications(studyId), {
        signal,
        query: { page: opts.page, size: 20, status: opts.status },
        schema: import.meta.env.DEV && applicationPage,
      }),
    placeholderData: keepPreviousData,
  });

export function useApplications(studyId: string, opts: ApplicationsOpts) {
  // a new or changed application shows at once (docs/live.md); polled only while live is down
  useLiveInvalidation(liveTopicOf('study-applicants', studyId), [studyKeys.applicationsOf(studyId)]);
  const poll = usePollUnlessLive(30_000);
  return useQuery({ ...applicationsQuery(studyId, opts), refetchInterval: poll });
}

export function useDecideApplication(studyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { applicationId: string; decision: 'accept' | 'reject'; reviewNote?: string }) =>
      api.post(
        studiesPaths.decide(studyId, v.applicationId, v.decision),
        { ...(v.reviewNote ? { reviewNote: v.reviewNote } : {}) },
        { schema: import.meta.env.DEV && application },
      ),
    onSuccess: () => void qc.invalidateQueries({ queryKey: studyKeys.all }),
  });
}

export const membersQuery = (studyId: string, opts: { page: number; active?: boolean }) =>
  queryOptions({
    queryKey: studyKeys.memberPage(studyId, opts),
    queryFn: ({ signal }) =>
      api.get(studiesPaths.members(studyId), {
        signal,
        query: { page: opts.page, size: 50, active: opts.active },
        schema: import.meta.env.DEV && studyMemberPage,
      }),
    placeholderData: keepPreviousData,
  });

export function useMembers(studyId: string, opts: { page: number; active?: boolean }) {
  return useQuery(membersQuery(studyId, opts));
}
