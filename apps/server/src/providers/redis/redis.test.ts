// The Redis provider and what runs on it when Redis is unreachable or hangs: the server starts,
// answers login and check-email at once with rate limits counted in memory, and readiness says
// `degraded`. (Redis stopped and restarted under load, and recovery: the fault suite.)
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { FailoverRateLimitStore, RateLimiter, RedisRateLimitStore } from '../../http/rate-limit.ts';
import { RedisProvider } from './index.ts';

/** A TCP server that accepts connections and never answers (a Redis that hangs). */
async function blackHole(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `redis://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

async function deadPort(): Promise<string> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return `redis://127.0.0.1:${port}`;
}

describe('RedisProvider', () => {
  it('without REDIS_URL: not configured, every call takes the fallback', async () => {
    const p = new RedisProvider({});
    expect(p.configured).toBe(false);
    expect(p.isUp()).toBe(false);
    expect(
      await p.call(
        async () => 'redis',
        () => 'fallback',
      ),
    ).toBe('fallback');
    await p.close();
  });

  it('an unreachable or hanging Redis: calls answer from the fallback at once', async () => {
    const hole = await blackHole();
    for (const url of [await deadPort(), hole.url]) {
      const p = new RedisProvider({ url, commandTimeoutMs: 200, connectTimeoutMs: 300 });
      const t0 = performance.now();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          p.call(
            (r) => r.incr('k'),
            () => -1,
          ),
        ),
      );
      expect(answers.every((a) => a === -1)).toBe(true);
      expect(performance.now() - t0).toBeLessThan(150);
      expect(p.state()).toMatchObject({ configured: true, up: false });
      expect(await p.ping()).toBe(false);
      await p.close();
    }
    await hole.close();
  });

  it('a failing call opens the circuit: the next calls skip Redis until the cool-off ends', async () => {
    const p = new RedisProvider({ url: await deadPort(), coolOffMs: 10_000 });
    let tried = 0;
    // Pretend the link is up so that the first call goes through and fails.
    Object.defineProperty(p.client, 'status', { value: 'ready' });
    const op = async () => {
      tried++;
      throw new Error('Command timed out');
    };
    expect(await p.call(op, () => 'fallback')).toBe('fallback');
    expect(await p.call(op, () => 'fallback')).toBe('fallback');
    expect(tried).toBe(1);
    expect(p.isUp()).toBe(false);
    await p.close();
  });

  it('a reply error (a bug in the command) is not mistaken for an outage', async () => {
    const p = new RedisProvider({ url: await deadPort() });
    Object.defineProperty(p.client, 'status', { value: 'ready' });
    const bug = Object.assign(new Error('WRONGTYPE'), { name: 'ReplyError' });
    await expect(
      p.call(
        async () => {
          throw bug;
        },
        () => 'fallback',
      ),
    ).rejects.toBe(bug);
    expect(p.isUp()).toBe(true);
    await p.close();
  });

  it('rate limits fall back to memory and still refuse over the limit', async () => {
    const p = new RedisProvider({ url: await deadPort() });
    const limiter = new RateLimiter(new FailoverRateLimitStore(p, new RedisRateLimitStore(p.client!)));
    const rule = { name: 'test', limit: 3, windowMs: 60_000 };
    for (let i = 0; i < 3; i++) await limiter.consume(rule, 'ip:1');
    await expect(limiter.consume(rule, 'ip:1')).rejects.toMatchObject({ code: 'BIZ-3004' });
    await limiter.consume(rule, 'ip:2');
    await p.close();
  });
});

describe('the server with Redis unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { REDIS_URL: await deadPort() }, rateLimits: true });
  });
  afterAll(() => t.close());

  it('starts, and readiness answers 200 with redis listed as degraded', async () => {
    const r = await t.call({ method: 'GET', url: '/api/health/ready' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'degraded', degraded: ['redis'], redis: { configured: true, reachable: false } });
    expect(r.body.data.redis.downSince).toEqual(expect.any(String));
  });

  it('answers login and check-email at once, rate limits counted in memory', async () => {
    const t0 = performance.now();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await t.call({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'nobody@moim.test', password: 'wrong-password' },
      });
      statuses.push(r.status);
    }
    const check = await t.call({ method: 'POST', url: '/api/users/check-email', payload: { email: 'free@moim.test' } });
    expect(check.status).toBe(200);
    expect(performance.now() - t0).toBeLessThan(3_000);
    // the first wrong password is checked; the next ones meet the login back-off, counted in
    // this instance's memory while Redis is away (docs/accounts-factors.md "Login throttling")
    expect(statuses[0]).toBe(401);
    expect(statuses.slice(1)).toEqual([429, 429, 429, 429, 429]);
  });
});
