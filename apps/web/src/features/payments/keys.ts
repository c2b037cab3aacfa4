/**
 * TanStack Query keys of the payments feature, one tree so a write can refresh a branch: the
 * member's pages (api.ts) and the back office's (admin/admin-api.ts, admin/deposit-refunds-api.ts).
 */
import type { ConfirmPaymentBody } from '@moim/contract';

export const paymentKeys = {
  all: ['payments'] as const,
  config: () => ['payments', 'config'] as const,
  order: (orderId: string) => ['payments', 'order', orderId] as const,
  /** every confirmation (the success page's own query, kept when the rest is read again) */
  confirms: () => ['payments', 'confirm'] as const,
  confirm: (b: ConfirmPaymentBody | null) =>
    b ? (['payments', 'confirm', b.orderId, b.paymentKey, b.amount] as const) : (['payments', 'confirm', 'none'] as const),
  application: (studyId: string, applicationId: string) => ['payments', 'application', studyId, applicationId] as const,
  /** the back office: the payments list and detail, and the deposit payouts */
  admin: () => ['payments', 'admin'] as const,
  adminLists: () => ['payments', 'admin', 'list'] as const,
  adminList: (f: object) => ['payments', 'admin', 'list', f] as const,
  adminDetail: (id: string) => ['payments', 'admin', 'detail', id] as const,
  depositRefunds: () => ['payments', 'admin', 'deposit-refunds'] as const,
  depositRefundList: (f: object) => ['payments', 'admin', 'deposit-refunds', f] as const,
  depositPayoutStudies: () => ['payments', 'admin', 'deposit-refunds', 'studies'] as const,
};
