/** The back office's payment calls (/api/admin/payments…), admins only. */
import { adminPaymentDetail, adminPaymentPage, type AdminRefundBody } from '@moim/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type QueryValue } from '../../../shared/api/client';
import { adminPaymentsPaths } from '../../../shared/api/paths/payments';

export interface AdminPaymentFilters {
  status?: string;
  method?: string;
  kind?: string;
  refundStatus?: string;
  studyId?: string;
  from?: string;
  to?: string;
  q?: string;
  page: number;
}

const keys = {
  list: (f: AdminPaymentFilters) => ['payments', 'admin', 'list', f] as const,
  detail: (id: string) => ['payments', 'admin', 'detail', id] as const,
};

export function useAdminPayments(f: AdminPaymentFilters) {
  const query: Record<string, QueryValue> = { ...f, size: 20, sort: 'createdAt,desc' };
  return useQuery({
    queryKey: keys.list(f),
    queryFn: ({ signal }) => api.get(adminPaymentsPaths.root, { signal, query, schema: import.meta.env.DEV && adminPaymentPage }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminPayment(id: string | undefined) {
  return useQuery({
    queryKey: keys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get(adminPaymentsPaths.byId(id!), { signal, schema: import.meta.env.DEV && adminPaymentDetail }),
    enabled: !!id,
  });
}

type ActionPath = (id: string) => string;

function useAction<T>(id: string, path: ActionPath) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => api.post(path(id), body, { schema: import.meta.env.DEV && adminPaymentDetail }),
    onSuccess: (d) => {
      qc.setQueryData(keys.detail(id), d);
      void qc.invalidateQueries({ queryKey: ['payments', 'admin', 'list'] });
    },
  });
}

export const useConfirmDeposit = (id: string) => useAction<{ note?: string }>(id, adminPaymentsPaths.depositConfirm);
export const useReturnDeposit = (id: string) => useAction<{ note: string }>(id, adminPaymentsPaths.depositReturn);
export const useRefund = (id: string) => useAction<AdminRefundBody>(id, adminPaymentsPaths.refund);
export const useDeclineRefund = (id: string) => useAction<{ note: string }>(id, adminPaymentsPaths.refundDecline);
