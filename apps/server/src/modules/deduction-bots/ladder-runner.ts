/**
 * Runs a ladder in a worker thread, so the server's event loop never waits on a bot (each move
 * may take up to 2 s) or on the AIs, and a bot that escapes its interrupt handler is stopped by
 * terminating the thread: a move still running a while after its 2 s (QuickJS interrupts at
 * 2 s; a memory bomb can keep it busy longer) stops the run, and so does the run's deadline.
 * From sources (tests, dev) the worker is the TypeScript file loaded through tsx; in the built
 * server it is dist/ladder-worker.js.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { LadderErrorReason } from '@moim/contract';
import { BOT_MOVE_MS } from '@moim/games';
import { Worker } from 'node:worker_threads';
import type { LadderRun } from './ladder-play.ts';

export interface LadderRunnerOptions {
  /** Seeds of a shorter ladder (tests). */
  seeds?: readonly string[];
  /** A move's time limit (default 2 s). */
  moveMs?: number;
  /** The whole run's limit. */
  deadlineMs?: number;
}

/** A ladder run that did not finish, with why (the bot's page says it in the reader's language). */
export class LadderRunError extends Error {
  constructor(
    readonly reason: Exclude<LadderErrorReason, 'LOAD_FAILED'>,
    detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
    this.name = 'LadderRunError';
  }
}

/** How long past its own limit a move may run before the thread is terminated. */
export const MOVE_WATCHDOG_SLACK_MS = 2_000;

/** A thread of the bots' sandbox (ladder-worker.ts; its mode is in `workerData`). */
export function newBotWorker(workerData: unknown): Worker {
  const here = import.meta.url;
  const resourceLimits = { maxOldGenerationSizeMb: 256 };
  if (!here.endsWith('.ts')) {
    const bundled = new URL('./ladder-worker.js', here);
    if (!existsSync(fileURLToPath(bundled))) throw new Error('dist/ladder-worker.js is missing: run npm run build');
    return new Worker(bundled, { workerData, resourceLimits });
  }
  // From sources: register tsx in the thread, then load the TypeScript entry.
  const api = pathToFileURL(
    createRequire(here)
      .resolve('tsx/esm/api')
      .replace(/index\.cjs$/, 'index.mjs'),
  ).href;
  const entry = new URL('./ladder-worker.ts', here).href;
  const boot = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(boot, { eval: true, workerData, resourceLimits });
}

export function runLadderInWorker(code: string, opts: LadderRunnerOptions = {}): Promise<LadderRun> {
  return new Promise((resolve, reject) => {
    const worker = newBotWorker({ mode: 'ladder', code, seeds: opts.seeds ? [...opts.seeds] : undefined, moveMs: opts.moveMs });
    let settled = false;
    let watchdog: NodeJS.Timeout | undefined;
    const stop = (err: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(watchdog);
      void worker.terminate();
      reject(err);
    };
    const timer = setTimeout(() => stop(new LadderRunError('TOO_LONG')), opts.deadlineMs ?? 10 * 60_000);
    worker.on('message', (m: { move?: 'start' | 'end'; ok?: boolean; run?: LadderRun; error?: string }) => {
      if (settled) return;
      if (m.move === 'start') {
        watchdog = setTimeout(() => stop(new LadderRunError('MOVE_NOT_STOPPED')), (opts.moveMs ?? BOT_MOVE_MS) + MOVE_WATCHDOG_SLACK_MS);
        return;
      }
      if (m.move === 'end') {
        clearTimeout(watchdog);
        return;
      }
      settled = true;
      clearTimeout(timer);
      clearTimeout(watchdog);
      void worker.terminate();
      if (m.ok) resolve(m.run!);
      else reject(new LadderRunError('RUN_FAILED', m.error));
    });
    worker.once('error', (err: unknown) => stop(new LadderRunError('RUN_FAILED', err instanceof Error ? err.message : String(err))));
    worker.once('exit', (exitCode) => stop(new LadderRunError('RUN_FAILED', `the ladder worker stopped (${exitCode})`)));
  });
}
