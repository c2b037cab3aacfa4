/**
 * The fault suite's harness (docs/operations.md): the built server (`apps/server/dist/main.js`)
 * as real processes, a redis-server of the suite's own on a free port (never the machine's
 * shared 6379), fresh PostgreSQL databases, a TCP proxy that can refuse or hang, an HTTP proxy
 * that alternates between instances, and a small load generator that records what it saw. The
 * HTTP client is client.ts and the proxies and balancers network.ts; this file re-exports both.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { nextTotpCode } from '../../src/modules/auth/second-factor-test-kit.ts';
import { freePort } from '../free-port.ts';
import { PGBOUNCER_BIN, startPgbouncer as startPgbouncerFor, type PgBouncerProcess } from '../pgbouncer.ts';

export const MAIN = new URL('../../dist/main.js', import.meta.url).pathname;
export const PG_BASE_URL = process.env.FAULTS_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
export const JWT_SECRET = 'fault-suite-secret-0123456789abcdef0123456789';

import { request, sleep, type Reply } from './client.ts';

export { freePort };

export function tempDir(prefix: string): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/* The server ------------------------------------------------------------------------------ */

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  /** how many log lines so far carry this message (`"msg":"…"`), counted as they arrive */
  logCount(msg: string): number;
  exited: Promise<number | null>;
  /** Resolves when readiness answers 200 (throws if the process exits or `ms` pass). */
  ready(ms?: number): Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export async function startServer(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`node scripts/start.mjs --build-only\` first`);
  const p = port ?? (await freePort());
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      HOST: '127.0.0.1',
      PORT: String(p),
      JWT_SECRET,
      OAUTH_LOCAL_ENABLED: 'false',
      SHUTDOWN_DRAIN_MS: '0', // no load balancer to wait for, unless a scenario sets one
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let partial = '';
  const messages = new Map<string, number>();
  const onData = (d: Buffer) => {
    out = (out + d).slice(-20_000);
    const lines = (partial + d).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const msg = /"msg":"((?:[^"\\]|\\.)*)"/.exec(line)?.[1];
      if (msg !== undefined) messages.set(msg, (messages.get(msg) ?? 0) + 1);
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let gone = false;
  void exited.then(() => (gone = true));
  const url = `http://127.0.0.1:${p}`;
  return {
    url,
    port: p,
    child,
    output: () => out,
    logCount: (msg) => messages.get(msg) ?? 0,
    exited,
    async ready(ms = 90_000) {
      const deadline = Date.now() + ms;
      while (Date.now() < deadline) {
        if (gone) throw new Error(`server exited before it was ready:\n${out}`);
        const r = await request(url, 'GET', '/api/health/ready', undefined, undefined, 2_000).catch(() => null);
        if (r?.status === 200) return;
        await sleep(150);
      }
      throw new Error(`server not ready after ${ms} ms:\n${out}`);
    },
    async kill(signal: NodeJS.Signals = 'SIGTERM') {
      if (gone) return;
      child.kill(signal);
      await exited;
    },
  };
}

export { request, type Reply };

/**
 * The bootstrapped admin (ADMIN_EMAIL) signed in with a second factor, as admin powers require
 * (docs/accounts-factors.md "The admin gate"): password sign-in, TOTP enrolled through the API
 * (the sign-in is the fresh proof enrolment asks for), then the two-step sign-in. The session's
 * access token.
 */
