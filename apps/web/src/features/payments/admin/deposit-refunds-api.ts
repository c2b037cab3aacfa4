/**
 * The back office's deposit payout calls (/api/admin/deposit-refunds…, admins only;
 * docs/deposits.md): the list by status and study, "sent" for a bank transfer, "retry" for a
 * refused card refund. Either action refreshes every list it may change.
 */
import { depositPayoutStudy, depositPayoutView, type DepositPayoutView, type DepositRefundStatus } from '@moim/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, arrayOf } from '../../../shared/api/client';
import { adminDepositRefundsPaths } from '../../../shared/api/paths/payments';
import { paymentKeys } from '../keys';

export interface DepositRefundFilters {
  /** undefined: every status */
  status?: DepositRefundStatus;
  studyId?: string;
}

/** The studies the list can be narrowed to, with what waits in each (the picker). */
export const depositPayoutStudiesQuery = () =>
  queryOptions({
    queryKey: paymentKeys.depositPayoutStudies(),
    queryFn: ({ signal }) => api.get(adminDepositRefundsPaths.studies, { signal, schema: arrayOf(depositPayoutStudy) }),
  });

export function useDepositPayoutStudies() {
  return useQuery(depositPayoutStudiesQuery());
}

export const depositRefundsQuery = (f: DepositRefundFilters) =>
  queryOptions({
    queryKey: paymentKeys.depositRefundList(f),
    queryFn: ({ signal }) =>
      api.get<DepositPayoutView[]>(adminDepositRefundsPaths.root, {
        signal,
        query: { status: f.status, studyId: f.studyId },
        schema: import.meta.env.DEV && arrayOf(depositPayoutView),
      }),
    placeholderData: keepPreviousData,
  });

export function useDepositRefunds(f: DepositRefundFilters) {
  return useQuery(depositRefundsQuery(f));
}

function useRefresh() {
  const qc = useQueryClient();
  // the payout list and the payments' own pages (refunded amount, status) both move
  return () => qc.invalidateQueries({ queryKey: paymentKeys.admin() });
}

/**
 * A bank transfer (or a bonus) was sent: recorded once; a second time answers 409. The list is
 * read again either way (a refusal means another admin moved the row), before the caller's own
 * callbacks run.
 */
export function useMarkDepositRefundSent() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<DepositPayoutView>(adminDepositRefundsPaths.sent(id), {}, { schema: import.meta.env.DEV && depositPayoutView }),
    onSettled: () => refresh(),
  });
}

/** A refused card refund is queued again with the same idempotency key. */
export function useRetryDepositRefund() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.post<{ queued: boolean }>(adminDepositRefundsPaths.retry(id), {}),
    onSuccess: () => refresh(),
  });
}
