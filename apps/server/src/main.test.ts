/**
 * The server process as `npm start` runs it: fail-fast configuration, start-up on a data
 * folder, and graceful shutdown on SIGTERM with the data kept for the next start.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port.ts';
import { waitFor } from '../test/wait-for.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'moim-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const main = new URL('./main.ts', import.meta.url).pathname;
// a failed assertion must not leave a started server running after the file
const children = new Set<ReturnType<typeof spawn>>();
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      HOST: '127.0.0.1',
      SHUTDOWN_DRAIN_MS: '0', // no load balancer to wait for
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

type Ready = { data: { database: { driver: string } } };

/** The process's readiness answer, read until it comes, or an error as soon as the process exits. */
async function waitReady(url: string, exited: Promise<unknown>): Promise<Ready> {
  let done = false;
  void exited.then(() => (done = true));
  // up to a minute: the process compiles main.ts with tsx and migrates a fresh folder
  const answer = await waitFor(
    async (): Promise<Ready | 'exited' | undefined> => {
      if (done) return 'exited';
      try {
        const r = await fetch(`${url}/api/health/ready`);
        return r.ok ? ((await r.json()) as Ready) : undefined;
      } catch {
        return undefined; // not listening yet
      }
    },
    Boolean,
    { timeoutMs: 60_000, everyMs: 200, what: 'the server to be ready' },
  );
  if (answer === 'exited' || answer === undefined) throw new Error('server did not become ready: it exited');
  return answer;
}

describe('server process', () => {
  it('refuses a bad configuration variable at start, naming it', async () => {
    const p = start({ PORT: 'not-a-port' });
    expect(await p.exited).toBe(78);
    expect(p.output()).toContain('PORT');
  }, 30_000);

  it('starts on a data folder, answers, and shuts down gracefully on SIGTERM; data survives a restart', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const first = start({ PORT: String(port) });
    const ready = await waitReady(url, first.exited);
    expect(ready.data.database.driver).toBe('pglite');
    const jwtSecretBefore = (await import('node:fs')).readFileSync(join(dataDir, 'jwt-secret'), 'utf8');
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = start({ PORT: String(port), LOG_LEVEL: 'info' });
    await waitReady(url, second.exited);
    // same data folder: migrations not re-applied, same signing secret (the ready line is
    // written after listen, so it may reach the pipe after the first health answer)
    await expect.poll(() => second.output(), { timeout: 10_000 }).toContain('moim is ready');
    expect(second.output()).not.toContain('migration applied');
    expect((await import('node:fs')).readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe(jwtSecretBefore);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 150_000);
});
