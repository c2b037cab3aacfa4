/**
 * Runs custom bots for the page in a Web Worker (bot-worker.ts), never on the main thread: a
 * move gets 2 s (QuickJS interrupts itself there); if the worker has not answered shortly
 * after, or the bot ran out of time at all, the worker is terminated and a fresh one is made
 * for the next move. A bot that errs, overruns or answers nonsense loses its turn.
 */
import { BOT_MOVE_MS, botErrorOf, type BotError, type BotReply, type BotState } from '@moim/games';

const GRACE_MS = 400;

interface Pending {
  resolve: (v: unknown) => void;
  timer: number;
}

export class BotRunner {
  private worker: Worker | null = null;
  private loaded: string | null = null;
  private seq = 0;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly moveMs = BOT_MOVE_MS) {}

  private spawn(): Worker {
    if (!this.worker) {
      const w = new Worker(new URL('./bot-worker.ts', import.meta.url), { type: 'module', name: 'deduction-bot' });
      w.onmessage = (e: MessageEvent<{ id: number }>) => {
        const p = this.pending.get(e.data.id);
        if (!p) return;
        window.clearTimeout(p.timer);
        this.pending.delete(e.data.id);
        p.resolve(e.data);
      };
      this.worker = w;
      this.loaded = null;
    }
    return this.worker;
  }

  /** Ends the worker (a late or runaway bot); the next call starts a new one. */
  kill(): void {
    this.worker?.terminate();
    this.worker = null;
    this.loaded = null;
    for (const [id, p] of this.pending) {
      window.clearTimeout(p.timer);
      p.resolve({ id, late: true });
    }
    this.pending.clear();
  }

  private call<T>(message: Record<string, unknown>): Promise<T | { late: true }> {
    const w = this.spawn();
    const id = ++this.seq;
    return new Promise((resolve) => {
      const timer = window.setTimeout(() => {
        this.pending.delete(id);
        this.kill();
        resolve({ late: true });
      }, this.moveMs + GRACE_MS);
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, timer });
      w.postMessage({ id, moveMs: this.moveMs, ...message });
    });
  }

  async move(code: string, state: BotState, seed: number): Promise<BotReply> {
    if (this.loaded !== code) {
      const r = await this.call<{ ok: boolean; error?: string; detail?: BotError; timeout?: boolean }>({ type: 'load', code });
      if ('late' in r || r.timeout) {
        this.kill();
        return { skip: 'BOT_TIMEOUT' };
      }
      // the bot's own error (its code does not load), or the protocol's fault when there is none
      if (!r.ok) {
        if (!r.error) return { skip: 'BOT_ERROR', fault: { code: 'NOT_LOADED' } };
        const own = botErrorOf(r.error);
        return { skip: 'BOT_ERROR', ...own, ...('message' in own && r.detail ? { error: r.detail } : {}) };
      }
      this.loaded = code;
    }
    const r = await this.call<{ reply: BotReply }>({ type: 'move', state, seed });
    if ('late' in r) return { skip: 'BOT_TIMEOUT' };
    if ('skip' in r.reply && r.reply.skip === 'BOT_TIMEOUT') this.kill(); // overran: start clean next time
    return r.reply;
  }

  dispose(): void {
    this.kill();
  }
}
