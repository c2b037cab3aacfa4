/**
 * The payment provider interface. Both implementations speak Toss Payments' protocol
 * (https://docs.tosspayments.com/reference): the built-in test gateway (default, "payment mode
 * is test") and the Toss Payments adapter for production. The server confirms and cancels with
 * the secret key; the browser only ever sees the client key.
 */

/** Toss Payments' Cancel object (one entry of Payment.cancels). */
export interface TossCancel {
  cancelAmount: number;
  cancelReason: string;
  taxFreeAmount: number;
  taxExemptionAmount: number;
  refundableAmount: number;
  easyPayDiscountAmount: number;
  canceledAt: string;
  transactionKey: string;
  receiptKey: string | null;
  cancelStatus: 'DONE' | 'IN_PROGRESS' | 'ABORTED';
  cancelRequestId: string | null;
}

/** Toss Payments' Payment object (API version 2022-11-16), the fields moim reads and writes. */
export interface TossPayment {
  mId: string;
  version: string;
  lastTransactionKey: string | null;
  paymentKey: string;
  orderId: string;
  orderName: string;
  taxExemptionAmount: number;
  status: 'READY' | 'IN_PROGRESS' | 'WAITING_FOR_DEPOSIT' | 'DONE' | 'CANCELED' | 'PARTIAL_CANCELED' | 'ABORTED' | 'EXPIRED';
  requestedAt: string;
  approvedAt: string | null;
  useEscrow: boolean;
  cultureExpense: boolean;
  card: {
    amount: number;
    issuerCode: string;
    acquirerCode: string | null;
    number: string;
    installmentPlanMonths: number;
    approveNo: string;
    useCardPoint: boolean;
    cardType: string;
    ownerType: string;
    acquireStatus: string;
    isInterestFree: boolean;
    interestPayer: string | null;
  } | null;
  virtualAccount: unknown;
  transfer: unknown;
  mobilePhone: unknown;
  giftCertificate: unknown;
  cashReceipt: unknown;
  cashReceipts: unknown;
  discount: unknown;
  cancels: TossCancel[] | null;
  secret: string | null;
  type: 'NORMAL' | 'BILLING' | 'BRANDPAY';
  easyPay: unknown;
  country: string;
  failure: { code: string; message: string } | null;
  isPartialCancelable: boolean;
  receipt: { url: string } | null;
  checkout: { url: string } | null;
  currency: 'KRW';
  totalAmount: number;
  balanceAmount: number;
  suppliedAmount: number;
  vat: number;
  taxFreeAmount: number;
  method: string | null;
}

export interface ConfirmRequest {
  paymentKey: string;
  orderId: string;
  amount: number;
}

export interface CancelRequest {
  cancelReason: string;
  /** omitted = cancel the whole remaining balance */
  cancelAmount?: number;
}

/**
 * A provider's refusal or failure. `kind`:
 * - `rejected`: the provider answered with an error (declined card, bad request…): nothing was charged;
 * - `network`: no usable answer (connection lost, timeout, 5xx): the outcome is unknown and must be
 *   looked up before anything else happens.
 */
export class ProviderError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly kind: 'rejected' | 'network',
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export interface PaymentProvider {
  readonly name: 'test' | 'toss';
  /** The public key the browser may hold (Toss: the payment widget's client key). */
  readonly clientKey: string;
  /** The JavaScript SDK the browser loads, or null when the provider hosts a plain checkout page. */
  readonly sdkUrl: string | null;
  /** POST /v1/payments/confirm with the idempotency key. */
  confirm(req: ConfirmRequest, idempotencyKey: string): Promise<TossPayment>;
  /** POST /v1/payments/{paymentKey}/cancel with the idempotency key. */
  cancel(paymentKey: string, req: CancelRequest, idempotencyKey: string): Promise<TossPayment>;
  /** GET /v1/payments/orders/{orderId}; null when the provider has no such payment. */
  findByOrderId(orderId: string): Promise<TossPayment | null>;
}
