/**
 * The fault suite's harness (docs/operations.md): the built server (`apps/server/dist/main.js`)
 * as real processes, a redis-server of the suite's own on a free port (never the machine's
 * shared 6379), fresh PostgreSQL databases, a TCP proxy that can refuse or hang, an HTTP proxy
 * that alternates between instances, and a small load generator that records what it saw.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { nextTotpCode } from '../../src/modules/auth/second-factor-test-kit.ts';
import { freePort } from '../free-port.ts';
import { PGBOUNCER_BIN, startPgbouncer as startPgbouncerFor, type PgBouncerProcess } from '../pgbouncer.ts';

export const MAIN = new URL('../../dist/main.js', import.meta.url).pathname;
export const PG_BASE_URL = process.env.FAULTS_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
export const JWT_SECRET = 'fault-suite-secret-0123456789abcdef0123456789';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

/* HTTP ------------------------------------------------------------------------------------ */

export interface Reply<T = any> {
  status: number;
  body: T;
  ms: number;
  /** response headers, lower-case names ({} for a request that timed out) */
  headers: Record<string, string>;
}

/** One JSON request with its own time-out (a hung server answers status 0 here). */
export function request<T = any>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  timeoutMs = 10_000,
  extraHeaders: Record<string, string> = {},
): Promise<Reply<T>> {
  const t0 = performance.now();
  const headers: Record<string, string> = { ...extraHeaders };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(base + path, {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  }).then(
    async (res) => {
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        /* not JSON */
      }
      return { status: res.status, body: parsed as T, ms: performance.now() - t0, headers: Object.fromEntries(res.headers) };
    },
    (err: Error) => {
      if (err.name === 'TimeoutError') return { status: 0, body: undefined as T, ms: performance.now() - t0, headers: {} };
      throw err;
    },
  );
}

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

/* A TCP proxy that can fail --------------------------------------------------------------- */

export type ProxyMode = 'pass' | 'refuse' | 'hang';

export interface TcpProxy {
  port: number;
  mode: ProxyMode;
  /** connections accepted so far (refused ones included) */
  accepted: number;
  /** refuse: close every connection at once; hang: accept and forward nothing, either way */
  set(mode: ProxyMode): void;
  close(): Promise<void>;
}

export async function tcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket | null }>();
  let mode: ProxyMode = 'pass';
  const server = net.createServer((client) => {
    proxy.accepted++;
    client.on('error', () => undefined);
    if (mode === 'refuse') return client.destroy();
    const pair = { client, upstream: null as net.Socket | null };
    pairs.add(pair);
    client.on('close', () => {
      pair.upstream?.destroy();
      pairs.delete(pair);
    });
    if (mode === 'hang') {
      client.pause(); // a black hole: nothing is read or answered
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    pair.upstream = upstream;
    upstream.on('error', () => client.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  const proxy: TcpProxy = {
    port,
    mode,
    accepted: 0,
    set(next) {
      mode = next;
      proxy.mode = next;
      for (const p of pairs) {
        if (next === 'refuse') {
          p.client.destroy();
          p.upstream?.destroy();
        } else if (next === 'hang') {
          // Established connections stop moving bytes in both directions.
          p.client.unpipe();
          p.upstream?.unpipe();
          p.client.pause();
          p.upstream?.pause();
        }
      }
      if (next === 'pass') {
        // Connections held while hanging are dropped: their clients see a reset and reconnect.
        for (const p of pairs) if (p.upstream === null || p.client.isPaused()) p.client.destroy();
      }
    },
    async close() {
      for (const p of pairs) {
        p.client.destroy();
        p.upstream?.destroy();
      }
      await new Promise((r) => server.close(r));
    },
  };
  return proxy;
}

/* An HTTP proxy alternating between instances ---------------------------------------------- */

export interface Balancer {
  url: string;
  /** how many requests went to each target */
  counts: number[];
  close(): Promise<void>;
}

export async function roundRobin(targets: string[]): Promise<Balancer> {
  let next = 0;
  const counts = targets.map(() => 0);
  const server = http.createServer((req, res) => {
    const i = next++ % targets.length;
    counts[i]!++;
    const target = new URL(targets[i]!);
    const up = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, 'x-instance': String(i) } },
      (r) => {
        res.writeHead(r.statusCode ?? 502, { ...r.headers, 'x-served-by': String(i) });
        r.pipe(res);
      },
    );
    up.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(up);
  });
  // WebSocket upgrades (the live channel) alternate too: the handshake and then the bytes both ways
  const tunnels = new Set<net.Socket>();
  server.on('upgrade', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const i = next++ % targets.length;
    counts[i]!++;
    const target = new URL(targets[i]!);
    const up = net.connect(Number(target.port), target.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let k = 0; k < req.rawHeaders.length; k += 2) lines.push(`${req.rawHeaders[k]}: ${req.rawHeaders[k + 1]}`);
      up.write(lines.join('\r\n') + '\r\n\r\n');
      if (head.length > 0) up.write(head);
      up.pipe(client);
      client.pipe(up);
    });
    for (const s of [up, client]) {
      tunnels.add(s);
      s.on('close', () => tunnels.delete(s));
      s.on('error', () => {
        up.destroy();
        client.destroy();
      });
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    counts,
    close: () =>
      new Promise((r) => {
        for (const s of tunnels) s.destroy();
        server.close(() => r());
      }),
  };
}

