/** The member's data exports: calls, a `queryOptions` factory per read and hooks (contract `dataExport*`). */
import { dataExport, dataExportList, type DataExport } from '@moim/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { privacyPaths } from '../../shared/api/paths/privacy';

const DEV = import.meta.env.DEV;
export const privacyKeys = {
  dataExports: () => ['users', 'me', 'data-exports'] as const,
};
/** while one is being prepared, look again this often (the notice also says when it is ready) */
const PENDING_POLL_MS = 5_000;

export const dataExportsQuery = () =>
  queryOptions({
    queryKey: privacyKeys.dataExports(),
    queryFn: () => api.get(privacyPaths.dataExports, { schema: DEV && dataExportList }),
    refetchInterval: (q) => (q.state.data?.some((e) => e.status === 'PENDING') ? PENDING_POLL_MS : false),
  });

export function useDataExports() {
  return useQuery(dataExportsQuery());
}

export function useRequestDataExport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(privacyPaths.dataExports, undefined, { schema: DEV && dataExport }),
    onSuccess: (made) =>
      qc.setQueryData<DataExport[]>(privacyKeys.dataExports(), (list = []) => [made, ...list.filter((e) => e.id !== made.id)]),
    onSettled: () => qc.invalidateQueries({ queryKey: privacyKeys.dataExports() }),
  });
}

/** The zip's bytes (AUTH-1023 when the last proof of identity is older than 5 minutes: run it through step-up). */
export const downloadDataExport = (id: string) => api.download(privacyPaths.download(id));

export const invalidateDataExports = (qc: ReturnType<typeof useQueryClient>) =>
  qc.invalidateQueries({ queryKey: privacyKeys.dataExports() });
