/**
 * Opens the payment window for a card checkout. Test mode: the built-in gateway's hosted page
 * (a plain navigation). Toss mode: Toss Payments' v2 SDK, loaded on demand from
 * js.tosspayments.com (the server's CSP allows it only then) with the public client key; Toss
 * then redirects to successUrl / failUrl exactly as the built-in gateway does.
 */
import type { CardCheckout } from '@moim/contract';

interface TossPaymentsSdk {
  payment(o: { customerKey: string }): {
    requestPayment(o: {
      method: 'CARD';
      amount: { currency: 'KRW'; value: number };
      orderId: string;
      orderName: string;
      customerName?: string;
      successUrl: string;
      failUrl: string;
    }): Promise<void>;
  };
}

declare global {
  interface Window {
    TossPayments?: (clientKey: string) => TossPaymentsSdk;
  }
}

let sdkLoading: Promise<void> | null = null;

function loadSdk(src: string): Promise<void> {
  if (window.TossPayments) return Promise.resolve();
  sdkLoading ??= new Promise<void>((resolve, reject) => {
    const s = document.createElement('script');
    s.src = src;
    s.async = true;
    s.onload = () => resolve();
    s.onerror = () => {
      sdkLoading = null;
      reject(new Error('payment SDK failed to load'));
    };
    document.head.appendChild(s);
  });
  return sdkLoading;
}

export interface CheckoutFailure {
  code: string;
  message: string;
}

/** Resolves when the browser is on its way to the payment window; rejects with {code, message} if Toss refuses at once. */
export async function openCheckout(
  c: CardCheckout,
  sdkUrl: string | null,
  navigate: (url: string) => void = (u) => window.location.assign(u),
): Promise<void> {
  if (c.checkoutUrl) {
    navigate(c.checkoutUrl);
    return;
  }
  if (!sdkUrl) throw { code: 'SDK_UNAVAILABLE', message: 'payment SDK not configured' } satisfies CheckoutFailure;
  await loadSdk(sdkUrl);
  const toss = window.TossPayments!(c.clientKey);
  await toss.payment({ customerKey: c.customerKey }).requestPayment({
    method: 'CARD',
    amount: { currency: 'KRW', value: c.amount },
    orderId: c.orderId,
    orderName: c.orderName,
    customerName: c.customerName,
    successUrl: c.successUrl,
    failUrl: c.failUrl,
  });
}

/** Where a checkout that failed before leaving the page goes: /payment/fail with Toss's parameters. */
export function failPath(orderId: string, err: unknown): string {
  const e = (err ?? {}) as Partial<CheckoutFailure>;
  const q = new URLSearchParams({ code: e.code ?? 'PAY_PROCESS_ABORTED', message: e.message ?? '', orderId });
  return `/payment/fail?${q}`;
}