export { sleep };

/* PgBouncer --------------------------------------------------------------------------------- */

export { PGBOUNCER_BIN, type PgBouncerProcess };

/** A transaction-mode PgBouncer in front of PG_BASE_URL's server (test/pgbouncer.ts). */
export function startPgbouncer(): Promise<PgBouncerProcess> {
  return startPgbouncerFor(PG_BASE_URL);
}

/* A load balancer that probes readiness ------------------------------------------------------ */

/**
 * What a real balancer does in a rolling restart: probes each target's readiness every `probeMs`
 * and sends requests only to ready ones (round robin); a request whose connection failed before
 * any answer (refused, reset) is retried on another ready target, as nginx's
 * `proxy_next_upstream error` does. Only for requests without a body (the load is reads).
 */
export async function readinessBalancer(targets: string[], probeMs = 100): Promise<Balancer & { retried: number }> {
  const ready = targets.map(() => true);
  const counts = targets.map(() => 0);
  const agent = new http.Agent({ keepAlive: true });
  let next = 0;
  let stopped = false;
  const probes = targets.map(async (t, i) => {
    while (!stopped) {
      const r = await request(t, 'GET', '/api/health/ready', undefined, undefined, 1_000).catch(() => null);
      ready[i] = r?.status === 200;
      await sleep(probeMs);
    }
  });
  const pick = (exclude: number) => {
    for (let k = 0; k < targets.length; k++) {
      const i = next++ % targets.length;
      if (ready[i] && i !== exclude) return i;
    }
    return -1;
  };
  const state = { retried: 0 };
  const server = http.createServer((req, res) => {
    const attempt = (tries: number, last: number) => {
      const i = pick(last);
      if (i < 0) return void res.writeHead(502).end();
      counts[i]!++;
      const target = new URL(targets[i]!);
      const up = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, connection: 'keep-alive' },
        },
        (r) => {
          res.writeHead(r.statusCode ?? 502, { ...r.headers, connection: 'keep-alive', 'x-served-by': String(i) });
          r.pipe(res);
        },
      );
      up.on('error', () => {
        if (res.headersSent) return void res.destroy();
        if (tries > 0) {
          state.retried++;
          attempt(tries - 1, i);
        } else res.writeHead(502).end();
      });
      up.end();
    };
    attempt(3, -1);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    counts,
    get retried() {
      return state.retried;
    },
    close: async () => {
      stopped = true;
      await Promise.all(probes);
      agent.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
