/**
 * Studio calls: one `queryOptions` factory per endpoint (shapes from the contract), the
 * mutations, and where a guest keeps their trial (id + token, this browser only).
 */
import {
  deletedResult,
  isTerminalStudioStatus,
  studioAnalysis,
  studioComparison,
  studioDocument,
  studioDocumentList,
  studioDocumentSummary,
  studioDraft,
  studioQuota,
  studioSubmitResult,
  studioTrialResult,
  type StudioAnalysis,
  type StudioDocumentSummary,
  type StudioDraftInput,
  type StudioRevision,
  type StudioSubmissionInput,
} from '@moim/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { studioPaths } from '../../shared/api/paths/studio';
import { readJson, removeLocal, writeJson } from '../../shared/storage';

export const studioKeys = {
  all: ['studio'] as const,
  quota: () => ['studio', 'quota'] as const,
  documentLists: () => ['studio', 'documents'] as const,
  documents: (page: number, size: number) => ['studio', 'documents', page, size] as const,
  document: (id: string) => ['studio', 'document', id] as const,
  analysis: (id: string) => ['studio', 'analysis', id] as const,
  draft: (documentId: string) => ['studio', 'draft', documentId] as const,
  compare: (documentId: string, from: string, to: string) => ['studio', 'compare', documentId, from, to] as const,
  trial: (id: string) => ['studio', 'trial', id] as const,
};

/** Poll while the analysis runs: quickly at first, then every 1.5 s. */
const pollWhileRunning = (a: StudioAnalysis | undefined, tries: number) =>
  a && isTerminalStudioStatus(a.status) ? false : tries < 10 ? 500 : 1500;

export const quotaQuery = () =>
  queryOptions({
    queryKey: studioKeys.quota(),
    queryFn: ({ signal }) => api.get(studioPaths.quota, { signal, schema: import.meta.env.DEV && studioQuota }),
  });

export const documentsQuery = (page = 0, size = 10) =>
  queryOptions({
    queryKey: studioKeys.documents(page, size),
    queryFn: ({ signal }) =>
      api.get(studioPaths.documents, { signal, query: { page, size }, schema: import.meta.env.DEV && studioDocumentList }),
  });

export const documentQuery = (id: string) =>
  queryOptions({
    queryKey: studioKeys.document(id),
    queryFn: ({ signal }) => api.get(studioPaths.document(id), { signal, schema: import.meta.env.DEV && studioDocument }),
  });

export const analysisQuery = (id: string) =>
  queryOptions({
    queryKey: studioKeys.analysis(id),
    queryFn: ({ signal }) => api.get(studioPaths.analysis(id), { signal, schema: import.meta.env.DEV && studioAnalysis }),
    refetchInterval: (q) => pollWhileRunning(q.state.data, q.state.dataUpdateCount),
  });

export const compareQuery = (documentId: string, from: string, to: string) =>
  queryOptions({
    queryKey: studioKeys.compare(documentId, from, to),
    queryFn: ({ signal }) =>
      api.get(studioPaths.compare(documentId), { signal, query: { from, to }, schema: import.meta.env.DEV && studioComparison }),
  });

export const trialQuery = (id: string, token: string) =>
  queryOptions({
    queryKey: studioKeys.trial(id),
    queryFn: ({ signal }) =>
      api.get(studioPaths.trial(id), {
        signal,
        auth: false,
        headers: { 'x-studio-trial-token': token },
        schema: import.meta.env.DEV && studioAnalysis,
      }),
    refetchInterval: (q) => pollWhileRunning(q.state.data, q.state.dataUpdateCount),
  });

/** The member's unsaved work on a document (null when there is none). */
export const draftQuery = (documentId: string) =>
  queryOptions({
    queryKey: studioKeys.draft(documentId),
    queryFn: ({ signal }) => api.get(studioPaths.draft(documentId), { signal, schema: import.meta.env.DEV && studioDraft.nullable() }),
    staleTime: 0,
  });

export const saveDraft = (documentId: string, body: StudioDraftInput) =>
  api.put(studioPaths.draft(documentId), body, { schema: import.meta.env.DEV && studioDraft });

export const discardDraft = (documentId: string) =>
  api.delete(studioPaths.draft(documentId), { schema: import.meta.env.DEV && deletedResult });

export function useSubmitAnalysis() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StudioSubmissionInput) =>
      api.post(studioPaths.analyses, body, { schema: import.meta.env.DEV && studioSubmitResult }),
    onSuccess: (r) => {
      qc.setQueryData(studioKeys.analysis(r.analysis.id), r.analysis);
      qc.setQueryData(studioKeys.quota(), r.quota);
      void qc.invalidateQueries({ queryKey: studioKeys.documentLists() });
    },
  });
}

export function useReviseDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ documentId, body }: { documentId: string; body: StudioRevision }) =>
      api.post(studioPaths.documentAnalyses(documentId), body, { schema: import.meta.env.DEV && studioSubmitResult }),
    onSuccess: (r) => {
      qc.setQueryData(studioKeys.analysis(r.analysis.id), r.analysis);
      qc.setQueryData(studioKeys.quota(), r.quota);
      void qc.invalidateQueries({ queryKey: studioKeys.documentLists() });
      void qc.invalidateQueries({ queryKey: studioKeys.document(r.analysis.documentId) });
      void qc.invalidateQueries({ queryKey: studioKeys.draft(r.analysis.documentId) });
    },
  });
}

export function useDeleteDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(studioPaths.document(id), { schema: import.meta.env.DEV && deletedResult }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: studioKeys.all }),
  });
}

// ---- guest trial

const TRIAL_KEY = 'studio-trial';
export interface StoredTrial {
  id: string;
  token: string;
}
export const readTrial = () => readJson<StoredTrial>(TRIAL_KEY);
export const forgetTrial = () => removeLocal(TRIAL_KEY);

export function useStartTrial() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StudioSubmissionInput & { email: string; consent: true }) =>
      api.post(studioPaths.trials, body, { auth: false, schema: import.meta.env.DEV && studioTrialResult }),
    onSuccess: (r) => {
      writeJson(TRIAL_KEY, { id: r.analysis.id, token: r.trialToken } satisfies StoredTrial);
      qc.setQueryData(studioKeys.trial(r.analysis.id), r.analysis);
    },
  });
}

/** After login: move the trial document into the member's history (best effort). */
export async function claimTrial(trial: StoredTrial): Promise<StudioDocumentSummary | null> {
  try {
    return await api.post(
      studioPaths.claimTrial(trial.id),
      {},
      { headers: { 'x-studio-trial-token': trial.token }, schema: import.meta.env.DEV && studioDocumentSummary },
    );
  } catch {
    return null;
  }
}
