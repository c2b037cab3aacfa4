/** The payment pages the server renders from their address (shared/api/server-render.ts). */
import { keepQuery, NO_DATA, type ServerRenderedPage } from '../../shared/api/server-render';

/**
 * /payment/fail?code&message&orderId: the provider's reason, its code and the order, as a guest
 * sees them. What the payment and its application are now is the signed-in payer's (the app
 * reads it: a stored session is never given a rendered page's first render).
 */
export const paymentFailPage: ServerRenderedPage = {
  pattern: '/payment/fail',
  sample:
    '/payment/fail?code=PAY_PROCESS_CANCELED&message=%EC%82%AC%EC%9A%A9%EC%9E%90%EA%B0%80%20%EA%B2%B0%EC%A0%9C%EB%A5%BC%20%EC%B7%A8%EC%86%8C%ED%96%88%EC%8A%B5%EB%8B%88%EB%8B%A4&orderId=order-sample',
  sampleData: () => [],
  load: NO_DATA,
  renderedQuery: keepQuery('code', 'message', 'orderId'),
};
