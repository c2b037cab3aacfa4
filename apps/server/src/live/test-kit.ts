/**
 * For tests and benchmarks of the live channel: tune the hub's limits, and a `ws` client that
 * speaks the protocol (every frame it receives is checked against the contract).
 */
import { type LiveClientMessage, type LiveServerMessage, liveServerMessage } from '@moim/contract';
import { WebSocket } from 'ws';
import type { App } from '../app.ts';
import type { LiveLimits } from './connection.ts';

export function tuneLive(app: App, limits: Partial<LiveLimits>): void {
  Object.assign(app.ctx.live.limits, limits);
  app.ctx.live.restartTimers();
}

/** The app listening on a port of the kernel's choosing; the live channel's URL. */
export async function liveUrl(app: App): Promise<string> {
  const address = app.server.address();
  if (!address || typeof address === 'string') await app.listen({ port: 0, host: '127.0.0.1' });
  const a = app.server.address();
  if (!a || typeof a === 'string') throw new Error('not listening');
  return `ws://127.0.0.1:${a.port}/api/live`;
}

export class LiveTestClient {
  readonly received: LiveServerMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: { match: (m: LiveServerMessage) => boolean; resolve: (m: LiveServerMessage) => void }[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const m = liveServerMessage.parse(JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : String(data)));
      this.received.push(m);
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(m)) return true;
        w.resolve(m);
        return false;
      });
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  static async open(url: string, headers: Record<string, string> = {}): Promise<LiveTestClient> {
    const ws = new WebSocket(url, undefined, { headers });
    const client = new LiveTestClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.on('open', () => resolve());
      ws.on('error', reject);
    });
    return client;
  }

  /** Connected and authenticated (resolves with the `ready` message). */
  static async signedIn(url: string, token: string): Promise<LiveTestClient> {
    const c = await LiveTestClient.open(url);
    c.send({ type: 'auth', token });
    await c.next('ready');
    return c;
  }

  send(message: LiveClientMessage | Record<string, unknown>): void {
    this.ws.send(JSON.stringify(message));
  }

  sendRaw(text: string): void {
    this.ws.send(text);
  }

  /** The first message (already received, or coming) of this type and matching `where`. */
  next<T extends LiveServerMessage['type']>(
    type: T,
    where: (m: Extract<LiveServerMessage, { type: T }>) => boolean = () => true,
    timeoutMs = 5_000,
  ): Promise<Extract<LiveServerMessage, { type: T }>> {
    const match = (m: LiveServerMessage): m is Extract<LiveServerMessage, { type: T }> =>
      m.type === type && where(m as Extract<LiveServerMessage, { type: T }>);
    return this.first(match, `no ${type} message`, timeoutMs) as Promise<Extract<LiveServerMessage, { type: T }>>;
  }

  /** The first message matching (already received, or coming), consumed. */
  first(
    match: (m: LiveServerMessage) => boolean,
    what = 'no matching message',
    timeoutMs = 5_000,
    consume = true,
  ): Promise<LiveServerMessage> {
    const seen = this.received.find(match);
    if (seen) {
      if (consume) this.received.splice(this.received.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${what} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          if (consume) this.received.splice(this.received.indexOf(m), 1);
          resolve(m);
        },
      });
    });
  }

  /** Subscribe and wait for the answer. */
  async subscribe(topic: string, after?: string) {
    this.send({ type: 'subscribe', topic, ...(after ? { after } : {}) });
    const m = await this.first((x) => (x.type === 'subscribed' || x.type === 'error') && x.topic === topic, `no answer on ${topic}`);
    return m as Extract<LiveServerMessage, { type: 'subscribed' | 'error' }>;
  }

  /** Wait until an event matching `where` arrived on `topic` (left in place for `events`). */
  async until(topic: string, where: (e: Extract<LiveServerMessage, { type: 'event' }>) => boolean, timeoutMs = 5_000): Promise<void> {
    await this.first((m) => m.type === 'event' && m.topic === topic && where(m), `no such event on ${topic}`, timeoutMs, false);
  }

  /** Events received so far on a topic (consumed). */
  events(topic: string) {
    const out = this.received.filter((m): m is Extract<LiveServerMessage, { type: 'event' }> => m.type === 'event' && m.topic === topic);
    for (const e of out) this.received.splice(this.received.indexOf(e), 1);
    return out;
  }

  close(): void {
    this.ws.close();
  }

  /** Cut the connection without a closing handshake (a network drop). */
  drop(): void {
    this.ws.terminate();
  }
}
