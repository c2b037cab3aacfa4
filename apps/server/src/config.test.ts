import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('config', () => {
  it('has working defaults for a zero-config start', () => {
    const c = loadConfig({ NODE_ENV: 'test' });
    expect(c.PORT).toBe(3000);
    expect(c.dataDir).toMatch(/data$/);
    expect(c.SEED_DEMO).toBe(true);
    expect(c.jwtSecret.length).toBeGreaterThanOrEqual(32);
    // time-outs of a few seconds, not the 30 s request time-out (docs/operations.md)
    expect(c).toMatchObject({
      DB_CONNECT_TIMEOUT_MS: 3000,
      DB_STATEMENT_TIMEOUT_MS: 5000,
      DB_STARTUP_RETRY_SECONDS: 60,
      READINESS_TIMEOUT_MS: 1500,
      REDIS_COMMAND_TIMEOUT_MS: 500,
      DB_REQUEST_BUDGET_MS: 1500,
      DB_BREAKER_FAILURES: 5,
      DB_BREAKER_OPEN_MS: 1000,
    });
    expect(loadConfig({ NODE_ENV: 'test', DB_REQUEST_BUDGET_MS: '0' }).DB_REQUEST_BUDGET_MS).toBe(0); // off
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
    ['AI_PROVIDER', 'gpt'],
    ['AI_BASE_URL', 'not a url'],
    ['AI_TIMEOUT_MS', '10'],
    ['DB_STARTUP_RETRY_SECONDS', 'forever'],
    ['DB_STATEMENT_TIMEOUT_MS', '0'],
    ['DB_CONNECT_TIMEOUT_MS', '-1'],
    ['REDIS_COMMAND_TIMEOUT_MS', 'soon'],
    ['READINESS_TIMEOUT_MS', '5'],
    ['DB_REQUEST_BUDGET_MS', '50'],
    ['DB_BREAKER_FAILURES', '0'],
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

  it('behind a transaction pooler, requires the direct URL that migrations take', () => {
    const pooled = { NODE_ENV: 'test', DATABASE_URL: 'postgres://x@pooler:6432/z', DATABASE_POOL_MODE: 'transaction' };
    expect(() => loadConfig(pooled)).toThrow(/DATABASE_DIRECT_URL/);
    const c = loadConfig({ ...pooled, DATABASE_DIRECT_URL: 'postgres://x@db:5432/z' });
    expect(c.DATABASE_POOL_MODE).toBe('transaction');
    expect(loadConfig({ NODE_ENV: 'test' }).DATABASE_POOL_MODE).toBe('session');
  });
});

describe('studio AI provider', () => {
  it('uses the local analyzer by default and needs a key for the OpenAI-compatible adapter', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).AI_PROVIDER).toBe('local');
    expect(() => loadConfig({ NODE_ENV: 'test', AI_PROVIDER: 'openai' })).toThrow(/AI_API_KEY/);
    const c = loadConfig({
      NODE_ENV: 'test',
      AI_PROVIDER: 'openai',
      AI_API_KEY: 'sk-test',
      AI_BASE_URL: 'http://127.0.0.1:9/v1',
      AI_MODEL: 'm',
    });
    expect([c.AI_PROVIDER, c.AI_BASE_URL, c.AI_MODEL, c.AI_TIMEOUT_MS]).toEqual(['openai', 'http://127.0.0.1:9/v1', 'm', 20_000]);
  });
});

describe('rate limit switch', () => {
  it('keeps rate limits on unless turned off explicitly', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).RATE_LIMITS_ENABLED).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', RATE_LIMITS_ENABLED: 'false' }).RATE_LIMITS_ENABLED).toBe(false);
  });
});
