/**
 * The test checkout's item and cards, without zod (./payments.ts holds the wire's schemas).
 */

/** The fixed item of /checkout/test. */
export const TEST_ITEM = { name: 'moim 테스트 상품', amount: 1_000 } as const;

/** The built-in test gateway's cards (listed on its checkout page and in the README). */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'APPROVE', ko: '항상 승인', en: 'Always approved' },
  { number: '4000 0000 0000 9995', outcome: 'DECLINE', ko: '잔액 부족으로 거절', en: 'Declined: insufficient funds' },
  { number: '4000 0000 0000 0119', outcome: 'NETWORK_ERROR', ko: '승인 중 네트워크 오류', en: 'Network error while confirming' },
] as const;

export type TestCardOutcome = (typeof TEST_CARDS)[number]['outcome'];
