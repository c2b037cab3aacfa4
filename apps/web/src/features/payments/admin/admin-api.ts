/** The back office's payment calls (/api/admin/payments…), admins only. */
import { adminPaymentDetail, adminPaymentPage, type AdminRefundBody } from '@moim/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type QueryValue } from '../../../shared/api/client';
import { adminPaymentsPaths } from '../../../shared/api/paths/payments';
import { paymentKeys } from '../keys';

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

export const adminPaymentsQuery = (f: AdminPaymentFilters) => {
  const query: Record<string, QueryValue> = { ...f, size: 20, sort: 'createdAt,desc' };
  return queryOptions({
    queryKey: paymentKeys.adminList(f),
    queryFn: ({ signal }) => api.get(adminPaymentsPaths.root, { signal, query, schema: import.meta.env.DEV && adminPaymentPage }),
    placeholderData: keepPreviousData,
  });
};

export function useAdminPayments(f: AdminPaymentFilters) {
  return useQuery(adminPaymentsQuery(f));
}

export const adminPaymentQuery = (id: string | undefined) =>
  queryOptions({
    queryKey: paymentKeys.adminDetail(id ?? ''),
    queryFn: ({ signal }) => api.get(adminPaymentsPaths.byId(id!), { signal, schema: import.meta.env.DEV && adminPaymentDetail }),
    enabled: !!id,
  });

export function useAdminPayment(id: string | undefined) {
  return useQuery(adminPaymentQuery(id));
}

type ActionPath = (id: string) => string;

function useAction<T>(id: string, path: ActionPath) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => api.post(path(id), body, { schema: import.meta.env.DEV && adminPaymentDetail }),
    onSuccess: (d) => {
      qc.setQueryData(paymentKeys.adminDetail(id), d);
      void qc.invalidateQueries({ queryKey: paymentKeys.adminLists() });
    },
  });
}

export const useConfirmDeposit = (id: string) => useAction<{ note?: string }>(id, adminPaymentsPaths.depositConfirm);
export const useReturnDeposit = (id: string) => useAction<{ note: string }>(id, adminPaymentsPaths.depositReturn);
export const useRefund = (id: string) => useAction<AdminRefundBody>(id, adminPaymentsPaths.refund);
export const useDeclineRefund = (id: string) => useAction<{ note: string }>(id, adminPaymentsPaths.refundDecline);
