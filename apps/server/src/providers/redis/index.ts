/**
 * Redis is optional and never load-bearing: every use goes through this provider, which knows
 * whether the link is usable right now and turns a slow or missing Redis into a fast fallback.
 *
 *   const n = await ctx.redis.call((r) => r.incr(key), () => localCounter.incr(key));
 *
 * - `call(op, fallback)`: runs `op` on the shared client when the link is up, else (or when `op`
 *   fails or times out) returns `fallback()`. Never throws Redis errors; a failure opens a short
 *   circuit so that the next calls go straight to the fallback instead of each waiting for the
 *   command time-out.
 * - `isUp()`: connected, and no recent failure.
 * - `onChange(listener)`: told when the link goes down or comes back (a shared cache that kept
 *   writing locally while Redis was away resynchronises here; Redis may also have restarted empty).
 * - `client`: the raw ioredis client (null when REDIS_URL is unset), for code that defines
 *   scripts; calls on it must still go through `call`.
 *
 * Client options (docs/operations.md): no offline queue and no per-request retries (a command
 * while disconnected fails at once), a command time-out of a few hundred ms, a connect time-out,
 * and reconnection forever with capped back-off. The process never waits for Redis at start.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export interface RedisProviderOptions {
  url?: string | undefined;
  keyPrefix?: string | undefined;
  commandTimeoutMs?: number;
  connectTimeoutMs?: number;
  /** how long the circuit stays open after a failed command */
  coolOffMs?: number;
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

export interface RedisLinkState {
  configured: boolean;
  up: boolean;
  /** ISO time the link went down (null while up or unconfigured) */
  downSince: string | null;
}

type Listener = (up: boolean) => void;

export class RedisProvider {
  readonly client: Redis | null;
  /** calls answered by their fallback since start (the link down or cooling off, or the command failed) */
  fallbacks = 0;
  private openUntil = 0;
  private wasUp = false;
  private downSince: number | null = null;
  private lastErrorLog = 0;
  private trialInFlight = false;
  private readonly listeners = new Set<Listener>();
  private readonly coolOffMs: number;
  private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'> | undefined;

  constructor(opts: RedisProviderOptions = {}) {
    this.coolOffMs = opts.coolOffMs ?? 1_000;
    this.log = opts.log;
    if (!opts.url) {
      this.client = null;
      return;
    }
    this.downSince = Date.now();
    this.client = new Redis(opts.url, {
      keyPrefix: opts.keyPrefix,
      connectTimeout: opts.connectTimeoutMs ?? 1_000,
      commandTimeout: opts.commandTimeoutMs ?? 500,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      enableReadyCheck: true,
      // Keep trying for ever, at most every 2 s: Redis coming back is picked up on its own.
      retryStrategy: (times) => Math.min(100 * 2 ** Math.min(times, 5), 2_000),
    });
    this.client.on('ready', () => this.transition(true));
    this.client.on('close', () => this.transition(false));
    this.client.on('error', (err: Error) => {
      // ioredis reports every failed reconnect: log at most one every 30 s.
      if (Date.now() - this.lastErrorLog < 30_000) return;
      this.lastErrorLog = Date.now();
      this.log?.warn({ err: err.message }, 'redis: unreachable; retrying in the background');
    });
  }

  get configured(): boolean {
    return this.client !== null;
  }

  /** Connected, and no command failed in the last cool-off period. */
  isUp(): boolean {
    return this.client !== null && this.client.status === 'ready' && Date.now() >= this.openUntil;
  }

  state(): RedisLinkState {
    const up = this.isUp();
    return {
      configured: this.configured,
      up,
      downSince: up || this.downSince === null ? null : new Date(this.downSince).toISOString(),
    };
  }

  /** `op` on the shared client when the link is up; `fallback()` when it is not or `op` fails. */
  async call<T>(op: (client: Redis) => Promise<T>, fallback: () => T | Promise<T>): Promise<T> {
    if (!this.client || !this.isUp()) return this.fallBack(fallback);
    // After a failure, one trial call at a time probes the link; the others keep falling back.
    const trial = !this.wasUp;
    if (trial && this.trialInFlight) return this.fallBack(fallback);
    if (trial) this.trialInFlight = true;
    try {
      const out = await op(this.client);
      if (!this.wasUp) this.transition(true); // the trial succeeded
      return out;
    } catch (err) {
      if (isRedisReplyError(err)) throw err; // a bug in the command, not an outage
      this.trip(err);
      return this.fallBack(fallback);
    } finally {
      if (trial) this.trialInFlight = false;
    }
  }

  private fallBack<T>(fallback: () => T | Promise<T>): T | Promise<T> {
    if (this.client) this.fallbacks++; // without REDIS_URL the fallback is the design, not a fallback
    return fallback();
  }

  /** Like `call`, but reports failure as `undefined` (for best-effort writes). */
  async attempt<T>(op: (client: Redis) => Promise<T>): Promise<T | undefined> {
    return this.call(op, () => undefined);
  }

  /** Listen for the link going down (false) or coming back (true). Returns an unsubscribe. */
  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A PING bounded by the command time-out (readiness). */
  async ping(): Promise<boolean> {
    if (!this.client || this.client.status !== 'ready') return false;
    try {
      const ok = (await this.client.ping()) === 'PONG';
      if (ok && !this.wasUp) this.transition(true);
      return ok;
    } catch (err) {
      this.trip(err);
      return false;
    }
  }

  async close(): Promise<void> {
    this.listeners.clear();
    if (!this.client) return;
    if (this.client.status === 'ready') await this.client.quit().catch(() => this.client?.disconnect());
    else this.client.disconnect();
  }

  private trip(err: unknown) {
    const wasOpen = Date.now() < this.openUntil;
    this.openUntil = Date.now() + this.coolOffMs;
    if (!wasOpen && this.wasUp) this.log?.warn({ err: (err as Error)?.message }, 'redis: command failed');
    // A time-out on a live socket (Redis hung) counts as down: after the cool-off the next call
    // is a trial, and its success brings the link back up.
    this.transition(false);
  }

  private transition(up: boolean) {
    if (up === this.wasUp) return;
    this.wasUp = up;
    if (up) {
      const downMs = this.downSince === null ? 0 : Date.now() - this.downSince;
      this.downSince = null;
      this.log?.info({ downMs }, 'redis: connected');
    } else {
      this.downSince = Date.now();
      this.log?.warn('redis: connection lost; rate limits and caches fall back to this process, ranks to the database');
    }
    this.emit(up);
  }

  private emit(up: boolean) {
    for (const l of this.listeners) {
      try {
        l(up);
      } catch (err) {
        this.log?.warn({ err }, 'redis: listener failed');
      }
    }
  }
}

/** A reply error (wrong type, script error) is a programming error: let it surface. */
function isRedisReplyError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { name?: string }).name === 'ReplyError';
}
