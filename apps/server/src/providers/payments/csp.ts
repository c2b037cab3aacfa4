/**
 * What the Content-Security-Policy must also allow when the browser talks to Toss Payments
 * (PAYMENT_PROVIDER=toss): its SDK script, its API and log calls, and the payment window's
 * frames. Nothing is added in test mode: the built-in gateway is same-origin HTML.
 */
import type { Config } from '../../config.ts';

export interface CspAdditions {
  scriptSrc: string[];
  connectSrc: string[];
  frameSrc: string[];
  imgSrc: string[];
}

export function paymentCsp(config: Pick<Config, 'PAYMENT_PROVIDER'>): CspAdditions {
  if (config.PAYMENT_PROVIDER !== 'toss') return { scriptSrc: [], connectSrc: [], frameSrc: [], imgSrc: [] };
  return {
    scriptSrc: ['https://js.tosspayments.com'],
    connectSrc: ['https://*.tosspayments.com'],
    frameSrc: ['https://*.tosspayments.com'],
    imgSrc: ['https://*.tosspayments.com'],
  };
}
