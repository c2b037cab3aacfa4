/**
 * The web push adapter against a local push service (test/push-endpoint.ts) that decrypts what
 * it receives (RFC 8291) and checks the VAPID token (RFC 8292); 404/410 read as an expired
 * subscription; the endpoint is a user-given URL, so the production address policy refuses a
 * private address.
 */
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PushEndpoint, startPushEndpoint } from '../../../test/push-endpoint.ts';
import { createSafeFetcher } from '../fetch/index.ts';
import { loadConfig } from '../../config.ts';
import { createPushProvider, pushServicePolicy, vapidSubject, WebPushProvider } from './index.ts';

let endpoint: PushEndpoint;
const keys = webpush.generateVAPIDKeys();
const open = createSafeFetcher({ policy: { allowAddress: () => true, allowPort: () => true } });

beforeAll(async () => {
  endpoint = await startPushEndpoint();
});
afterAll(async () => {
  await endpoint?.close();
});

describe('WebPushProvider', () => {
  it('sends an aes128gcm message the device decrypts, signed with the VAPID key', async () => {
    const d = endpoint.device('tablet');
    const provider = new WebPushProvider(keys, 'mailto:ops@moim.test', open);
    const payload = JSON.stringify({ title: '곧 시작합니다', body: '「SQL 첫걸음」', url: '/study/sql' });
    await expect(provider.send(d.subscription, payload, { ttlSeconds: 600, topic: 'session-x' })).resolves.toBe('sent');
    const [got] = endpoint.received.filter((r) => r.device === 'tablet');
    expect(got!.text).toBe(payload);
    expect(got!.vapidKey).toBe(keys.publicKey);
    expect(got!.claims.aud).toBe(endpoint.origin);
    expect(got!.headers.ttl).toBe('600');
    expect(String(got!.headers.topic)).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(endpoint.rejected).toEqual([]);
  });

  it('reads 404 and 410 as an expired subscription, other failures as errors', async () => {
    const provider = new WebPushProvider(keys, 'mailto:ops@moim.test', open);
    const gone = endpoint.device('gone');
    gone.status = 410;
    await expect(provider.send(gone.subscription, '{}', { ttlSeconds: 60 })).resolves.toBe('gone');
    gone.status = 404;
    await expect(provider.send(gone.subscription, '{}', { ttlSeconds: 60 })).resolves.toBe('gone');
    gone.status = 503;
    await expect(provider.send(gone.subscription, '{}', { ttlSeconds: 60 })).rejects.toThrow(/503/);
  });

  it('refuses an endpoint on a private address under the production policy', async () => {
    const provider = new WebPushProvider(keys, 'mailto:ops@moim.test', createSafeFetcher());
    const d = endpoint.device('inside');
    // the test endpoint's own port is refused as well; on the usual port the address is
    await expect(provider.send(d.subscription, '{}', { ttlSeconds: 60 })).rejects.toMatchObject({ code: 'BLOCKED_PORT' });
    const onHttps = { ...d.subscription, endpoint: 'https://127.0.0.1/push/inside' };
    await expect(provider.send(onHttps, '{}', { ttlSeconds: 60 })).rejects.toMatchObject({ code: 'BLOCKED_ADDRESS' });
    const metadata = { ...d.subscription, endpoint: 'http://169.254.169.254/latest/meta-data' };
    await expect(provider.send(metadata, '{}', { ttlSeconds: 60 })).rejects.toMatchObject({ code: 'BLOCKED_ADDRESS' });
    expect(endpoint.received.filter((r) => r.device === 'inside')).toHaveLength(0);
  });

  it('reaches a push service on a private network only where WEB_PUSH_PRIVATE_SERVICES names its address and port', async () => {
    const port = Number(new URL(endpoint.origin).port);
    const env = { NODE_ENV: 'test', DATA_DIR: '/tmp/moim-push-test', WEB_PUSH_PRIVATE_SERVICES: `127.0.0.1:${port}, 10.0.0.9:8088` };
    const provider = createPushProvider(loadConfig(env), createSafeFetcher());
    const d = endpoint.device('lan');
    await expect(provider.send(d.subscription, '{"title":"LAN"}', { ttlSeconds: 60 })).resolves.toBe('sent');
    expect(endpoint.received.filter((r) => r.device === 'lan').map((r) => r.text)).toEqual(['{"title":"LAN"}']);
    // another private address, the metadata service, and the listed address on another port stay refused
    const metadata = { ...d.subscription, endpoint: 'http://169.254.169.254/latest/meta-data' };
    await expect(provider.send(metadata, '{}', { ttlSeconds: 60 })).rejects.toMatchObject({ code: 'BLOCKED_ADDRESS' });
    const otherPort = { ...d.subscription, endpoint: `http://127.0.0.1:${port === 6379 ? 6380 : 6379}/push/lan` };
    await expect(provider.send(otherPort, '{}', { ttlSeconds: 60 })).rejects.toMatchObject({ code: 'BLOCKED_PORT' });
    // unset or empty: the public internet only
    expect(pushServicePolicy(undefined)).toBeNull();
    expect(pushServicePolicy(' ')).toBeNull();
    expect(() => loadConfig({ ...env, WEB_PUSH_PRIVATE_SERVICES: 'push.internal:8080' })).toThrow(/WEB_PUSH_PRIVATE_SERVICES/);
  });

  it('takes the VAPID subject from VAPID_SUBJECT, else MAIL_FROM', () => {
    expect(vapidSubject({ VAPID_SUBJECT: 'https://moim.dev', MAIL_FROM: 'x' })).toBe('https://moim.dev');
    expect(vapidSubject({ VAPID_SUBJECT: undefined, MAIL_FROM: 'moim <no-reply@moim.local>' })).toBe('mailto:no-reply@moim.local');
  });
});
