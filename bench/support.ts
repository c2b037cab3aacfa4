/**
 * Shared helpers for benchmarks: a real app on a throw-away PGlite (or DATABASE_URL), a bare
 * Fastify route in the same process to compare against, and autocannon on loopback.
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../apps/server/src/app.ts';
import { closeContext, createContext } from '../apps/server/src/bootstrap.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';

/**
 * A database of the bench's own on the PostgreSQL server of `url` (created empty, dropped by
 * `drop()`), so a benchmark never touches the tables of the database it was pointed at.
 */
export async function benchDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `moim_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * The app on a throw-away PGlite folder, or on PostgreSQL: `databaseUrl` when given (see
 * benchDatabase), else, with DATABASE_URL set, a throw-away database of its own on that server
 * (created here, dropped by `close()`): a bench never writes into the database it was pointed at,
 * so a second run does not meet the first one's rows.
 */
export async function startBenchApp(
  extraEnv: Record<string, string> = {},
  /** extra routes to compare, added next to the bare one before the app listens */
  extend?: (app: Awaited<ReturnType<typeof buildApp>>, ctx: AppContext) => void,
  databaseUrl?: string,
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'moim-bench-'));
  const own =
    databaseUrl === undefined && extraEnv.DATABASE_URL === undefined && process.env.DATABASE_URL
      ? await benchDatabase(process.env.DATABASE_URL)
      : undefined;
  const url = databaseUrl ?? own?.url ?? (extraEnv.DATABASE_URL === undefined ? process.env.DATABASE_URL : undefined);
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    JOBS_ENABLED: 'false',
    ...(url ? { DATABASE_URL: url, JWT_SECRET: randomBytes(32).toString('hex') } : {}),
    ...extraEnv,
  });
  const ctx = await createContext(config, { logger: pino({ level: 'silent' }), rateLimits: false });
  const app = await buildApp(ctx);
  // The baseline: a bare route in the same process, through the same plugins.
  app.get('/bench/bare', async () => ({ success: true, data: { ok: true } }));
  extend?.(app, ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  return {
    app,
    ctx: ctx as AppContext,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await closeContext(ctx);
      await own?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface LoadResult {
  label: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/**
 * autocannon (9.0) keeps every response's body as a string (`req.body += chunk`: a UTF-8 decode
 * of each chunk) for its `expectBody`/`verifyBody` options, which the benches do not use. Running
 * in the server's process and thread, that client-side decode was counted against the server, and
 * in proportion to the body's size: ~7 % of the thread's samples on the ~11 KB (mostly Hangul) study
 * list page, nothing on the bare route's 40 bytes (measured with a CPU profile of the server). Each client's
 * queue gets a no-op `addBody` instead; status codes, bytes and latencies are counted as before.
 * BENCH_KEEP_BODIES=1 restores autocannon's own behaviour.
 */
const BENCH_KEEP_BODIES = process.env.BENCH_KEEP_BODIES === '1';
function dropBodies(client: unknown): void {
  const q = (client as { pipelinedRequests?: { addBody?: (data: unknown) => void } }).pipelinedRequests;
  if (!q || typeof q.addBody !== 'function')
    throw new Error('autocannon changed: no pipelinedRequests.addBody to replace (see dropBodies)');
  q.addBody = () => {};
}

export async function load(
  label: string,
  url: string,
  opts: { headers?: Record<string, string>; duration?: number; connections?: number } = {},
): Promise<LoadResult> {
  const r = await autocannon({
    url,
    connections: opts.connections ?? 20,
    duration: opts.duration ?? Number(process.env.BENCH_SECONDS ?? 5),
    headers: opts.headers ?? {},
    ...(BENCH_KEEP_BODIES ? {} : { setupClient: dropBodies }),
  });
  const l = r.latency as unknown as Record<string, number>;
  return {
    label,
    rps: Math.round(r.requests.average),
    p50: l.p50 ?? 0,
    p95: l.p97_5 ?? l.p95 ?? 0,
    p99: l.p99 ?? 0,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

export function printTable(rows: LoadResult[], baseline?: LoadResult) {
  for (const row of rows) {
    const ratio = baseline ? ` (${((row.rps / baseline.rps) * 100).toFixed(0)} % of bare)` : '';
    console.log(
      `${row.label.padEnd(44)} ${String(row.rps).padStart(7)} req/s  p50 ${row.p50} ms  p97.5 ${row.p95} ms  p99 ${row.p99} ms  errors ${row.errors + row.non2xx}${ratio}`,
    );
  }
}

/**
 * One target of issue 19 for the summary `npm run bench` prints at the end (bench/run.mjs
 * collects these lines from every bench's output).
 */
export interface TargetLine {
  /** what is measured, e.g. "GET /api/studies/paged, no cache, 10,000 studies" */
  what: string;
  /** pglite | postgres | web … */
  on: string;
  figure: string;
  target: string;
  met: boolean;
}

export function reportTarget(t: TargetLine): void {
  console.log(`##target ${JSON.stringify(t)}`);
}

