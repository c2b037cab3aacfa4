/**
 * Test harness for server integration tests: a real Fastify app on a real database of its own
 * (a PGlite clone of the migrated template, or a fresh PostgreSQL database when DATABASE_URL is
 * set), driven over HTTP with `inject` or a listening socket.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.ts';
import { closeContext, createContext } from '../src/bootstrap.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import type { ModuleApis, ModuleOverrides } from '../src/modules/index.ts';
import type { Seeder } from '../src/seed/index.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import type { AddressPolicy, Resolver } from '../src/providers/fetch/index.ts';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** the modules' typed public interfaces, as the composition root wired them */
  api: ModuleApis;
  /** a module's seeder (demo content), by module name */
  seeder(moduleName: string): Seeder;
  /** inject and parse the JSON body */
  call<T = any>(
    opts: InjectOptions,
  ): Promise<{ status: number; body: T; headers: LightMyRequestResponse['headers']; res: LightMyRequestResponse }>;
  close(): Promise<void>;
  /** the prefix of this app's Redis keys (when REDIS_URL is set) */
  redisKeyPrefix: string;
}

function dbUrl(base: string, name: string) {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A database of this test file's own. */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  const tpl = inject('pgTemplate');
  if (url && tpl) {
    const name = `moim_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // Cloning a template fails while another clone of it is in progress: retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${tpl}`);
        break;
      } catch (err) {
        if (attempt > 40 || !/being accessed by other users/.test((err as Error).message)) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    await admin.end();
    // TEST_PGBOUNCER=1 or TEST_PGBOUNCER_URL (test/global-setup.ts): the suite through a
    // transaction-pooling PgBouncer in front of the same server (docs/operations.md "Behind
    // PgBouncer"); its own database is reached by the same name, migrations went direct
    const bouncer = inject('pgBouncerUrl');
    const database = await openDatabase(
      bouncer
        ? { url: dbUrl(bouncer, name), poolMode: 'transaction', directUrl: dbUrl(url, name), poolMax: 10 }
        : { url: dbUrl(url, name), poolMax: 10 },
    );
    return {
      database,
      drop: async () => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const file = inject('pgliteTemplate');
  const database = await openDatabase({ loadDataDir: new Blob([readFileSync(file)]) });
  return { database, drop: async () => undefined };
}

export interface TestAppOptions {
  env?: Record<string, string>;
  config?: Partial<Config>;
  rateLimits?: boolean;
  serveWeb?: boolean;
  /** with `serveWeb`: render the pages with one address once the app listens (http/web-render.ts `warm`) */
  warmRenderedPages?: boolean;
  /** register extra routes (e.g. to throw a given error) before the app is ready */
  extend?: (app: FastifyInstance) => void | Promise<void>;
  /** let `ctx.fetcher` reach a local test server (see providers/fetch) */
  fetchPolicy?: AddressPolicy;
  fetchResolver?: Resolver;
  /** a second instance: the same database and the same Redis keys as this app (closing it leaves them) */
  instanceOf?: TestApp;
  /** run on this database (left open on close): a second app on it plays a restarted server */
  database?: Database;
  /** test doubles in place of a module's interface (they implement the real type) */
  overrides?: ModuleOverrides;
  /** the app's own logger (as the server builds it from LOG_LEVEL and the rest) writes here */
  logDestination?: pino.DestinationStream;
}

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const shared = opts.instanceOf;
  const sharedDb = shared?.ctx.database ?? opts.database;
  const { database, drop } = sharedDb ? { database: sharedDb, drop: async () => undefined } : await openTestDatabase();
  const redisKeyPrefix = shared?.redisKeyPrefix ?? `moim-test:${randomBytes(4).toString('hex')}:`;
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: '/tmp/moim-test-unused',
      SEED_DEMO: 'false',
      JOBS_ENABLED: 'false',
      // The request's database budget sheds load in production (1.5 s); these tests check behaviour
      // on a shared, sometimes starved machine (the PostgreSQL suite runs at nice 10 beside the
      // rest), so a request gets 20 s here. The budget itself: db/guard.test.ts, db/breaker.test.ts.
      DB_REQUEST_BUDGET_MS: '20000',
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      ...opts.env,
    },
    // a second instance signs and verifies with the first one's key
    shared ? { jwtSecret: shared.ctx.config.jwtSecret, ...opts.config } : opts.config,
  );
  const ctx = await createContext(config, {
    database,
    ...(opts.logDestination
      ? { logDestination: opts.logDestination }
      : { logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }) }),
    rateLimits: opts.rateLimits ?? false,
    redisKeyPrefix,
    ...(opts.fetchPolicy ? { fetchPolicy: opts.fetchPolicy } : {}),
    ...(opts.fetchResolver ? { fetchResolver: opts.fetchResolver } : {}),
  });
  const app = await buildApp(ctx, {
    serveWeb: opts.serveWeb ?? false,
    warmRenderedPages: opts.warmRenderedPages ?? false,
    ...(opts.overrides ? { overrides: opts.overrides } : {}),
  });
  await opts.extend?.(app);
  await app.ready();
  return {
    app,
    ctx,
    api: app.apis,
    seeder(name) {
      const s = app.modules.find((m) => m.name === name)?.seeder;
      if (!s) throw new Error(`module ${name} has no seeder`);
      return s;
    },
    redisKeyPrefix,
    async call(o) {
      const res = await app.inject(o);
      let body: any;
      try {
        body = res.body ? JSON.parse(res.body) : undefined;
      } catch {
        body = res.body;
      }
      return { status: res.statusCode, body, headers: res.headers, res };
    },
    async close() {
      await app.close();
      if (sharedDb) {
        await ctx.jobs.stop();
        await ctx.redis.close().catch(() => undefined);
        return;
      }
      await closeContext(ctx);
      await drop();
    },
  };
}
