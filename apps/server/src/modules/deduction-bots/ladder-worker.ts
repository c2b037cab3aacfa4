/**
 * Worker-thread entry of the deduction bots' sandbox, in one of two modes (`workerData.mode`):
 * `ladder` plays a bot's ladder games, telling the parent when a bot move starts and ends, and
 * posts the tally; `moves` answers one move at a time for online rooms (a fresh sandbox per move,
 * so nothing a bot keeps survives into the next turn or another room).
 */
import type { BotState } from '@moim/games';
import { parentPort, workerData } from 'node:worker_threads';
import { playLadder } from './ladder-play.ts';
import { createBotSandbox } from './sandbox.ts';

const data = workerData as { mode?: 'ladder' | 'moves'; code?: string; seeds?: string[]; moveMs?: number };

if (data.mode === 'moves') {
  parentPort!.on('message', (m: { id: number; code: string; state: BotState; seed: number; moveMs: number }) => {
    void (async () => {
      const sandbox = await createBotSandbox(m.code, m.moveMs);
      if ('error' in sandbox) {
        const reply = sandbox.timeout ? { skip: 'BOT_TIMEOUT' } : { skip: 'BOT_ERROR', message: sandbox.error };
        parentPort!.postMessage({ id: m.id, reply });
        return;
      }
      try {
        parentPort!.postMessage({ id: m.id, reply: sandbox.move(m.state, m.seed) });
      } finally {
        sandbox.dispose();
      }
    })().catch((err: unknown) => {
      parentPort!.postMessage({ id: m.id, reply: { skip: 'BOT_ERROR', message: err instanceof Error ? err.message : String(err) } });
    });
  });
} else {
  playLadder(data.code!, data.seeds, data.moveMs, (phase) => parentPort!.postMessage({ move: phase })).then(
    (run) => parentPort!.postMessage({ ok: true, run }),
    (err: unknown) => parentPort!.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) }),
  );
}
