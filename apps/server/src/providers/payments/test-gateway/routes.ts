/**
 * The built-in gateway over HTTP, mounted at /api/payments/test-gateway:
 *   GET  /checkout?clientKey&orderId&orderName&amount&customerName&successUrl&failUrl  hosted page
 *   POST /checkout                          (the page's form) → 303 to successUrl or failUrl
 *   POST /v1/payments/confirm               Toss "confirm"   (Basic secret key, Idempotency-Key)
 *   POST /v1/payments/{paymentKey}/cancel   Toss "cancel"
 *   GET  /v1/payments/{paymentKey}          Toss "get payment"
 *   GET  /v1/payments/orders/{orderId}      Toss "get payment by orderId"
 *   GET  /receipt/{paymentKey}              a receipt page (Payment.receipt.url)
 * API answers are Toss's shapes (Payment object, or `{code, message}` with Toss's status), not
 * moim's envelope: the Toss adapter can be pointed here (TOSS_API_BASE=<this prefix>).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../http/app-error.ts';
import { TOSS_ERRORS, tossError } from '../toss-protocol.ts';
import { withPageFont, type PageFontFaces } from '../../../http/page-font.ts';
import { renderCheckoutPage, renderGatewayError, renderReceipt, type CheckoutParams } from './checkout-page.ts';
import type { GatewayAnswer, TestGateway } from './engine.ts';

export const TEST_GATEWAY_PREFIX = '/api/payments/test-gateway';

export interface GatewayRouteOptions {
  gateway: TestGateway;
  /** whether successUrl / failUrl may point at this origin (besides same-site relative paths) */
  isAllowedOrigin: (origin: string) => boolean;
  /** the app's Pretendard subsets for the pages' text (http/page-font.ts loadSubsetFaces); absent without a web build */
  pageFont?: PageFontFaces;
}

/** A return address the checkout may redirect to: a same-site path, or an allowed origin. */
export function isAllowedReturnUrl(url: string, isAllowedOrigin: (origin: string) => boolean): boolean {
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\');
  try {
    const u = new URL(url);
    return (u.protocol === 'https:' || u.protocol === 'http:') && isAllowedOrigin(u.origin);
  } catch {
    return false;
  }
}

function withQuery(url: string, params: Record<string, string>): string {
  const q = new URLSearchParams(params).toString();
  return `${url}${url.includes('?') ? '&' : '?'}${q}`;
}

type Parsed = { ok: true; params: CheckoutParams } | { ok: false; message: string };

function parseCheckout(raw: Record<string, unknown>, o: GatewayRouteOptions): Parsed {
  const s = (k: string) => (typeof raw[k] === 'string' ? (raw[k] as string).trim() : '');
  const clientKey = s('clientKey');
  if (!o.gateway.isClientKey(clientKey)) return { ok: false, message: TOSS_ERRORS.UNAUTHORIZED_KEY.message };
  const orderId = s('orderId');
  if (!/^[A-Za-z0-9_-]{6,64}$/.test(orderId)) return { ok: false, message: '주문번호(orderId)가 올바르지 않습니다.' };
  const orderName = s('orderName');
  if (orderName.length < 1 || orderName.length > 100) return { ok: false, message: '주문명(orderName)이 올바르지 않습니다.' };
  const amount = Number(s('amount'));
  if (!Number.isInteger(amount) || amount < 100 || amount > 100_000_000) {
    return { ok: false, message: '결제 금액(amount)이 올바르지 않습니다. 카드는 100원 이상부터 결제할 수 있습니다.' };
  }
  const customerName = s('customerName').slice(0, 100);
  const successUrl = s('successUrl');
  const failUrl = s('failUrl');
  if (!isAllowedReturnUrl(successUrl, o.isAllowedOrigin) || !isAllowedReturnUrl(failUrl, o.isAllowedOrigin)) {
    return { ok: false, message: 'successUrl, failUrl이 허용된 주소가 아닙니다.' };
  }
  return { ok: true, params: { clientKey, orderId, orderName, amount, customerName, successUrl, failUrl } };
}

/**
 * The card form posts here and is then redirected to successUrl / failUrl; browsers apply the
 * page's `form-action` to that redirect, so a return address on another allowed origin is added.
 */
function allowReturnTargets(reply: FastifyReply, p: CheckoutParams) {
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp !== 'string') return;
  const extra = [p.successUrl, p.failUrl].flatMap((u) => (u.startsWith('/') ? [] : [new URL(u).origin]));
  const targets = [...new Set(extra)].join(' ');
  if (targets) reply.header('content-security-policy', csp.replace("form-action 'self'", `form-action 'self' ${targets}`));
}

function sendHtml(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
}

function answer(request: FastifyRequest, reply: FastifyReply, a: GatewayAnswer) {
  if (a.drop) {
    // The network-error card: the connection goes away without an answer.
    request.log.info('test gateway: dropping the connection (network-error test card)');
    reply.hijack();
    reply.raw.socket?.destroy();
    return reply;
  }
  return reply.code(a.status).header('cache-control', 'no-store').send(a.body);
}

