/** Back-office fetchers and hooks for the navigator (/api/admin/job-postings, ROLE_ADMIN). */
import type {
  Correction,
  CorrectionStatus,
  ImportRun,
  ImportRunItem,
  ImportSource,
  ImportSourceInput,
  ImportUploadInput,
  JobPostingDetail,
  JobPostingInput,
  Page,
} from '@moim/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { jobKeys } from '../api';

const base = '/api/admin/job-postings';

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
      queryFn: ({ signal }) => api.get<Page<ImportRun>>(`${base}/runs`, { signal, query: { page, size: 20 } }),
      placeholderData: keepPreviousData,
      // keep the list moving while a run works
      refetchInterval: (q) => (q.state.data?.content.some(running) ? 1500 : false),
    }),
  run: (id: string) =>
    queryOptions({
      queryKey: adminJobKeys.run(id),
      queryFn: ({ signal }) => api.get<ImportRun>(`${base}/runs/${id}`, { signal }),
      refetchInterval: (q) => (running(q.state.data) ? 1000 : false),
    }),
  items: (id: string, page: number, outcome: string) =>
    queryOptions({
      queryKey: adminJobKeys.items(id, page, outcome),
      queryFn: ({ signal }) =>
        api.get<Page<ImportRunItem>>(`${base}/runs/${id}/items`, { signal, query: { page, size: 50, outcome: outcome || undefined } }),
      placeholderData: keepPreviousData,
    }),
  sources: () =>
    queryOptions({ queryKey: adminJobKeys.sources(), queryFn: ({ signal }) => api.get<ImportSource[]>(`${base}/sources`, { signal }) }),
  corrections: (page: number, status: string) =>
    queryOptions({
      queryKey: adminJobKeys.corrections(page, status),
      queryFn: ({ signal }) =>
        api.get<Page<Correction>>(`${base}/corrections`, { signal, query: { page, size: 20, status: status || undefined } }),
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
    mutationFn: (body: ImportUploadInput) => api.post<ImportRun>(`${base}/imports`, body, { timeoutMs: 120_000 }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: adminJobKeys.all }),
  });
}

export function useSourceMutations() {
  const qc = useQueryClient();
  const done = () => void qc.invalidateQueries({ queryKey: adminJobKeys.all });
  return {
    create: useMutation({ mutationFn: (body: ImportSourceInput) => api.post<ImportSource>(`${base}/sources`, body), onSuccess: done }),
    patch: useMutation({
      mutationFn: ({ id, ...body }: Partial<ImportSourceInput> & { id: string }) => api.patch<ImportSource>(`${base}/sources/${id}`, body),
      onSuccess: done,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.delete(`${base}/sources/${id}`), onSuccess: done }),
    run: useMutation({ mutationFn: (id: string) => api.post<ImportRun>(`${base}/sources/${id}/run`), onSuccess: done }),
  };
}

export function useMoveCorrection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, adminNote }: { id: string; status: CorrectionStatus; adminNote?: string }) =>
      api.patch<Correction>(`${base}/corrections/${id}`, { status, ...(adminNote ? { adminNote } : {}) }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: adminJobKeys.all }),
  });
}

export function useSavePosting(id: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: JobPostingInput) =>
      id ? api.put<JobPostingDetail>(`${base}/postings/${id}`, body) : api.post<JobPostingDetail>(`${base}/postings`, body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
