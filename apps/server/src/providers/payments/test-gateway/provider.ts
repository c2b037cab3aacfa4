/**
 * The test-mode provider: talks to the built-in gateway in process (no HTTP round trip to
 * itself), through the very same operations its HTTP endpoints serve, Basic auth included.
 */
import { basicAuth } from '../toss-protocol.ts';
import { ProviderError, type CancelRequest, type ConfirmRequest, type PaymentProvider, type TossPayment } from '../types.ts';
import type { GatewayAnswer, TestGateway } from './engine.ts';

export class TestGatewayProvider implements PaymentProvider {
  readonly name = 'test' as const;
  readonly sdkUrl = null;
  private readonly auth: string;

  constructor(
    private readonly gateway: TestGateway,
    secretKey: string,
  ) {
    this.auth = basicAuth(secretKey);
  }

  get clientKey(): string {
    return this.gateway.keys.clientKey;
  }

  async confirm(req: ConfirmRequest, idempotencyKey: string): Promise<TossPayment> {
    return unwrap(await this.gateway.confirm(this.auth, idempotencyKey, req));
  }

  async cancel(paymentKey: string, req: CancelRequest, idempotencyKey: string): Promise<TossPayment> {
    return unwrap(await this.gateway.cancel(this.auth, idempotencyKey, paymentKey, req));
  }

  async findByOrderId(orderId: string): Promise<TossPayment | null> {
    const a = await this.gateway.getByOrderId(this.auth, orderId);
    if (a.status === 404) return null;
    return unwrap(a);
  }
}

function unwrap(a: GatewayAnswer): TossPayment {
  if (a.drop) throw new ProviderError('NETWORK_ERROR', '결제사와 통신하지 못했습니다: connection reset', 'network');
  if (a.status === 200) return a.body as TossPayment;
  const e = a.body as { code: string; message: string };
  const unknown = a.status >= 500 || e.code === 'IDEMPOTENT_REQUEST_PROCESSING';
  throw new ProviderError(e.code, e.message, unknown ? 'network' : 'rejected', a.status);
}
