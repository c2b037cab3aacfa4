/**
 * Picks the payment provider from the configuration: the built-in test gateway (default,
 * PAYMENT_PROVIDER=test) or Toss Payments (PAYMENT_PROVIDER=toss with TOSS_CLIENT_KEY and
 * TOSS_SECRET_KEY). The test gateway's keys default to values derived from this installation's
 * signing secret, so no secret key ships in any build.
 */
import { createHmac } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { TestGateway } from './test-gateway/engine.ts';
import { TestGatewayProvider } from './test-gateway/provider.ts';
import { TossAdapter } from './toss-adapter.ts';
import type { PaymentProvider } from './types.ts';

export * from './types.ts';
export { TossAdapter, TOSS_SDK_URL } from './toss-adapter.ts';
export { TestGateway } from './test-gateway/engine.ts';

export const DEFAULT_TEST_CLIENT_KEY = 'test_ck_moim_builtin_gateway';

export function testGatewayKeys(config: Config): { clientKey: string; secretKey: string } {
  const derived = createHmac('sha256', config.jwtSecret).update('moim-test-gateway-secret-key').digest('hex').slice(0, 32);
  return {
    clientKey: config.TEST_GATEWAY_CLIENT_KEY ?? DEFAULT_TEST_CLIENT_KEY,
    secretKey: config.TEST_GATEWAY_SECRET_KEY ?? `test_sk_moim_${derived}`,
  };
}

export interface PaymentProviders {
  provider: PaymentProvider;
  /** the built-in gateway (served over HTTP in test mode only) */
  gateway: TestGateway;
}

export function createPaymentProviders(config: Config, db: Db): PaymentProviders {
  const gateway = new TestGateway(db, testGatewayKeys(config), config.publicUrl);
  if (config.PAYMENT_PROVIDER === 'toss') {
    return {
      gateway,
      provider: new TossAdapter({ secretKey: config.TOSS_SECRET_KEY!, clientKey: config.TOSS_CLIENT_KEY!, apiBase: config.TOSS_API_BASE }),
    };
  }
  return { gateway, provider: new TestGatewayProvider(gateway, gateway.keys.secretKey) };
}
