/** Worker-thread entry of a ladder run: plays the games, tells the parent when a bot move starts and ends, posts the tally. */
import { parentPort, workerData } from 'node:worker_threads';
import { playLadder } from './ladder-play.ts';

const { code, seeds, moveMs } = workerData as { code: string; seeds?: string[]; moveMs?: number };
playLadder(code, seeds, moveMs, (phase) => parentPort!.postMessage({ move: phase })).then(
  (run) => parentPort!.postMessage({ ok: true, run }),
  (err: unknown) => parentPort!.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) }),
);
