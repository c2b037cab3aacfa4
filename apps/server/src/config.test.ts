import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('config', () => {
  it('has working defaults for a zero-config start', () => {
    const c = loadConfig({ NODE_ENV: 'test' });
    expect(c.PORT).toBe(3000);
    expect(c.dataDir).toMatch(/data$/);
    expect(c.SEED_DEMO).toBe(true);
    expect(c.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'http://x'],
    ['SEED_DEMO', 'maybe'],
    ['JWT_SECRET', 'short'],
    ['LOG_LEVEL', 'loud'],
    ['ADMIN_EMAIL', 'not-an-email'],
  ])('refuses a bad %s and names it', (name, value) => {
    let err: unknown;
    try {
      loadConfig({ NODE_ENV: 'test', [name]: value });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toContain(name);
  });

  it('requires a JWT secret in production with an external database', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x@y/z' })).toThrow(/JWT_SECRET/);
  });
});

describe('rate limit switch', () => {
  it('keeps rate limits on unless turned off explicitly', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).RATE_LIMITS_ENABLED).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', RATE_LIMITS_ENABLED: 'false' }).RATE_LIMITS_ENABLED).toBe(false);
  });
});
