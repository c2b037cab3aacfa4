/**
 * Fetchers, queryOptions factories and hooks for the navigator (/api/job-postings, docs/job-postings.md).
 * Types come from the contract; the server's response schemas are the source of truth.
 */
import {
  alertUnsubscribeResult,
  bookmarkState,
  correction,
  correctionPage,
  deletedWithId,
  jobFacets,
  jobPostingDetail,
  jobPostingPage,
  jobSkillList,
  jobStats,
  recentViews,
  savedSearch,
  savedSearchList,
  skillProfile,
  skillProfileResult,
  type CorrectionInput,
  type SavedSearchInput,
  type SkillProfileInput,
} from '@moim/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, buildQuery } from '../../shared/api/client';
import { jobPostingsPaths } from '../../shared/api/paths/job-postings';
import { toApiQuery, type NavigatorFilters } from './lib/filters';

export const PAGE_SIZE = 20;

export const jobKeys = {
  all: ['job-postings'] as const,
  lists: () => ['job-postings', 'list'] as const,
  list: (f: NavigatorFilters, auth: boolean) => ['job-postings', 'list', f, auth] as const,
  facets: (f: NavigatorFilters) => ['job-postings', 'facets', { ...f, page: 0, sort: null }] as const,
  details: () => ['job-postings', 'detail'] as const,
  detail: (id: string, auth: boolean) => ['job-postings', 'detail', id, auth] as const,
  stats: () => ['job-postings', 'stats'] as const,
  skills: () => ['job-postings', 'skills'] as const,
  me: () => ['job-postings', 'me'] as const,
  profile: () => ['job-postings', 'me', 'profile'] as const,
  bookmarks: (page: number) => ['job-postings', 'me', 'bookmarks', page] as const,
  recent: () => ['job-postings', 'me', 'recent'] as const,
  saved: () => ['job-postings', 'me', 'saved'] as const,
  corrections: () => ['job-postings', 'me', 'corrections'] as const,
};

/** The search page's request: its path and query (the server's render of the navigator reads the same). */
export const jobListPath = (f: NavigatorFilters) => jobPostingsPaths.root + buildQuery(toApiQuery(f, PAGE_SIZE));

/** The facet counts' request: the search's filters without its page, size and order. */
export function jobFacetsPath(f: NavigatorFilters) {
  const { page: _p, size: _s, sort: _o, ...query } = toApiQuery(f, PAGE_SIZE);
  return jobPostingsPaths.facets + buildQuery(query);
}

