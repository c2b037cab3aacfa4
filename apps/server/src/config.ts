/**
 * One typed configuration object read from the environment and validated at start-up.
 * A bad or missing variable stops the process with a message that names it (fail fast).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { REFRESH_TOKEN_REUSE_GRACE_SECONDS } from '@moim/contract';

const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? def : ['true', '1', 'yes'].includes(v)));

const list = z
  .string()
  .optional()
  .transform((v) =>
    v
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  // Behind a transaction-pooling PgBouncer (docs/operations.md "Behind PgBouncer"): statements run
  // unnamed and no startup parameters are sent; migrations and their advisory lock go over
  // DATABASE_DIRECT_URL (the PostgreSQL server itself), since a session-level lock does not hold
  // across a transaction pooler.
  DATABASE_POOL_MODE: z.enum(['session', 'transaction']).default('session'),
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  // Time-outs and start-up patience (docs/operations.md). Redis is optional: commands that take
  // longer than REDIS_COMMAND_TIMEOUT_MS fall back (memory, database) instead of waiting.
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(20).max(10_000).default(500),
  REDIS_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(1_000),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(3_000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(5_000),
  // PostgreSQL: the database time one request may spend, all its statements together (0: no
  // budget, each statement has its own time-out), and the circuit breaker that answers at once
  // while the database does not (docs/operations.md).
  DB_REQUEST_BUDGET_MS: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || (v >= 100 && v <= 600_000), 'must be 0 (off) or between 100 and 600000')
    .default(1_500),
  DB_BREAKER_FAILURES: z.coerce.number().int().min(1).max(1_000).default(5),
  DB_BREAKER_OPEN_MS: z.coerce.number().int().min(100).max(600_000).default(1_000),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(1_000).default(10),
  DB_STARTUP_RETRY_SECONDS: z.coerce.number().int().min(0).max(3_600).default(60),
  READINESS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(1_500),
  PUBLIC_URL: z.string().url().optional(),
  CORS_ORIGINS: list,
  // Origins the site may be opened at besides PUBLIC_URL's: return addresses (card payment,
  // social login) are built from the address the visitor opened when it is one of these.
  ALLOWED_ORIGINS: list,
  // `http://localhost:*` and `http://127.0.0.1:*` count as allowed origins (default: on outside
  // production, and whenever PUBLIC_URL itself is a loopback address).
  ALLOW_LOOPBACK_ORIGINS: z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: bool(true),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // web push (docs/reminders.md): the VAPID key pair (base64url, as `web-push generate-vapid-keys`
  // prints it); unset, a pair is generated into DATA_DIR/vapid-keys.json on first start. Several
  // instances must share one pair (set both, as with JWT_SECRET).
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}$/, 'a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{42,44}$/, 'a base64url P-256 private key')
    .optional(),
  // the contact push services see in the VAPID token (mailto: or https:); default: MAIL_FROM's address
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'mailto:… or https://…')
    .optional(),
  // push services on a private network that web push may reach (a self-hosted push service or a
  // UnifiedPush distributor on the LAN): `ip:port` pairs, comma-separated (IPv6 as `[addr]:port`).
  // A browser's endpoint is a user-given URL, so push goes through the SSRF-safe fetcher, which
  // otherwise refuses private addresses and unusual ports (docs/reminders.md).
  WEB_PUSH_PRIVATE_SERVICES: z
    .string()
    .regex(
      /^\s*(\d{1,3}(\.\d{1,3}){3}|\[[0-9A-Fa-f:.]+\]):\d{1,5}\s*(,\s*(\d{1,3}(\.\d{1,3}){3}|\[[0-9A-Fa-f:.]+\]):\d{1,5}\s*)*$/,
      'ip:port[,ip:port…]',
    )
    .optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // a used refresh token presented again within this many seconds answers the same successor (two tabs racing)
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(60).default(REFRESH_TOKEN_REUSE_GRACE_SECONDS),
  // login throttling per (account, address): the first progressive delay, doubling per failure; 0 turns the delay off
  LOGIN_BACKOFF_BASE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  // security log retention (docs/security-log.md): two years by default, never under the one year PIPA asks
  SECURITY_LOG_RETENTION_DAYS: z.coerce.number().int().min(365).max(3650).default(730),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('moim <no-reply@moim.local>'),
  WEB_DIST_DIR: z.string().optional(),
  QUERYDAILY_URL: z.string().url().default('https://querydaily.moim.dev'),
  TRUST_PROXY: bool(false),
  JOBS_ENABLED: bool(true),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  // Off only for test harnesses that log in many times from one address (the e2e server).
  RATE_LIMITS_ENABLED: bool(true),
  // accounts: social login (built-in local provider, Kakao, a generic OpenID Connect provider)
  OAUTH_LOCAL_ENABLED: z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional(),
  KAKAO_CLIENT_ID: z.string().min(1).optional(),
  KAKAO_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_DISPLAY_NAME: z.string().min(1).max(50).default('OpenID Connect'),
  OIDC_SCOPES: z.string().default('openid email profile'),
  // payments (docs/payments.md): the built-in test gateway by default; Toss Payments in production
  PAYMENT_PROVIDER: z.enum(['test', 'toss']).default('test'),
  TOSS_CLIENT_KEY: z
    .string()
    .regex(/^(test|live)_(ck|gck)_[A-Za-z0-9_]+$/, 'a Toss client key (test_ck_… or live_ck_…)')
    .optional(),
  TOSS_SECRET_KEY: z
    .string()
    .regex(/^(test|live)_(sk|gsk)_[A-Za-z0-9_]+$/, 'a Toss secret key (test_sk_… or live_sk_…)')
    .optional(),
  TOSS_API_BASE: z.string().url().default('https://api.tosspayments.com'),
  TEST_GATEWAY_CLIENT_KEY: z.string().min(8).max(200).optional(),
  TEST_GATEWAY_SECRET_KEY: z.string().min(16).max(200).optional(),
  BANK_NAME: z.string().min(1).max(30).default('모임은행'),
  BANK_ACCOUNT_NUMBER: z
    .string()
    .regex(/^[0-9][0-9-]{4,28}[0-9]$/, 'digits and dashes')
    .default('123-456-789012'),
  BANK_ACCOUNT_HOLDER: z.string().min(1).max(30).default('(주)모임'),
  // studio (docs/studio.md): the built-in local analyzer by default; any OpenAI-compatible server
  AI_PROVIDER: z.enum(['local', 'openai']).default('local'),
  AI_BASE_URL: z.string().url().default('https://api.openai.com/v1'),
  AI_MODEL: z.string().min(1).max(200).default('gpt-4o-mini'),
  AI_API_KEY: z.string().min(1).max(500).optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  // observability (docs/observability.md "Metrics"): Prometheus metrics on their own port (bound to
  // METRICS_HOST, loopback by default) and/or at /metrics on the main port behind a bearer token.
  // Neither set: no metrics are collected at all.
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').max(500).optional(),
  // traces (docs/observability.md "Traces"): OTLP/HTTP to this collector (`/v1/traces` is appended);
  // unset, tracing is off and its code is never loaded. Sampling: the standard OTEL_TRACES_SAMPLER.
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .string()
    .regex(/^https?:\/\//, 'must start with http:// or https://')
    .optional(),
  OTEL_SERVICE_NAME: z.string().min(1).max(200).default('moim'),
  // graceful shutdown (docs/operations.md "Shutdown and rolling restarts"): after SIGTERM readiness
  // answers 503 for SHUTDOWN_DRAIN_MS (default 5 s in production, 0 otherwise) while the load
  // balancer notices, then in-flight work finishes; the process exits by SHUTDOWN_TIMEOUT_MS at most.
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(300_000).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(25_000),
  // the jobs navigator's public read caches (docs/job-postings.md "Server cost"): a guest's search
  // page is reused this long unless a posting changes (default 2 s; 0 when NODE_ENV=test, whose
  // tests write rows straight into the database); 0 turns them off, facet and hub counts included
  JOB_POSTINGS_READ_CACHE_MS: z.coerce.number().int().min(0).max(600_000).optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'JWT_SECRET' | 'SHUTDOWN_DRAIN_MS' | 'JOB_POSTINGS_READ_CACHE_MS'> {
  jwtSecret: string;
  /** JOB_POSTINGS_READ_CACHE_MS with its default applied */
  JOB_POSTINGS_READ_CACHE_MS: number;
  /** SHUTDOWN_DRAIN_MS with its default applied */
  SHUTDOWN_DRAIN_MS: number;
  dataDir: string;
  publicUrl: string;
  isProduction: boolean;
  isTest: boolean;
  /** the built-in local OpenID provider (see docs/accounts.md for when it is on) */
  oauthLocalEnabled: boolean;
  /** loopback origins on any port are allowed return-address origins (see http/origin.ts) */
  allowLoopbackOrigins: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parse the environment. Throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // An empty variable counts as unset (e.g. `DATABASE_URL= npm start`).
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
  const e = parsed.data;
  if (e.OIDC_ISSUER && !e.OIDC_CLIENT_ID) {
    throw new ConfigError(['OIDC_CLIENT_ID: required when OIDC_ISSUER is set']);
  }
  if (e.PAYMENT_PROVIDER === 'toss' && (!e.TOSS_CLIENT_KEY || !e.TOSS_SECRET_KEY)) {
    throw new ConfigError(['TOSS_CLIENT_KEY, TOSS_SECRET_KEY: required when PAYMENT_PROVIDER=toss']);
  }
  if (e.AI_PROVIDER === 'openai' && !e.AI_API_KEY) {
    throw new ConfigError(['AI_API_KEY: required when AI_PROVIDER=openai']);
  }
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY) {
    throw new ConfigError(['VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither']);
  }
  const badOrigin = e.ALLOWED_ORIGINS.find((o) => !/^https?:\/\/[^/?#\s]+$/.test(o));
  if (badOrigin) throw new ConfigError([`ALLOWED_ORIGINS: "${badOrigin}" is not an origin (scheme://host[:port], no path)`]);
  if (e.DATABASE_POOL_MODE === 'transaction' && (!e.DATABASE_URL || !e.DATABASE_DIRECT_URL)) {
    throw new ConfigError([
      'DATABASE_DIRECT_URL: required with DATABASE_POOL_MODE=transaction (DATABASE_URL through the pooler, DATABASE_DIRECT_URL to PostgreSQL itself for migrations)',
    ]);
  }
  const dataDir = resolve(e.DATA_DIR);
  const isProduction = e.NODE_ENV === 'production';
  let jwtSecret = e.JWT_SECRET;
  if (!jwtSecret) {
    if (isProduction && e.DATABASE_URL) {
      throw new ConfigError(['JWT_SECRET: required in production with an external database (at least 32 characters)']);
    }
    jwtSecret = overrides.jwtSecret ?? persistedSecret(dataDir, e.NODE_ENV === 'test');
  }
  const { JWT_SECRET: _omit, ...rest } = e;
  return {
    ...rest,
    jwtSecret,
    SHUTDOWN_DRAIN_MS: e.SHUTDOWN_DRAIN_MS ?? (isProduction ? 5_000 : 0),
    JOB_POSTINGS_READ_CACHE_MS: e.JOB_POSTINGS_READ_CACHE_MS ?? (e.NODE_ENV === 'test' ? 0 : 2_000),
    dataDir,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    isProduction,
    isTest: e.NODE_ENV === 'test',
    oauthLocalEnabled: localOAuthEnabled(e),
    allowLoopbackOrigins: loopbackOriginsAllowed(e),
    ...overrides,
  };
}

/**
 * The local OpenID provider lets anyone sign in with a made-up identity, so it is off in a real
 * deployment: on unless NODE_ENV=production with a PUBLIC_URL that is not localhost (the
 * `npm start` try-out keeps it); OAUTH_LOCAL_ENABLED=true/false overrides either way.
 */
function localOAuthEnabled(e: Env): boolean {
  if (e.OAUTH_LOCAL_ENABLED !== undefined) return ['true', '1', 'yes'].includes(e.OAUTH_LOCAL_ENABLED);
  if (e.NODE_ENV !== 'production') return true;
  return !e.PUBLIC_URL || isLoopbackUrl(e.PUBLIC_URL);
}

const isLoopbackUrl = (url: string) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);

/** Loopback origins (any port) are fine to return to outside production and for a localhost PUBLIC_URL. */
function loopbackOriginsAllowed(e: Env): boolean {
  if (e.ALLOW_LOOPBACK_ORIGINS !== undefined) return ['true', '1', 'yes'].includes(e.ALLOW_LOOPBACK_ORIGINS);
  if (e.NODE_ENV !== 'production') return true;
  return !e.PUBLIC_URL || isLoopbackUrl(e.PUBLIC_URL);
}

/** Zero-config start: a random signing secret kept in the data folder so tokens survive restarts. */
function persistedSecret(dataDir: string, ephemeral: boolean): string {
  if (ephemeral) return randomBytes(32).toString('hex');
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
