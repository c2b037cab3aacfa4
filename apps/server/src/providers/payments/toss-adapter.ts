/**
 * The Toss Payments adapter (production): confirms, cancels and looks up payments over HTTPS
 * with the secret key as Basic auth and an Idempotency-Key on every POST. The browser side loads
 * Toss's payment SDK with the public client key (see docs/payments.md). Its tests run it against
 * the built-in gateway's HTTP endpoints, which speak the same protocol.
 */
import { basicAuth } from './toss-protocol.ts';
import { ProviderError, type CancelRequest, type ConfirmRequest, type PaymentProvider, type TossPayment } from './types.ts';

export interface TossAdapterOptions {
  secretKey: string;
  clientKey: string;
  /** https://api.tosspayments.com, or the built-in gateway's …/test-gateway in tests */
  apiBase: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const TOSS_SDK_URL = 'https://js.tosspayments.com/v2/standard';

export class TossAdapter implements PaymentProvider {
  readonly name = 'toss' as const;
  readonly clientKey: string;
  readonly sdkUrl = TOSS_SDK_URL;
  private readonly auth: string;
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly doFetch: typeof fetch;

  constructor(opts: TossAdapterOptions) {
    this.clientKey = opts.clientKey;
    this.auth = basicAuth(opts.secretKey);
    this.base = opts.apiBase.replace(/\/+$/, '');
    this.timeoutMs = opts.timeoutMs ?? 20_000;
    this.doFetch = opts.fetch ?? fetch;
  }

  confirm(req: ConfirmRequest, idempotencyKey: string): Promise<TossPayment> {
    return this.call('POST', '/v1/payments/confirm', req, idempotencyKey);
  }

  cancel(paymentKey: string, req: CancelRequest, idempotencyKey: string): Promise<TossPayment> {
    return this.call('POST', `/v1/payments/${encodeURIComponent(paymentKey)}/cancel`, req, idempotencyKey);
  }

  async findByOrderId(orderId: string): Promise<TossPayment | null> {
    try {
      return await this.call('GET', `/v1/payments/orders/${encodeURIComponent(orderId)}`);
    } catch (err) {
      if (err instanceof ProviderError && err.kind === 'rejected' && err.httpStatus === 404) return null;
      throw err;
    }
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<TossPayment> {
    const headers: Record<string, string> = { authorization: this.auth, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let res: Response;
    try {
      res = await this.doFetch(`${this.base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new ProviderError('NETWORK_ERROR', `결제사와 통신하지 못했습니다: ${(err as Error).message}`, 'network');
    }
    let payload: unknown;
    try {
      payload = await res.json();
    } catch {
      throw new ProviderError('NETWORK_ERROR', `결제사 응답을 읽지 못했습니다 (HTTP ${res.status}).`, 'network', res.status);
    }
    if (!res.ok) {
      const e = (payload ?? {}) as { code?: unknown; message?: unknown };
      const code = typeof e.code === 'string' ? e.code : `HTTP_${res.status}`;
      const message = typeof e.message === 'string' ? e.message : `HTTP ${res.status}`;
      // 5xx, or an earlier request with this idempotency key still running: the outcome is unknown.
      const unknown = res.status >= 500 || code === 'IDEMPOTENT_REQUEST_PROCESSING';
      throw new ProviderError(code, message, unknown ? 'network' : 'rejected', res.status);
    }
    return payload as TossPayment;
  }
}