export const jobQueries = {
  list: (f: NavigatorFilters, auth: boolean) =>
    queryOptions({
      queryKey: jobKeys.list(f, auth),
      queryFn: ({ signal }) => api.get(jobListPath(f), { signal, schema: import.meta.env.DEV && jobPostingPage }),
      placeholderData: keepPreviousData,
    }),
  facets: (f: NavigatorFilters) =>
    queryOptions({
      queryKey: jobKeys.facets(f),
      queryFn: ({ signal }) => api.get(jobFacetsPath(f), { signal, schema: import.meta.env.DEV && jobFacets }),
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  detail: (id: string, auth: boolean) =>
    queryOptions({
      queryKey: jobKeys.detail(id, auth),
      queryFn: ({ signal }) => api.get(jobPostingsPaths.byId(id), { signal, schema: import.meta.env.DEV && jobPostingDetail }),
    }),
  stats: () =>
    queryOptions({
      queryKey: jobKeys.stats(),
      queryFn: ({ signal }) => api.get(jobPostingsPaths.stats, { signal, schema: import.meta.env.DEV && jobStats }),
      staleTime: 60_000,
    }),
  skills: () =>
    queryOptions({
      queryKey: jobKeys.skills(),
      queryFn: ({ signal }) => api.get(jobPostingsPaths.skills, { signal, schema: import.meta.env.DEV && jobSkillList }),
      staleTime: 10 * 60_000,
    }),
  profile: () =>
    queryOptions({
      queryKey: jobKeys.profile(),
      queryFn: ({ signal }) => api.get(jobPostingsPaths.myProfile, { signal, schema: import.meta.env.DEV && skillProfileResult }),
    }),
  bookmarks: (page: number) =>
    queryOptions({
      queryKey: jobKeys.bookmarks(page),
      queryFn: ({ signal }) =>
        api.get(jobPostingsPaths.myBookmarks, { signal, query: { page, size: PAGE_SIZE }, schema: import.meta.env.DEV && jobPostingPage }),
      placeholderData: keepPreviousData,
    }),
  recent: () =>
    queryOptions({
      queryKey: jobKeys.recent(),
      queryFn: ({ signal }) => api.get(jobPostingsPaths.myRecent, { signal, schema: import.meta.env.DEV && recentViews }),
    }),
  saved: () =>
    queryOptions({
      queryKey: jobKeys.saved(),
      queryFn: ({ signal }) => api.get(jobPostingsPaths.mySavedSearches, { signal, schema: import.meta.env.DEV && savedSearchList }),
    }),
  corrections: () =>
    queryOptions({
      queryKey: jobKeys.corrections(),
      queryFn: ({ signal }) =>
        api.get(jobPostingsPaths.myCorrections, { signal, query: { size: 20 }, schema: import.meta.env.DEV && correctionPage }),
    }),
};

export const useJobList = (f: NavigatorFilters, auth: boolean, enabled = true) => useQuery({ ...jobQueries.list(f, auth), enabled });
export const useFacets = (f: NavigatorFilters, enabled = true) => useQuery({ ...jobQueries.facets(f), enabled });
export const useJobDetail = (id: string | null, auth: boolean) => useQuery({ ...jobQueries.detail(id ?? '', auth), enabled: !!id });
export const useJobStats = () => useQuery(jobQueries.stats());
export const useSkills = () => useQuery(jobQueries.skills());
export const useSkillProfile = (enabled: boolean) => useQuery({ ...jobQueries.profile(), enabled });

export function useSaveProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SkillProfileInput) => api.put(jobPostingsPaths.myProfile, body, { schema: import.meta.env.DEV && skillProfile }),
    onSuccess: (profile) => {
      qc.setQueryData(jobKeys.profile(), { profile });
      // every match on every list changes with the profile
      void qc.invalidateQueries({ queryKey: jobKeys.lists() });
      void qc.invalidateQueries({ queryKey: jobKeys.details() });
    },
  });
}

export function useBookmark() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, on }: { id: string; on: boolean }) =>
      on
        ? api.put(jobPostingsPaths.bookmark(id), undefined, { schema: import.meta.env.DEV && bookmarkState })
        : api.delete(jobPostingsPaths.bookmark(id), { schema: import.meta.env.DEV && bookmarkState }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: jobKeys.all }),
  });
}

export function useSavedSearchMutations() {
  const qc = useQueryClient();
  const done = () => void qc.invalidateQueries({ queryKey: jobKeys.saved() });
  return {
    create: useMutation({
      mutationFn: (body: SavedSearchInput) =>
        api.post(jobPostingsPaths.mySavedSearches, body, { schema: import.meta.env.DEV && savedSearch }),
      onSuccess: done,
    }),
    patch: useMutation({
      mutationFn: ({ id, ...body }: { id: string; name?: string; alertEnabled?: boolean }) =>
        api.patch(jobPostingsPaths.mySavedSearch(id), body, { schema: import.meta.env.DEV && savedSearch }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete(jobPostingsPaths.mySavedSearch(id), { schema: import.meta.env.DEV && deletedWithId }),
      onSuccess: done,
    }),
  };
}

export function useReportCorrection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CorrectionInput) => api.post(jobPostingsPaths.corrections, body, { schema: import.meta.env.DEV && correction }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: jobKeys.corrections() }),
  });
}

export const unsubscribeAlert = (id: string, token: string) =>
  api.post(jobPostingsPaths.unsubscribe, { id, token }, { auth: false, schema: import.meta.env.DEV && alertUnsubscribeResult });
