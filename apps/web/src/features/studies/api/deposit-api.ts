/** A study's deposit (docs/deposits.md): the rule, the leader's view of every member's refunds, my own. */
import { depositAccountView, studyDepositView, type DepositRule } from '@moim/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, arrayOf } from '../../../shared/api/client';
import { studiesPaths } from '../../../shared/api/paths/studies';

const base = (id: string) => `${studiesPaths.byId(id)}/deposit`;
const keys = {
  rule: (id: string) => ['studies', 'of', id, 'deposit'] as const,
  accounts: (id: string) => ['studies', 'of', id, 'deposit', 'accounts'] as const,
  mine: (id: string) => ['studies', 'of', id, 'deposit', 'me'] as const,
};

export function useStudyDeposit(studyId: string) {
  return useQuery({
    queryKey: keys.rule(studyId),
    queryFn: ({ signal }) => api.get(base(studyId), { signal, schema: import.meta.env.DEV && studyDepositView }),
  });
}

export function useSetDeposit(studyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (rule: DepositRule) => api.put(base(studyId), rule, { schema: import.meta.env.DEV && studyDepositView }),
    onSuccess: (data) => qc.setQueryData(keys.rule(studyId), data),
  });
}

export function useDepositAccounts(studyId: string) {
  return useQuery({
    queryKey: keys.accounts(studyId),
    queryFn: ({ signal }) => api.get(`${base(studyId)}/accounts`, { signal, schema: import.meta.env.DEV && arrayOf(depositAccountView) }),
  });
}

/** My deposit in the study; null when I paid none (404). */
export function useMyDeposit(studyId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: keys.mine(studyId ?? ''),
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
}
