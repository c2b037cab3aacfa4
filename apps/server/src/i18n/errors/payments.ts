import type { ErrorTexts } from './types.ts';

/** Error messages of the payments area (docs/api-wire.md "Languages"): one key, Korean and English. */
export const PAYMENTS_ERRORS = {
  'payments.notFound': { ko: '결제 정보를 찾을 수 없습니다.', en: 'No such payment.' },
  'payments.applicationNotFound': { ko: '신청을 찾을 수 없습니다.', en: 'No such application.' },
  'payments.noDeposit': { ko: '이 스터디에 낸 보증금이 없습니다.', en: 'You have no deposit in this study.' },
  'payments.depositLeaderOnly': { ko: '보증금 현황은 스터디 리더만 볼 수 있습니다.', en: 'Only the study’s leader can see its deposits.' },
  'payments.depositRefundNotAwaiting': {
    ko: '송금을 기다리는 보증금 반환이 아닙니다.',
    en: 'This deposit refund is not waiting for a transfer.',
  },
  'payments.depositRefundNotFailed': {
    ko: '실패한 보증금 반환만 다시 시도할 수 있습니다.',
    en: 'Only a failed deposit refund can be retried.',
  },
  'payments.testAdminOnly': { ko: '테스트 결제는 관리자만 할 수 있습니다.', en: 'Only an admin can make a test payment here.' },
  // paying an application
  'payments.alreadyPaidApplication': { ko: '이미 결제가 완료된 신청입니다.', en: 'This application is already paid.' },
  'payments.onlyAccepted': { ko: '승인된 신청만 결제할 수 있습니다.', en: 'Only an accepted application can be paid.' },
  'payments.notPayableApplication': { ko: '결제할 수 없는 신청 상태입니다.', en: 'The application cannot be paid in its current state.' },
  'payments.deadlinePassed': { ko: '결제 기한이 지났습니다.', en: 'The payment deadline has passed.' },
  'payments.nothingToPay': { ko: '결제가 필요 없는 스터디입니다.', en: 'This study needs no payment.' },
  'payments.alreadyInProgress': { ko: '이미 결제가 진행 중인 신청입니다.', en: 'A payment for this application is already in progress.' },
  'payments.startTransferFirst': { ko: '먼저 계좌이체로 결제를 시작해 주세요.', en: 'Please start a bank transfer payment first.' },
  'payments.notAwaitingDeposit': { ko: '입금 대기 중인 결제가 아닙니다.', en: 'This payment is not waiting for a deposit.' },
  // confirming a card payment
  'payments.notCard': { ko: '카드 결제가 아닙니다.', en: 'This is not a card payment.' },
  'payments.amountMismatch': { ko: '결제 금액이 주문 금액과 다릅니다.', en: 'The amount differs from the order’s.' },
  'payments.otherKeyInProgress': {
    ko: '이미 다른 결제로 승인 중인 주문입니다.',
    en: 'This order is being confirmed with another payment.',
  },
  'payments.stillConfirming': {
    ko: '결제 승인이 아직 진행 중입니다. 잠시 후 다시 확인해 주세요.',
    en: 'The payment is still being confirmed. Please check again in a moment.',
  },
  'payments.alreadyPaidOrder': { ko: '이미 결제가 완료된 주문입니다.', en: 'This order is already paid.' },
  'payments.orderEnded': { ko: '이미 종료된 결제입니다. 처음부터 다시 결제해 주세요.', en: 'This payment has ended. Please start again.' },
  'payments.paymentKeyUsed': { ko: '이미 다른 주문에 사용된 결제 키입니다.', en: 'This payment key was already used for another order.' },
  'payments.confirmUnknown': {
    ko: '결제 결과를 확인하지 못했습니다. 잠시 후 결제 내역을 다시 확인해 주세요.',
    en: 'The payment’s result could not be confirmed yet. Please check your payments again in a moment.',
  },
  'payments.approvalMismatch': {
    ko: '결제 승인 내역이 주문과 달라 결제를 취소했습니다.',
    en: 'The approval did not match the order, so the payment was cancelled.',
  },
  'payments.autoCancelled': {
    ko: '신청 상태가 바뀌어 결제를 완료할 수 없습니다. 결제는 자동으로 취소되었습니다.',
    en: 'The application changed, so the payment could not complete; it was cancelled automatically.',
  },
  // the provider's refusal: Korean readers read the provider's own words (deps.ts)
  'payments.providerRefused': {
    ko: '결제사가 결제를 거절했습니다 ({{providerCode}}).',
    en: 'The payment was declined ({{providerCode}}).',
  },
  'payments.providerUnreachable': {
    ko: '결제사와 통신하지 못했습니다.',
    en: 'The payment provider could not be reached. Please try again later.',
  },
  // refunds and the back office
  'payments.refundAccountTransferOnly': {
    ko: '계좌이체 결제만 환불 계좌를 등록합니다.',
    en: 'A refund account is given only for bank transfer payments.',
  },
  'payments.refundAccountLocked': { ko: '환불 계좌를 바꿀 수 없는 상태입니다.', en: 'The refund account cannot be changed now.' },
  'payments.alreadyRefunded': { ko: '이미 환불된 결제입니다.', en: 'This payment is already refunded.' },
  'payments.refundOnlyDone': { ko: '완료된 결제만 환불할 수 있습니다.', en: 'Only a completed payment can be refunded.' },
  'payments.refundAmountRange': {
    ko: '환불 금액은 1원 이상 {{max}}원 이하여야 합니다.',
    en: 'The refund must be between ₩1 and ₩{{max}}.',
  },
  'payments.noRefundAccount': {
    ko: '환불받을 계좌가 없습니다. 회원에게 계좌를 받아 입력해 주세요.',
    en: 'There is no account to refund to. Ask the member for one and enter it.',
  },
  'payments.refundInProgress': {
    ko: '이미 환불되었거나 환불이 진행 중인 결제입니다.',
    en: 'This payment is already refunded or being refunded.',
  },
  'payments.refundRaced': { ko: '환불 중 결제 상태가 바뀌었습니다.', en: 'The payment changed while it was being refunded.' },
  'payments.notTransferAwaiting': { ko: '입금 대기 중인 계좌이체가 아닙니다.', en: 'This is not a bank transfer waiting for its deposit.' },
  'payments.notDepositNotified': {
    ko: '입금 완료 알림을 받은 계좌이체가 아닙니다.',
    en: 'This bank transfer has no notice of a deposit.',
  },
  'payments.noRefundRequest': { ko: '환불 요청이 없는 결제입니다.', en: 'This payment has no refund request.' },
} as const satisfies ErrorTexts;
