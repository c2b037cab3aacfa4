/**
 * One custom bot's move for an online room, run in a worker thread (ladder-worker.ts in its
 * `moves` mode) so the server's event loop never waits on a bot. Moves run one at a time per
 * process: each loads the bot's code into a fresh sandbox (its own 2 s limit) and asks for the
 * move (2 s more). A thread still busy past both limits and a slack (a bot that escaped its
 * interrupt handler) is terminated and the move is a lost turn (BOT_TIMEOUT); the next move
 * starts a new thread. An idle thread does not keep the process alive.
 */
import { BOT_MOVE_MS, type BotReply, type BotState } from '@moim/games';
import type { Worker } from 'node:worker_threads';
import { MOVE_WATCHDOG_SLACK_MS, newBotWorker } from './ladder-runner.ts';

interface Pending {
  id: number;
  code: string;
  state: BotState;
  seed: number;
  resolve: (reply: BotReply) => void;
}

export class BotMoveRunner {
  private worker: Worker | null = null;
  private queue: Pending[] = [];
  private current: Pending | null = null;
  private watchdog: NodeJS.Timeout | undefined;
  private nextId = 1;
  private closed = false;

  constructor(private readonly moveMs = BOT_MOVE_MS) {}

  /** The bot's reply to this state: a guess (not yet checked against the rules) or a lost turn. */
  move(code: string, state: BotState, seed: number): Promise<BotReply> {
    if (this.closed) return Promise.resolve({ skip: 'BOT_ERROR', message: 'the server is shutting down' });
    return new Promise((resolve) => {
      this.queue.push({ id: this.nextId++, code, state, seed, resolve });
      this.pump();
    });
  }

  /** Stops the thread; moves still waiting are lost turns. */
  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.resolve({ skip: 'BOT_ERROR', message: 'the server is shutting down' });
    this.finish({ skip: 'BOT_ERROR', message: 'the server is shutting down' });
    await this.stop();
  }

  private pump(): void {
    if (this.current || this.closed) return;
    const next = this.queue.shift();
    if (!next) {
      this.worker?.unref();
      return;
    }
    this.current = next;
    const worker = this.thread();
    worker.ref();
    // loading the code and the move each have the bot's limit; past both and a slack, the thread is stuck
    this.watchdog = setTimeout(
      () => {
        this.finish({ skip: 'BOT_TIMEOUT' });
        void this.stop().then(() => this.pump());
      },
      2 * this.moveMs + MOVE_WATCHDOG_SLACK_MS,
    );
    worker.postMessage({ id: next.id, code: next.code, state: next.state, seed: next.seed, moveMs: this.moveMs });
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = newBotWorker({ mode: 'moves' });
    worker.on('message', (m: { id: number; reply: BotReply }) => {
      if (this.current?.id !== m.id) return;
      this.finish(m.reply);
      this.pump();
    });
    const lost = (why: string) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.finish({ skip: 'BOT_ERROR', message: why });
      this.pump();
    };
    worker.once('error', (err: unknown) => lost(err instanceof Error ? err.message : String(err)));
    worker.once('exit', (code) => lost(`the bot thread stopped (${code})`));
    this.worker = worker;
    return worker;
  }

  private finish(reply: BotReply): void {
    clearTimeout(this.watchdog);
    const p = this.current;
    this.current = null;
    p?.resolve(reply);
  }

  private async stop(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }
}
