/**
 * Starts the real built platform (apps/server/dist/main.js serving apps/web/dist) on a free
 * port with a throw-away data folder and the demo content, and waits until it is ready. A second
 * local origin (a bare page on another port, listed in CORS_ORIGINS) lets journeys call the API
 * cross-origin the way a separately hosted client does (cors.e2e.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../apps/server/test/free-port.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** the same server under its other loopback name (PUBLIC_URL): return addresses must follow the address opened */
    altBaseURL: string;
    dataDir: string;
    /** another origin, allowed by the server's CORS_ORIGINS, serving a blank page */
    crossOrigin: string;
    /** the port a journey's own push service listens on (the server may push to it: WEB_PUSH_PRIVATE_SERVICES) */
    pushPort: number;
  }
}

/** how many of the server's last output lines an unexpected exit reports */
const RECENT_LINES = 60;

export default async function setup(project: TestProject) {
  const root = new URL('../..', import.meta.url).pathname;
  const dataDir = mkdtempSync(join(tmpdir(), 'moim-e2e-'));
  const port = await freePort();
  // The journeys browse at 127.0.0.1 while PUBLIC_URL says localhost (and a few at localhost):
  // card payment and social login must work at whichever address the visitor opened.
  const baseURL = `http://127.0.0.1:${port}`;
  const altBaseURL = `http://localhost:${port}`;
  const clientPort = await freePort();
  const pushPort = await freePort();
  const crossOrigin = `http://127.0.0.1:${clientPort}`;
  const client = createHttpServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="en"><title>another client</title><p>a client on another origin</p></html>');
  });
  await new Promise<void>((resolve) => client.listen(clientPort, '127.0.0.1', resolve));
  const child: ChildProcess = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: altBaseURL,
      CORS_ORIGINS: crossOrigin,
      // a push service on this machine (reminders.e2e.ts), as an operator allows one on their network
      WEB_PUSH_PRIVATE_SERVICES: `127.0.0.1:${pushPort}`,
      SEED_DEMO: 'true',
      // the journeys log in dozens of times from 127.0.0.1; limits are covered by integration tests
      RATE_LIMITS_ENABLED: 'false',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The server's output goes on to ours, and its last lines are kept: should it exit while the
  // journeys run, what it printed last is reported at the end of the run (E2E_SERVER_EXIT_FILE,
  // which `npm test` prints after the list of failures), not only somewhere in a long log.
  const recent: string[] = [];
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      out.write(chunk);
      recent.push(...chunk.split('\n').filter((l) => l.length > 0));
      if (recent.length > RECENT_LINES) recent.splice(0, recent.length - RECENT_LINES);
    });
  }
  let exited = false;
  let stopping = false;
  child.on('exit', (code, signal) => {
    exited = true;
    if (stopping) return;
    const report = [
      `e2e: the server on ${baseURL} (pid ${child.pid}) exited while the journeys ran: code ${code}, signal ${signal} at ${new Date().toISOString()}; its last lines:`,
      ...recent.map((l) => `  ${l}`),
      '',
    ].join('\n');
    process.stderr.write(report);
    if (process.env.E2E_SERVER_EXIT_FILE) appendFileSync(process.env.E2E_SERVER_EXIT_FILE, report);
  });
  // First start seeds the demo content (argon2 hashes, verified games): slow on a busy machine.
  const readyMs = Number(process.env.E2E_READY_TIMEOUT_MS ?? 180_000);
  const deadline = Date.now() + readyMs;
  for (;;) {
    if (exited) throw new Error('e2e: the server exited during start-up');
    try {
      const r = await fetch(`${baseURL}/api/health/ready`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`e2e: the server did not become ready in ${readyMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
  project.provide('baseURL', baseURL);
  project.provide('altBaseURL', altBaseURL);
  project.provide('dataDir', dataDir);
  project.provide('crossOrigin', crossOrigin);
  project.provide('pushPort', pushPort);
  return async () => {
    await new Promise((r) => client.close(r));
    stopping = true;
    child.kill('SIGTERM');
    await new Promise((r) => (exited ? r(null) : child.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
