/** A study's deposit (docs/deposits.md): the rule, the leader's view of every member's refunds, my own. */
import { depositAccountView, studyDepositView, type DepositRule } from '@moim/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, arrayOf } from '../../../shared/api/client';
import { studiesPaths } from '../../../shared/api/paths/studies';
import { studyKeys } from './keys';

const base = (id: string) => `${studiesPaths.byId(id)}/deposit`;

export const studyDepositQuery = (studyId: string) =>
  queryOptions({
    queryKey: studyKeys.deposit(studyId),
    queryFn: ({ signal }) => api.get(base(studyId), { signal, schema: import.meta.env.DEV && studyDepositView }),
  });

export function useStudyDeposit(studyId: string) {
  return useQuery(studyDepositQuery(studyId));
}

export function useSetDeposit(studyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (rule: DepositRule) => api.put(base(studyId), rule, { schema: import.meta.env.DEV && studyDepositView }),
    onSuccess: (data) => qc.setQueryData(studyKeys.deposit(studyId), data),
  });
}

export const depositAccountsQuery = (studyId: string) =>
  queryOptions({
    queryKey: studyKeys.depositAccounts(studyId),
    queryFn: ({ signal }) => api.get(`${base(studyId)}/accounts`, { signal, schema: import.meta.env.DEV && arrayOf(depositAccountView) }),
  });

export function useDepositAccounts(studyId: string) {
  return useQuery(depositAccountsQuery(studyId));
}

/** My deposit in the study; null when I paid none (404). */
export const myDepositQuery = (studyId: string | undefined, enabled: boolean) =>
  queryOptions({
    queryKey: studyKeys.myDeposit(studyId ?? ''),
    queryFn: async ({ signal }) => {
      try {
        return await api.get(`${base(studyId!)}/me`, { signal, schema: import.meta.env.DEV && depositAccountView });
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    enabled: enabled && !!studyId,
  });

export function useMyDeposit(studyId: string | undefined, enabled: boolean) {
  return useQuery(myDepositQuery(studyId, enabled));
}
