/**
 * Facts of Toss Payments' protocol shared by the adapter and the built-in gateway: the error
 * codes moim meets (HTTP status, Korean message as Toss documents it, and moim's English of it
 * for English readers — the gateway answers the Korean only) and the Basic auth header.
 * https://docs.tosspayments.com/reference/error-codes
 */

export const TOSS_ERRORS = {
  INVALID_REQUEST: { status: 400, message: '잘못된 요청입니다.', en: 'The request is not valid.' },
  ALREADY_PROCESSED_PAYMENT: { status: 400, message: '이미 처리된 결제 입니다.', en: 'This payment was already processed.' },
  ALREADY_CANCELED_PAYMENT: { status: 400, message: '이미 취소된 결제 입니다.', en: 'This payment was already cancelled.' },
  PROVIDER_ERROR: {
    status: 400,
    message: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해주세요.',
    en: 'A temporary error occurred. Please try again in a moment.',
  },
  INVALID_CARD_NUMBER: { status: 400, message: '카드번호를 다시 확인해주세요.', en: 'Please check the card number.' },
  UNAUTHORIZED_KEY: {
    status: 401,
    message: '인증되지 않은 시크릿 키 혹은 클라이언트 키 입니다.',
    en: 'The secret key or client key is not authorized.',
  },
  REJECT_CARD_PAYMENT: {
    status: 403,
    message: '한도초과 혹은 잔액부족으로 결제에 실패했습니다.',
    en: 'The payment failed: over the card limit or not enough balance.',
  },
  REJECT_CARD_COMPANY: { status: 403, message: '결제 승인이 거절되었습니다.', en: 'The card company declined the payment.' },
  NOT_CANCELABLE_AMOUNT: { status: 403, message: '취소 할 수 없는 금액 입니다.', en: 'This amount cannot be cancelled.' },
  NOT_CANCELABLE_PAYMENT: { status: 403, message: '취소 할 수 없는 결제 입니다.', en: 'This payment cannot be cancelled.' },
  NOT_FOUND_PAYMENT: { status: 404, message: '존재하지 않는 결제 정보 입니다.', en: 'No such payment.' },
  NOT_FOUND_PAYMENT_SESSION: {
    status: 404,
    message: '결제 시간이 만료되어 결제 진행 데이터가 존재하지 않습니다.',
    en: 'The payment session expired and its data no longer exists.',
  },
  IDEMPOTENT_REQUEST_PROCESSING: {
    status: 409,
    message: '이전 멱등 요청이 처리중입니다.',
    en: 'The earlier request with this idempotency key is still being processed.',
  },
  FAILED_INTERNAL_SYSTEM_PROCESSING: {
    status: 500,
    message: '내부 시스템 처리 작업이 실패했습니다. 잠시 후 다시 시도해주세요.',
    en: 'An internal task failed. Please try again in a moment.',
  },
  // failUrl codes (the checkout, not the API)
  PAY_PROCESS_CANCELED: { status: 400, message: '사용자에 의해 결제가 취소되었습니다.', en: 'The payment was cancelled by the customer.' },
  PAY_PROCESS_ABORTED: {
    status: 400,
    message: '결제 진행 중 승인에 실패하여 결제가 중단되었습니다.',
    en: 'The payment stopped because its approval failed.',
  },
} as const;
export type TossErrorCode = keyof typeof TOSS_ERRORS;

export function tossError(code: TossErrorCode): { status: number; body: { code: string; message: string } } {
  return { status: TOSS_ERRORS[code].status, body: { code, message: TOSS_ERRORS[code].message } };
}

/** `Authorization: Basic base64("<secretKey>:")` — the secret key is the user, no password. */
export function basicAuth(secretKey: string): string {
  return `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;
}

/** The secret key in a Basic auth header, or null. */
export function secretFromBasic(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header.trim());
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i <= 0) return null;
  return decoded.slice(0, i);
}

/** ISO 8601 in Asia/Seoul with its offset, as Toss writes times ("2024-02-13T12:18:14+09:00"). */
export function kstIso(d: Date): string {
  const k = new Date(d.getTime() + 9 * 3600_000);
  return `${k.toISOString().slice(0, 19)}+09:00`;
}
