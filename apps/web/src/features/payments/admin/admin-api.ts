/** The back office's payment calls (/api/admin/payments…), admins only. */
import type { AdminPaymentDetail, AdminPaymentRow, AdminRefundBody, Page } from '@moim/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type QueryValue } from '../../../shared/api/client';

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
    queryFn: ({ signal }) => api.get<Page<AdminPaymentRow>>('/api/admin/payments', { signal, query }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminPayment(id: string | undefined) {
  return useQuery({
    queryKey: keys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<AdminPaymentDetail>(`/api/admin/payments/${encodeURIComponent(id!)}`, { signal }),
    enabled: !!id,
  });
}

function useAction<T>(id: string, path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => api.post<AdminPaymentDetail>(`/api/admin/payments/${encodeURIComponent(id)}/${path}`, body),
    onSuccess: (d) => {
      qc.setQueryData(keys.detail(id), d);
      void qc.invalidateQueries({ queryKey: ['payments', 'admin', 'list'] });
    },
  });
}

export const useConfirmDeposit = (id: string) => useAction<{ note?: string }>(id, 'deposit/confirm');
export const useReturnDeposit = (id: string) => useAction<{ note: string }>(id, 'deposit/return');
export const useRefund = (id: string) => useAction<AdminRefundBody>(id, 'refund');
export const useDeclineRefund = (id: string) => useAction<{ note: string }>(id, 'refund/decline');
