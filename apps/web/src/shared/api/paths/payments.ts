/** The payments module's paths (SPEC §7); segments from data URI-encoded. */
const seg = encodeURIComponent;
const adminPayment = (id: string) => `/api/admin/payments/${seg(id)}`;

export const paymentsPaths = {
  config: '/api/payments/config',
  confirm: '/api/payments/confirm',
  testCheckout: '/api/payments/test-checkout',
  byOrderId: (orderId: string) => `/api/payments/${seg(orderId)}`,
  refundAccount: (orderId: string) => `/api/payments/${seg(orderId)}/refund-account`,
} as const;

export const adminPaymentsPaths = {
  root: '/api/admin/payments',
  byId: adminPayment,
  depositConfirm: (id: string) => `${adminPayment(id)}/deposit/confirm`,
  depositReturn: (id: string) => `${adminPayment(id)}/deposit/return`,
  refund: (id: string) => `${adminPayment(id)}/refund`,
  refundDecline: (id: string) => `${adminPayment(id)}/refund/decline`,
} as const;

/** The deposit refunds' payout list (docs/deposits.md "Money going back"). */
export const adminDepositRefundsPaths = {
  root: '/api/admin/deposit-refunds',
  studies: '/api/admin/deposit-refunds/studies',
  sent: (id: string) => `/api/admin/deposit-refunds/${seg(id)}/sent`,
  retry: (id: string) => `/api/admin/deposit-refunds/${seg(id)}/retry`,
} as const;