const header = (request: FastifyRequest, name: string) => {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

export async function testGatewayRoutes(app: FastifyInstance, o: GatewayRouteOptions): Promise<void> {
  const g = o.gateway;
  const html = (reply: FastifyReply, status: number, body: string) => sendHtml(reply, status, withPageFont(body, o.pageFont));
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  // Toss-shaped errors for everything under this prefix: a refused request (bad JSON, a NUL or a
  // lone surrogate refused by the root text rule, which throws an AppError) is 400 INVALID_REQUEST,
  // an unexpected failure 500; the hosted pages (checkout, receipt) show it as their error page.
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const status = error instanceof AppError ? error.status : (error.statusCode ?? 500);
    if (status >= 500) request.log.error({ err: error }, 'test gateway failed');
    const e = tossError(status >= 500 ? 'FAILED_INTERNAL_SYSTEM_PROCESSING' : 'INVALID_REQUEST');
    if (!request.url.startsWith(`${TEST_GATEWAY_PREFIX}/v1/`)) {
      return html(reply, e.status, renderGatewayError('결제를 진행할 수 없습니다', e.body.message));
    }
    return reply.code(e.status).send(e.body);
  });

  const tags = ['test-gateway'];
  // Server-to-server calls carry the secret key as HTTP Basic (Toss's scheme), checked by the engine.
  const security = [{ gatewaySecretKey: [] }];

  app.get('/checkout', { schema: { tags, summary: 'Hosted checkout page (test cards decide the outcome)' } }, async (request, reply) => {
    const parsed = parseCheckout(request.query as Record<string, unknown>, o);
    if (!parsed.ok) return html(reply, 400, renderGatewayError('결제를 시작할 수 없습니다', parsed.message));
    allowReturnTargets(reply, parsed.params);
    return html(reply, 200, renderCheckoutPage(parsed.params));
  });

  app.post(
    '/checkout',
    { schema: { tags, summary: 'Card entry: 303 to successUrl (paymentKey, orderId, amount) or failUrl (code, message, orderId)' } },
    async (request, reply) => {
      const raw = (request.body ?? {}) as Record<string, unknown>;
      const parsed = parseCheckout(raw, o);
      if (!parsed.ok) return html(reply, 400, renderGatewayError('결제를 진행할 수 없습니다', parsed.message));
      const p = parsed.params;
      const fail = (code: keyof typeof TOSS_ERRORS) =>
        reply
          .code(303)
          .header('cache-control', 'no-store')
          .redirect(withQuery(p.failUrl, { code, message: TOSS_ERRORS[code].message, orderId: p.orderId }), 303);
      if (raw.action === 'cancel') return fail('PAY_PROCESS_CANCELED');
      const cardNumber = typeof raw.cardNumber === 'string' ? raw.cardNumber.slice(0, 30) : '';
      const result = await g.authenticate({
        orderId: p.orderId,
        orderName: p.orderName,
        amount: p.amount,
        customerName: p.customerName || null,
        cardNumber,
      });
      if ('error' in result) {
        if (result.error === 'INVALID_CARD_NUMBER') {
          allowReturnTargets(reply, p);
          return html(reply, 422, renderCheckoutPage(p, { error: TOSS_ERRORS.INVALID_CARD_NUMBER.message, cardNumber }));
        }
        return fail(result.error);
      }
      return reply.redirect(
        withQuery(p.successUrl, { paymentType: 'NORMAL', orderId: p.orderId, paymentKey: result.paymentKey, amount: String(p.amount) }),
        303,
      );
    },
  );

  app.post('/v1/payments/confirm', { schema: { tags, security, summary: 'Toss: confirm a payment' } }, async (request, reply) =>
    answer(request, reply, await g.confirm(header(request, 'authorization'), header(request, 'idempotency-key'), request.body)),
  );

  app.post(
    '/v1/payments/:paymentKey/cancel',
    { schema: { tags, security, summary: 'Toss: cancel a payment (whole or partial)' } },
    async (request, reply) => {
      const { paymentKey } = request.params as { paymentKey: string };
      return answer(
        request,
        reply,
        await g.cancel(header(request, 'authorization'), header(request, 'idempotency-key'), paymentKey, request.body),
      );
    },
  );

  app.get('/v1/payments/orders/:orderId', { schema: { tags, security, summary: 'Toss: a payment by orderId' } }, async (request, reply) => {
    const { orderId } = request.params as { orderId: string };
    return answer(request, reply, await g.getByOrderId(header(request, 'authorization'), orderId));
  });

  app.get('/v1/payments/:paymentKey', { schema: { tags, security, summary: 'Toss: a payment by paymentKey' } }, async (request, reply) => {
    const { paymentKey } = request.params as { paymentKey: string };
    return answer(request, reply, await g.get(header(request, 'authorization'), paymentKey));
  });

  app.get('/receipt/:paymentKey', { schema: { tags, summary: 'Receipt page of an approved test payment' } }, async (request, reply) => {
    const { paymentKey } = request.params as { paymentKey: string };
    const p = await g.receipt(paymentKey);
    if (!p) return html(reply, 404, renderGatewayError('영수증을 찾을 수 없습니다', TOSS_ERRORS.NOT_FOUND_PAYMENT.message));
    return html(reply, 200, renderReceipt(p));
  });
}
