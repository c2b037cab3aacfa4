/**
 * The payments API (docs/payments.md): a `queryOptions` factory per read (keys from ./keys), a
 * hook per write. Types come from the contract. Confirming is idempotent on the server, so the success page can run it as a query.
 */
import {
  applicationPaymentState,
  cardCheckout,
  paymentsConfig,
  paymentView,
  startPaymentResult,
  type ConfirmPaymentBody,
  type PaymentMethod,
  type RefundAccount,
} from '@moim/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/auth-provider';
import { useLiveInvalidation, useOwnTopic } from '../../shared/live/use-live';
import { paymentsPaths } from '../../shared/api/paths/payments';
import { studiesPaths } from '../../shared/api/paths/studies';
import { paymentKeys } from './keys';

export const paymentsConfigQuery = () =>
  queryOptions({
    queryKey: paymentKeys.config(),
    queryFn: ({ signal }) => api.get(paymentsPaths.config, { signal, auth: false, schema: import.meta.env.DEV && paymentsConfig }),
    staleTime: 5 * 60_000,
  });

export function usePaymentsConfig() {
  return useQuery(paymentsConfigQuery());
}

export const paymentQuery = (orderId: string | null) =>
  queryOptions({
    queryKey: paymentKeys.order(orderId ?? ''),
    queryFn: ({ signal }) => api.get(paymentsPaths.byOrderId(orderId!), { signal, schema: import.meta.env.DEV && paymentView }),
    enabled: !!orderId,
  });

export function usePayment(orderId: string | null, opts: { refetchInterval?: number | false } = {}) {
  return useQuery({ ...paymentQuery(orderId), refetchInterval: opts.refetchInterval });
}

/** POST /api/payments/confirm as a query: runs once per (orderId, paymentKey, amount), same answer on reload. */
export const confirmPaymentQuery = (body: ConfirmPaymentBody | null) =>
  queryOptions({
    queryKey: paymentKeys.confirm(body),
    queryFn: () => api.post(paymentsPaths.confirm, body!, { timeoutMs: 60_000, schema: import.meta.env.DEV && paymentView }),
    enabled: !!body,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function useConfirmPayment(body: ConfirmPaymentBody | null) {
  return useQuery(confirmPaymentQuery(body));
}

export const applicationPaymentQuery = (studyId: string | undefined, applicationId: string | undefined) =>
  queryOptions({
    queryKey: paymentKeys.application(studyId ?? '', applicationId ?? ''),
    queryFn: ({ signal }) =>
      api.get(studiesPaths.payment(studyId!, applicationId!), { signal, schema: import.meta.env.DEV && applicationPaymentState }),
    enabled: !!studyId && !!applicationId,
  });

/** An application's payment state; a `payment.changed` on the payer's own topic reads it again (docs/live.md). */
export function useApplicationPayment(studyId: string | undefined, applicationId: string | undefined) {
  const { user } = useAuth();
  useLiveInvalidation(useOwnTopic(user?.id), [paymentKeys.application(studyId ?? '', applicationId ?? '')]);
  return useQuery(applicationPaymentQuery(studyId, applicationId));
}

export function useStartPayment(studyId: string, applicationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (method: PaymentMethod) =>
      api.post(studiesPaths.payment(studyId, applicationId), { method }, { schema: import.meta.env.DEV && startPaymentResult }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: paymentKeys.application(studyId, applicationId) }),
  });
}

export function useNotifyDeposit(studyId: string, applicationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (depositorName?: string) =>
      api.post(studiesPaths.notifyDeposit(studyId, applicationId), depositorName ? { depositorName } : {}, {
        schema: import.meta.env.DEV && paymentView,
      }),
    onSuccess: (p) => {
      qc.setQueryData(paymentKeys.order(p.orderId), p);
      // the application's status changed: refresh every view of it (studies pages included)
      void qc.invalidateQueries();
    },
  });
}

export function useTestCheckout() {
  return useMutation({ mutationFn: () => api.post(paymentsPaths.testCheckout, {}, { schema: import.meta.env.DEV && cardCheckout }) });
}

export function useSetRefundAccount(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (refundAccount: RefundAccount) =>
      api.put(paymentsPaths.refundAccount(orderId), { refundAccount }, { schema: import.meta.env.DEV && paymentView }),
    onSuccess: (p) => {
      qc.setQueryData(paymentKeys.order(p.orderId), p);
      void qc.invalidateQueries({ queryKey: paymentKeys.all });
    },
  });
}
