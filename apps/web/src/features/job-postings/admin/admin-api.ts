/** Back-office fetchers and hooks for the navigator (/api/admin/job-postings, ROLE_ADMIN). */
import {
  correction,
  correctionPage,
  deletedWithId,
  importRun,
  importRunItemPage,
  importRunPage,
  importSource,
  importSourceList,
  jobPostingDetail,
  type CorrectionStatus,
  type ImportRun,
  type ImportSourceInput,
  type ImportUploadInput,
  type JobPostingInput,
} from '@moim/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { adminJobPostingsPaths } from '../../../shared/api/paths/job-postings';
import { jobKeys } from '../api';

export const adminJobKeys = {
  all: ['admin-job-postings'] as const,
  runs: (page: number) => ['admin-job-postings', 'runs', page] as const,
  run: (id: string) => ['admin-job-postings', 'run', id] as const,
  items: (id: string, page: number, outcome: string) => ['admin-job-postings', 'run', id, 'items', page, outcome] as const,
  sources: () => ['admin-job-postings', 'sources'] as const,
  corrections: (page: number, status: string) => ['admin-job-postings', 'corrections', page, status] as const,
};

const running = (r: ImportRun | undefined) => r?.status === 'QUEUED' || r?.status === 'RUNNING';

export const adminJobQueries = {
  runs: (page: number) =>
    queryOptions({
      queryKey: adminJobKeys.runs(page),
      queryFn: ({ signal }) =>
        api.get(adminJobPostingsPaths.runs, { signal, query: { page, size: 20 }, schema: import.meta.env.DEV && importRunPage }),
      placeholderData: keepPreviousData,
      // keep the list moving while a run works
      refetchInterval: (q) => (q.state.data?.content.some(running) ? 1500 : false),
    }),
  run: (id: string) =>
    queryOptions({
      queryKey: adminJobKeys.run(id),
      queryFn: ({ signal }) => api.get(adminJobPostingsPaths.run(id), { signal, schema: import.meta.env.DEV && importRun }),
      refetchInterval: (q) => (running(q.state.data) ? 1000 : false),
    }),
  items: (id: string, page: number, outcome: string) =>
    queryOptions({
      queryKey: adminJobKeys.items(id, page, outcome),
      queryFn: ({ signal }) =>
        api.get(adminJobPostingsPaths.runItems(id), {
          signal,
          query: { page, size: 50, outcome: outcome || undefined },
          schema: import.meta.env.DEV && importRunItemPage,
        }),
      placeholderData: keepPreviousData,
    }),
  sources: () =>
    queryOptions({
      queryKey: adminJobKeys.sources(),
      queryFn: ({ signal }) => api.get(adminJobPostingsPaths.sources, { signal, schema: import.meta.env.DEV && importSourceList }),
    }),
  corrections: (page: number, status: string) =>
    queryOptions({
      queryKey: adminJobKeys.corrections(page, status),
      queryFn: ({ signal }) =>
        api.get(adminJobPostingsPaths.corrections, {
          signal,
          query: { page, size: 20, status: status || undefined },
          schema: import.meta.env.DEV && correctionPage,
        }),
      placeholderData: keepPreviousData,
    }),
};

export const useRuns = (page: number) => useQuery(adminJobQueries.runs(page));
export const useRun = (id: string) => useQuery(adminJobQueries.run(id));
export const useRunItems = (id: string, page: number, outcome: string, enabled: boolean) =>
  useQuery({ ...adminJobQueries.items(id, page, outcome), enabled });
export const useSources = () => useQuery(adminJobQueries.sources());
export const useAdminCorrections = (page: number, status: string) => useQuery(adminJobQueries.corrections(page, status));

export function useUploadImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportUploadInput) =>
      api.post(adminJobPostingsPaths.imports, body, { timeoutMs: 120_000, schema: import.meta.env.DEV && importRun }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: adminJobKeys.all }),
  });
}

export function useSourceMutations() {
  const qc = useQueryClient();
  const done = () => void qc.invalidateQueries({ queryKey: adminJobKeys.all });
  return {
    create: useMutation({
      mutationFn: (body: ImportSourceInput) =>
        api.post(adminJobPostingsPaths.sources, body, { schema: import.meta.env.DEV && importSource }),
      onSuccess: done,
    }),
    patch: useMutation({
      mutationFn: ({ id, ...body }: Partial<ImportSourceInput> & { id: string }) =>
        api.patch(adminJobPostingsPaths.source(id), body, { schema: import.meta.env.DEV && importSource }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete(adminJobPostingsPaths.source(id), { schema: import.meta.env.DEV && deletedWithId }),
      onSuccess: done,
    }),
    run: useMutation({
      mutationFn: (id: string) => api.post(adminJobPostingsPaths.runSource(id), undefined, { schema: import.meta.env.DEV && importRun }),
      onSuccess: done,
    }),
  };
}

export function useMoveCorrection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, adminNote }: { id: string; status: CorrectionStatus; adminNote?: string }) =>
      api.patch(
        adminJobPostingsPaths.correction(id),
        { status, ...(adminNote ? { adminNote } : {}) },
        { schema: import.meta.env.DEV && correction },
      ),
    onSuccess: () => void qc.invalidateQueries({ queryKey: adminJobKeys.all }),
  });
}

export function useSavePosting(id: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: JobPostingInput) =>
      id
        ? api.put(adminJobPostingsPaths.posting(id), body, { schema: import.meta.env.DEV && jobPostingDetail })
        : api.post(adminJobPostingsPaths.postings, body, { schema: import.meta.env.DEV && jobPostingDetail }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