/**
 * The production server bundle (SERVER_MAIN, default apps/server/dist/main.js from `npm run
 * build`) serving the web build `dist` on a free port, on a throw-away PGlite folder with the
 * demo content (the flagship study /study/1-tecoteco …): what a visitor's browser meets.
 */
export async function startBuiltServer(dist: string): Promise<{ base: string; close(): Promise<void> }> {
  const { spawn } = await import('node:child_process');
  const { createServer } = await import('node:net');
  const root = new URL('..', import.meta.url).pathname;
  // BENCH_PORT: a fixed port (a shared machine where each user has its own range)
  const port = process.env.BENCH_PORT
    ? Number(process.env.BENCH_PORT)
    : await new Promise<number>((resolve) => {
        const s = createServer().listen(0, '127.0.0.1', () => {
          const p = (s.address() as { port: number }).port;
          s.close(() => resolve(p));
        });
      });
  const dataDir = mkdtempSync(join(tmpdir(), 'moim-web-bench-'));
  const server = spawn(process.execPath, [process.env.SERVER_MAIN ?? join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      WEB_DIST_DIR: dist,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: 'inherit',
  });
  const base = `http://127.0.0.1:${port}`;
  // first start seeds the demo content: slow on a busy machine
  for (let i = 0; i < 900; i++) {
    try {
      if ((await fetch(`${base}/api/health/ready`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  // Once it listens, the server renders its pages with one address and cuts their fonts in the
  // background (http/web-render.ts `warm`): measured once that is done, as a visitor a few seconds
  // after a start meets it (the projects list stands for them; a build without server rendering
  // has nothing to wait for).
  const settled = Date.now();
  for (let i = 0; i < 150; i++) {
    const html = await fetch(`${base}/project`).then(
      (r) => r.text(),
      () => '',
    );
    if (!html.includes('data-rendered-query') || html.includes('/assets/page-fonts/')) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  if (Date.now() - settled > 400)
    console.log(`(the server's rendered pages settled ${((Date.now() - settled) / 1000).toFixed(1)} s after it was ready)`);
  return {
    base,
    async close() {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  wasm: 'application/wasm',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
};

/**
 * Another client's production build (a folder with an index.html and its static files; the
 * original product's client for web-budget.bench.ts, ORIGINAL_CLIENT_DIR) served the way the
 * built server serves moim's dist (apps/server/src/http/web-static.ts and app.ts):
 * - HTTP/1.1 on loopback, no TLS, one process;
 * - brotli, else gzip, for every file over 1 KB the compress plugin would compress (app.ts:
 *   threshold 1 KB, mime-db's compressible types: text, JSON, SVG, and also TTF fonts): the
 *   folder's own .br/.gz when it has them, as @fastify/static's preCompressed does, else made here
 *   once at start: the kinds of file moim's build precompresses (apps/web/scripts/postbuild.mjs:
 *   JS, CSS, HTML, SVG, JSON, text) with its settings (brotli quality 11, gzip -9), the rest (the
 *   TTF fonts of the original's build) as the plugin does on the fly (brotli 4, gzip 6: quality 11
 *   on ~12 MB of fonts took over a minute). The plugin would compress the other build per request,
 *   costing it server time and bytes moim does not pay;
 * - cache-control: the hashed files (`static/` of a create-react-app build, `assets/` of a Vite
 *   one) immutable for a year, HTML no-cache, the rest an hour;
 * - any GET of a path without a file extension that is not a file gets index.html (200,
 *   no-cache): the SPA fallback, as moim's server gives its shell (moim's own pages are
 *   prerendered or server-rendered instead, which is moim's, not the server's, doing).
 * Not moim's server itself (it takes WEB_DIST_DIR): its content-security policy allows moim's
 * inline scripts by hash only and would block a foreign build's inline scripts (a
 * create-react-app build inlines its runtime), and it would look for moim's prerendered and
 * server-rendered pages in that folder.
 */
export async function startStaticServer(dir: string): Promise<{ base: string; close(): Promise<void> }> {
  const { createServer } = await import('node:http');
  const { existsSync: exists, readFileSync: read, readdirSync: list, statSync: stat } = await import('node:fs');
  const { brotliCompressSync, constants, gzipSync } = await import('node:zlib');
  const { extname, normalize, resolve, sep: s } = await import('node:path');
  const root = resolve(dir);
  const typeOf = (file: string) => CONTENT_TYPES[extname(file).slice(1).toLowerCase()] ?? 'application/octet-stream';
  // what the compress plugin compresses (mime-db's "compressible"): all but the formats that are compressed already
  const compressible = (file: string) => !/^(image\/(png|jpeg|gif|webp|avif)|font\/woff2?|video\/|audio\/)/.test(typeOf(file));
  type Encoded = { br?: Buffer; gzip?: Buffer };
  const encoded = new Map<string, Encoded>();
  const walk = (d: string) => {
    for (const entry of list(d, { withFileTypes: true })) {
      const p = join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (compressible(p) && !/\.(br|gz)$/.test(entry.name) && stat(p).size > 1024) {
        const own = (suffix: string) => (exists(p + suffix) ? read(p + suffix) : undefined);
        const buf = read(p);
        const built = /\.(js|css|html|svg|json|txt|webmanifest)$/.test(entry.name); // what postbuild.mjs precompresses
        encoded.set(p, {
          br: own('.br') ?? brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: built ? 11 : 4 } }),
          gzip: own('.gz') ?? gzipSync(buf, { level: built ? 9 : 6 }),
        });
      }
    }
  };
  walk(root);
  const index = join(root, 'index.html');
  const server = createServer((req, res) => {
    let path: string;
    try {
      path = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    } catch {
      res.writeHead(400).end();
      return;
    }
    let file = normalize(join(root, path));
    if (file !== root && !file.startsWith(root + s)) {
      res.writeHead(403).end();
      return;
    }
    const isFile = exists(file) && stat(file).isFile();
    if (!isFile) {
      if ((req.method === 'GET' || req.method === 'HEAD') && !/\.[a-z0-9]{1,8}$/i.test(path)) file = index;
      else {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
        return;
      }
    }
    const rel = file.slice(root.length + 1);
    const headers: Record<string, string> = {
      'content-type': typeOf(file),
      'cache-control': /^(static|assets)\//.test(rel)
        ? 'public, max-age=31536000, immutable'
        : file.endsWith('.html')
          ? 'no-cache'
          : 'public, max-age=3600',
    };
    const enc = encoded.get(file);
    const accepts = String(req.headers['accept-encoding'] ?? '');
    let body: Buffer;
    if (enc?.br && /\bbr\b/.test(accepts)) [body, headers['content-encoding']] = [enc.br, 'br'];
    else if (enc?.gzip && /\bgzip\b/.test(accepts)) [body, headers['content-encoding']] = [enc.gzip, 'gzip'];
    else body = read(file);
    if (enc) headers.vary = 'accept-encoding';
    headers['content-length'] = String(body.length);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  const port = process.env.BENCH_ORIGINAL_PORT ? Number(process.env.BENCH_ORIGINAL_PORT) : 0;
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  return {
    base: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

/**
 * The database's own work for one statement with its values: planning + execution from EXPLAIN
 * (ANALYZE, TIMING OFF), the median of 21 runs, in ms (the projects and jobs benches' share the
 * database's work leaves a bare route).
 */
export async function statementWorkMs(
  database: { exec(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> },
  st: { text: string; values: unknown[] },
): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i < 21; i++) {
    const plan = await database.exec(`explain (analyze, timing off) ${st.text}`, st.values);
    const text = plan.rows.map((r) => (r as { 'QUERY PLAN': string })['QUERY PLAN']).join('\n');
    const ms = (name: string) => Number(new RegExp(`${name} Time: ([\\d.]+) ms`).exec(text)?.[1] ?? NaN);
    runs.push(ms('Planning') + ms('Execution'));
  }
  runs.sort((a, b) => a - b);
  return runs[10]!;
}