export async function adminWithSecondFactor(base: string, admin: { email: string; password: string }): Promise<string> {
  const first = await request(base, 'POST', '/api/auth/login', admin);
  if (first.status !== 200) throw new Error(`admin sign-in: ${first.status} ${JSON.stringify(first.body)}`);
  const token = first.body.data.accessToken as string;
  const setup = await request(base, 'POST', '/api/auth/second-factor/totp/setup', {}, token);
  if (setup.status !== 200) throw new Error(`TOTP setup: ${setup.status} ${JSON.stringify(setup.body)}`);
  const secret = setup.body.data.secret as string;
  const confirmed = await request(base, 'POST', '/api/auth/second-factor/totp/confirm', { code: await nextTotpCode(secret) }, token);
  if (confirmed.status !== 200) throw new Error(`TOTP confirm: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  const challenge = await request(base, 'POST', '/api/auth/login', admin);
  const second = await request(base, 'POST', '/api/auth/second-factor/login', {
    challengeToken: challenge.body?.error?.details?.challengeToken,
    code: await nextTotpCode(secret),
  });
  if (second.status !== 200) throw new Error(`second step: ${second.status} ${JSON.stringify(second.body)}`);
  return second.body.data.accessToken as string;
}

/** Registers a user; answers the login tokens. */
export async function register(base: string, tag: string) {
  const email = `${tag}-${randomBytes(4).toString('hex')}@faults.test`;
  const password = 'fault-suite-pw-1';
  const r = await request(base, 'POST', '/api/users/register', { email, password, name: tag.slice(0, 20) });
  if (r.status !== 200 && r.status !== 201) throw new Error(`register ${r.status}: ${JSON.stringify(r.body)}`);
  return {
    email,
    password,
    id: r.body.data.user.id as string,
    token: r.body.data.accessToken as string,
    refresh: r.body.data.refreshToken as string,
  };
}

/* Load ------------------------------------------------------------------------------------ */

export interface LoadStats {
  total: number;
  byStatus: Record<string, number>;
  latencies: number[];
}

export function newStats(): LoadStats {
  return { total: 0, byStatus: {}, latencies: [] };
}

export function record(stats: LoadStats, r: Reply) {
  stats.total++;
  stats.byStatus[r.status] = (stats.byStatus[r.status] ?? 0) + 1;
  stats.latencies.push(r.ms);
}

export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

export function summary(stats: LoadStats): string {
  const l = stats.latencies;
  return `${stats.total} requests, statuses ${JSON.stringify(stats.byStatus)}, p50 ${percentile(l, 50).toFixed(0)} ms, p99 ${percentile(l, 99).toFixed(0)} ms, max ${Math.max(0, ...l).toFixed(0)} ms`;
}

export function count5xx(stats: LoadStats): number {
  return Object.entries(stats.byStatus)
    .filter(([s]) => Number(s) >= 500 || Number(s) === 0)
    .reduce((n, [, c]) => n + c, 0);
}

/** Runs `worker` in `concurrency` loops until `stop()` is called. */
export function loop(concurrency: number, worker: (i: number) => Promise<void>) {
  let running = true;
  const loops = Array.from({ length: concurrency }, async (_, i) => {
    while (running) await worker(i);
  });
  return {
    stop: async () => {
      running = false;
      await Promise.allSettled(loops);
    },
  };
}

/* Redis ----------------------------------------------------------------------------------- */

export interface RedisProcess {
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** SIGSTOP / SIGCONT: a Redis that hangs (connections stay open, nothing answers) */
  freeze(): void;
  thaw(): void;
  cli(...args: string[]): Promise<string>;
}

export async function startRedis(): Promise<RedisProcess> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const cli = (...args: string[]) =>
    new Promise<string>((resolve, reject) => {
      const c = spawn('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args]);
      let out = '';
      c.stdout.on('data', (d) => (out += d));
      c.on('error', reject);
      c.on('exit', () => resolve(out.trim()));
    });
  const self: RedisProcess = {
    url: `redis://127.0.0.1:${port}`,
    port,
    cli,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      for (let i = 0; i < 100; i++) {
        if ((await cli('ping').catch(() => '')) === 'PONG') return;
        await sleep(50);
      }
      throw new Error('redis-server did not start');
    },
    freeze() {
      child?.kill('SIGSTOP');
    },
    thaw() {
      child?.kill('SIGCONT');
    },
    async stop() {
      if (!child) return;
      const c = child;
      child = null;
      const gone = new Promise((r) => c.on('exit', r));
      c.kill('SIGKILL');
      await gone;
    },
  };
  await self.start();
  return self;
}

/* PostgreSQL -------------------------------------------------------------------------------- */

export function databaseUrl(name: string, base = PG_BASE_URL): string {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function postgresAvailable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_BASE_URL, connectionTimeoutMillis: 2_000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** A fresh, empty database for this run (the server migrates it); `drop` removes it. */
export async function freshDatabase(tag: string): Promise<{ name: string; url: string; query: pg.Pool['query']; drop(): Promise<void> }> {
  const name = `moim_fault_${tag}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_BASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: databaseUrl(name), max: 2 });
  // An idle connection the server ends (a restart, an administrator's termination) is dropped
  // from the pool and reported here; a query in flight still fails where it was made.
  pool.on('error', (err) => console.log(`[faults] ${name}: an idle connection ended (${err.message})`));
  return {
    name,
    url: databaseUrl(name),
    query: pool.query.bind(pool) as pg.Pool['query'],
    async drop() {
      await pool.end();
      const c = new pg.Client({ connectionString: PG_BASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export { sleep };

/* PgBouncer --------------------------------------------------------------------------------- */

export { PGBOUNCER_BIN, type PgBouncerProcess };

/** A transaction-mode PgBouncer in front of PG_BASE_URL's server (test/pgbouncer.ts). */
export function startPgbouncer(): Promise<PgBouncerProcess> {
  return startPgbouncerFor(PG_BASE_URL);
}

export * from './network.ts';
