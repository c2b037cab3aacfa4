/**
 * One client's socket on the live channel: its caller (authenticated by the first message), its
 * topics with the last event id each was sent (so a resumed topic never repeats one), a bounded
 * send queue (a client that stops reading is dropped, never buffered without end) and a token
 * bucket on what it sends. The hub (hub.ts) owns the topics and the session checks.
 */
import { type LiveEvent, type LiveServerMessage } from '@moim/contract';
import type { AuthUser } from '../http/auth-guard.ts';
import { compareIds } from './event-log.ts';

/** The part of a `ws` socket the channel uses (typed here once: live/socket.ts adapts the library's). */
export interface LiveSocket {
  readonly bufferedAmount: number;
  readonly readyState: number;
  send(data: string, cb: (err?: Error) => void): void;
  close(code: number, reason?: string): void;
  terminate(): void;
  ping(): void;
}

export interface LiveLimits {
  /** bytes a socket may have waiting to be written before it is dropped as a slow consumer */
  maxBufferedBytes: number;
  /** messages a socket may have handed to the transport and not yet written */
  maxQueuedMessages: number;
  /** the server pings this often; a socket that did not answer the previous ping is dropped */
  heartbeatMs: number;
  /** the first message (auth) must arrive within this */
  authTimeoutMs: number;
  /** sessions and token expiry are checked again this often (besides at every revocation) */
  recheckMs: number;
  /** a topic's access is checked again at the first session check after this long (besides when a module says it changed) */
  topicRecheckMs: number;
  /** token bucket per socket: burst, and messages per second after it */
  rateBurst: number;
  ratePerSecond: number;
  maxTopicsPerSocket: number;
  /** a frame larger than this closes the socket (ws maxPayload) */
  maxMessageBytes: number;
}

export const DEFAULT_LIVE_LIMITS: LiveLimits = {
  maxBufferedBytes: 512 * 1024,
  maxQueuedMessages: 1_000,
  heartbeatMs: 25_000,
  authTimeoutMs: 10_000,
  recheckMs: 30_000,
  topicRecheckMs: 120_000,
  rateBurst: 40,
  ratePerSecond: 4,
  maxTopicsPerSocket: 50,
  maxMessageBytes: 16 * 1024,
};

type Subscription = { buffering: LiveEvent[] | null; last: string | null; checkedAt: number };

export class LiveConnection {
  user: AuthUser | null = null;
  /** the access token's expiry (ms since epoch) */
  tokenExpiresAt = 0;
  alive = true;
  closed = false;
  readonly topics = new Map<string, Subscription>();
  private queued = 0;
  private tokens: number;
  private refilledAt = Date.now();

  constructor(
    readonly socket: LiveSocket,
    readonly locale: 'ko' | 'en',
    private readonly limits: LiveLimits,
    private readonly onSent: () => void,
    private readonly onDropped: (reason: 'slow' | 'dead' | 'rate') => void,
  ) {
    this.tokens = limits.rateBurst;
  }

  /** One message from the client may be handled (false: over its rate). */
  take(): boolean {
    const now = Date.now();
    this.tokens = Math.min(this.limits.rateBurst, this.tokens + ((now - this.refilledAt) / 1000) * this.limits.ratePerSecond);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  send(message: LiveServerMessage): void {
    if (this.closed || this.socket.readyState !== 1) return;
    if (this.socket.bufferedAmount > this.limits.maxBufferedBytes || this.queued >= this.limits.maxQueuedMessages) {
      this.drop('slow');
      return;
    }
    this.queued++;
    this.socket.send(JSON.stringify(message), () => {
      this.queued--;
    });
    this.onSent();
  }

  /** Start a topic: its live events wait while the backlog is read. */
  open(topic: string): void {
    this.topics.set(topic, { buffering: [], last: null, checkedAt: Date.now() });
  }

  /** The backlog was sent (up to `last`): flush what waited, in order, without repeats. */
  flush(topic: string, last: string | null): void {
    const sub = this.topics.get(topic);
    if (!sub) return;
    const waiting = sub.buffering ?? [];
    sub.buffering = null;
    sub.last = last;
    for (const e of waiting) this.offer(e);
  }

  /** A published event of one of this socket's topics. */
  offer(event: LiveEvent): void {
    const sub = this.topics.get(event.topic);
    if (!sub) return;
    if (sub.buffering) {
      if (sub.buffering.length >= this.limits.maxQueuedMessages) this.drop('slow');
      else sub.buffering.push(event);
      return;
    }
    if (sub.last && compareIds(event.id, sub.last) <= 0) return;
    sub.last = event.id;
    this.send(event);
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.socket.close(code, reason);
  }

  /** Cut without a closing handshake (the socket is not reading, or dead). */
  drop(reason: 'slow' | 'dead' | 'rate'): void {
    if (this.closed) return;
    this.closed = true;
    this.onDropped(reason);
    if (reason === 'rate') this.socket.close(4429, 'rate limited');
    else this.socket.terminate();
  }
}
