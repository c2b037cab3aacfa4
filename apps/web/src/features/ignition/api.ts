/**
 * Fetchers, queryOptions factories and hooks for the navigator (/api/job-postings, docs/jobs-navigator.md).
 * Types come from the contract; the server's response schemas are the source of truth.
 */
import type {
  Correction,
  CorrectionInput,
  JobFacets,
  JobPostingDetail,
  JobPostingPage,
  JobPostingSummary,
  JobSkill,
  JobStats,
  Page,
  SavedSearch,
  SavedSearchInput,
  SkillProfile,
  SkillProfileInput,
} from '@moim/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { toApiQuery, type NavigatorFilters } from './lib/filters';

export const PAGE_SIZE = 20;

export const jobKeys = {
  all: ['job-postings'] as const,
  lists: () => ['job-postings', 'list'] as const,
  list: (f: NavigatorFilters, auth: boolean) => ['job-postings', 'list', f, auth] as const,
  facets: (f: NavigatorFilters) => ['job-postings', 'facets', { ...f, page: 0, sort: null }] as const,
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

export const jobQueries = {
  list: (f: NavigatorFilters, auth: boolean) =>
    queryOptions({
      queryKey: jobKeys.list(f, auth),
      queryFn: ({ signal }) => api.get<JobPostingPage>('/api/job-postings', { signal, query: toApiQuery(f, PAGE_SIZE) }),
      placeholderData: keepPreviousData,
    }),
  facets: (f: NavigatorFilters) =>
    queryOptions({
      queryKey: jobKeys.facets(f),
      queryFn: ({ signal }) => {
        const { page: _p, size: _s, sort: _o, ...query } = toApiQuery(f, PAGE_SIZE);
        return api.get<JobFacets>('/api/job-postings/facets', { signal, query });
      },
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  detail: (id: string, auth: boolean) =>
    queryOptions({
      queryKey: jobKeys.detail(id, auth),
      queryFn: ({ signal }) => api.get<JobPostingDetail>(`/api/job-postings/${id}`, { signal }),
    }),
  stats: () =>
    queryOptions({
      queryKey: jobKeys.stats(),
      queryFn: ({ signal }) => api.get<JobStats>('/api/job-postings/stats', { signal }),
      staleTime: 60_000,
    }),
  skills: () =>
    queryOptions({
      queryKey: jobKeys.skills(),
      queryFn: ({ signal }) => api.get<JobSkill[]>('/api/job-postings/skills', { signal }),
      staleTime: 10 * 60_000,
    }),
  profile: () =>
    queryOptions({
      queryKey: jobKeys.profile(),
      queryFn: ({ signal }) => api.get<{ profile: SkillProfile | null }>('/api/job-postings/me/profile', { signal }),
    }),
  bookmarks: (page: number) =>
    queryOptions({
      queryKey: jobKeys.bookmarks(page),
      queryFn: ({ signal }) =>
        api.get<Page<JobPostingSummary>>('/api/job-postings/me/bookmarks', { signal, query: { page, size: PAGE_SIZE } }),
      placeholderData: keepPreviousData,
    }),
  recent: () =>
    queryOptions({
      queryKey: jobKeys.recent(),
      queryFn: ({ signal }) => api.get<Array<JobPostingSummary & { viewedAt: string }>>('/api/job-postings/me/recent', { signal }),
    }),
  saved: () =>
    queryOptions({
      queryKey: jobKeys.saved(),
      queryFn: ({ signal }) => api.get<SavedSearch[]>('/api/job-postings/me/saved-searches', { signal }),
    }),
  corrections: () =>
    queryOptions({
      queryKey: jobKeys.corrections(),
      queryFn: ({ signal }) => api.get<Page<Correction>>('/api/job-postings/me/corrections', { signal, query: { size: 20 } }),
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
    mutationFn: (body: SkillProfileInput) => api.put<SkillProfile>('/api/job-postings/me/profile', body),
    onSuccess: (profile) => {
      qc.setQueryData(jobKeys.profile(), { profile });
      // every match on every list changes with the profile
      void qc.invalidateQueries({ queryKey: jobKeys.lists() });
      void qc.invalidateQueries({ queryKey: ['job-postings', 'detail'] });
    },
  });
}

export function useBookmark() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, on }: { id: string; on: boolean }) =>
      on
        ? api.put<{ postingId: string; bookmarked: boolean }>(`/api/job-postings/${id}/bookmark`)
        : api.delete<{ postingId: string; bookmarked: boolean }>(`/api/job-postings/${id}/bookmark`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: jobKeys.all }),
  });
}

export function useSavedSearchMutations() {
  const qc = useQueryClient();
  const done = () => void qc.invalidateQueries({ queryKey: jobKeys.saved() });
  return {
    create: useMutation({
      mutationFn: (body: SavedSearchInput) => api.post<SavedSearch>('/api/job-postings/me/saved-searches', body),
      onSuccess: done,
    }),
    patch: useMutation({
      mutationFn: ({ id, ...body }: { id: string; name?: string; alertEnabled?: boolean }) =>
        api.patch<SavedSearch>(`/api/job-postings/me/saved-searches/${id}`, body),
      onSuccess: done,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.delete(`/api/job-postings/me/saved-searches/${id}`), onSuccess: done }),
  };
}

export function useReportCorrection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CorrectionInput) => api.post<Correction>('/api/job-postings/corrections', body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: jobKeys.corrections() }),
  });
}

export const unsubscribeAlert = (id: string, token: string) =>
  api.post<{ name: string; alertEnabled: boolean }>('/api/job-postings/alerts/unsubscribe', { id, token }, { auth: false });
