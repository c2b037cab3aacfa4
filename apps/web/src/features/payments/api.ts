/**
 * Fetchers and TanStack Query hooks for the payments API (docs/payments.md). Types come from the
 * contract. Confirming is idempotent on the server, so the success page can run it as a query.
 */
import type {
  ApplicationPaymentState,
  CardCheckout,
  ConfirmPaymentBody,
  PaymentMethod,
  PaymentsConfig,
  PaymentView,
  RefundAccount,
  StartPaymentResult,
} from '@moim/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

export const paymentKeys = {
  all: ['payments'] as const,
  config: () => ['payments', 'config'] as const,
  order: (orderId: string) => ['payments', 'order', orderId] as const,
  confirm: (b: ConfirmPaymentBody) => ['payments', 'confirm', b.orderId, b.paymentKey, b.amount] as const,
  application: (studyId: string, applicationId: string) => ['payments', 'application', studyId, applicationId] as const,
};

const appPath = (studyId: string, applicationId: string) =>
  `/api/studies/${encodeURIComponent(studyId)}/applications/${encodeURIComponent(applicationId)}/payment`;

export function usePaymentsConfig() {
  return useQuery({
    queryKey: paymentKeys.config(),
    queryFn: ({ signal }) => api.get<PaymentsConfig>('/api/payments/config', { signal, auth: false }),
    staleTime: 5 * 60_000,
  });
}

export function usePayment(orderId: string | null, opts: { refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: paymentKeys.order(orderId ?? ''),
    queryFn: ({ signal }) => api.get<PaymentView>(`/api/payments/${encodeURIComponent(orderId!)}`, { signal }),
    enabled: !!orderId,
    refetchInterval: opts.refetchInterval,
  });
}

/** POST /api/payments/confirm as a query: runs once per (orderId, paymentKey, amount), same answer on reload. */
export function useConfirmPayment(body: ConfirmPaymentBody | null) {
  return useQuery({
    queryKey: body ? paymentKeys.confirm(body) : ['payments', 'confirm', 'none'],
    queryFn: () => api.post<PaymentView>('/api/payments/confirm', body!, { timeoutMs: 60_000 }),
    enabled: !!body,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useApplicationPayment(studyId: string | undefined, applicationId: string | undefined) {
  return useQuery({
    queryKey: paymentKeys.application(studyId ?? '', applicationId ?? ''),
    queryFn: ({ signal }) => api.get<ApplicationPaymentState>(appPath(studyId!, applicationId!), { signal }),
    enabled: !!studyId && !!applicationId,
  });
}

export function useStartPayment(studyId: string, applicationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (method: PaymentMethod) => api.post<StartPaymentResult>(appPath(studyId, applicationId), { method }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: paymentKeys.application(studyId, applicationId) }),
  });
}

export function useNotifyDeposit(studyId: string, applicationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (depositorName?: string) =>
      api.post<PaymentView>(`${appPath(studyId, applicationId)}/notify-deposit`, depositorName ? { depositorName } : {}),
    onSuccess: (p) => {
      qc.setQueryData(paymentKeys.order(p.orderId), p);
      // the application's status changed: refresh every view of it (studies pages included)
      void qc.invalidateQueries();
    },
  });
}

export function useTestCheckout() {
  return useMutation({ mutationFn: () => api.post<CardCheckout>('/api/payments/test-checkout', {}) });
}

export function useSetRefundAccount(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (refundAccount: RefundAccount) =>
      api.put<PaymentView>(`/api/payments/${encodeURIComponent(orderId)}/refund-account`, { refundAccount }),
    onSuccess: (p) => {
      qc.setQueryData(paymentKeys.order(p.orderId), p);
      void qc.invalidateQueries({ queryKey: paymentKeys.all });
    },
  });
}
