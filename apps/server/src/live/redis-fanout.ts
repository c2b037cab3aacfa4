/**
 * Live events across instances (REDIS_URL): each topic's events are numbered and kept in a Redis
 * stream (`live:t:<topic>`, the last LIVE_RING_SIZE, expiring when quiet) and announced on one
 * pub/sub channel, in one script so the stream's order is the channel's order. Every instance
 * (the publisher included) delivers what the channel brings, so each sees the same events in the
 * same order with the same ids. A second channel carries session ends (a logout on one instance
 * closes the sockets on all) and access changes (a manager who stepped down stops watching the
 * study's topics on every instance).
 *
 * Publishing goes through the Redis provider's gate (`ctx.redis.call`): while Redis is away the
 * caller falls back to the process's own log, and the hub tells clients the channel is degraded.
 * The subscriber is a connection of its own (a subscribed connection can issue nothing else).
 */
import { randomUUID } from 'node:crypto';
import type { LiveEvent } from '@moim/contract';
import type { Redis } from 'ioredis';
import type { RedisProvider } from '../providers/redis/index.ts';
import { type Backlog, compareIds, LIVE_RING_SIZE, LIVE_RING_TTL_MS } from './event-log.ts';

const PUBLISH = `
local id = redis.call('XADD', KEYS[1], 'MAXLEN', ARGV[1], '*', 'e', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PUBLISH', ARGV[4], ARGV[5] .. '\\n' .. id .. '\\n' .. ARGV[2])
return id`;

/** What a stream entry and a channel message carry besides topic and id. */
interface Body {
  kind: LiveEvent['kind'];
  at: string;
  data: LiveEvent['data'];
}

export interface SessionEnd {
  sessionIds?: string[];
  userId?: string;
}

export interface FanoutHandlers {
  event(event: LiveEvent): void;
  sessionEnded(end: SessionEnd): void;
  /** access to the topics about these ids may have changed (another instance said so) */
  accessChanged(subjects: string[]): void;
  /** the subscriber connection came or went */
  health(): void;
}

export class RedisFanout {
  private sub: Redis | null = null;
  private subReady = false;
  private readonly eventsChannel: string;
  private readonly controlChannel: string;
  /** names this instance's control messages, which it has already acted on when it sends them */
  private readonly origin = randomUUID();

  constructor(
    private readonly redis: RedisProvider,
    private readonly handlers: FanoutHandlers,
  ) {
    // channels are not prefixed by ioredis' keyPrefix: the prefix is written into their names
    const prefix = redis.client?.options.keyPrefix ?? '';
    this.eventsChannel = `${prefix}live:events`;
    this.controlChannel = `${prefix}live:sessions`;
  }

  start(): void {
    const client = this.redis.client;
    if (!client || this.sub) return;
    const sub = client.duplicate({ keyPrefix: undefined });
    this.sub = sub;
    sub.on('ready', () => {
      sub.subscribe(this.eventsChannel, this.controlChannel).then(
        () => {
          this.subReady = true;
          this.handlers.health();
        },
        () => undefined,
      );
    });
    sub.on('close', () => {
      if (!this.subReady) return;
      this.subReady = false;
      this.handlers.health();
    });
    sub.on('error', () => undefined); // the provider logs the link's state
    sub.on('message', (channel: string, message: string) => {
      if (channel === this.controlChannel) {
        try {
          const control = JSON.parse(message) as SessionEnd & { subjects?: string[]; origin?: string };
          // this instance acted on its own announcement when it made it
          if (control.origin === this.origin) return;
          if (Array.isArray(control.subjects)) this.handlers.accessChanged(control.subjects);
          else this.handlers.sessionEnded(control);
        } catch {
          /* not ours */
        }
        return;
      }
      const first = message.indexOf('\n');
      const second = message.indexOf('\n', first + 1);
      if (first < 0 || second < 0) return;
      try {
        const body = JSON.parse(message.slice(second + 1)) as Body;
        this.handlers.event({ type: 'event', topic: message.slice(0, first), id: message.slice(first + 1, second), ...body });
      } catch {
        /* a malformed message is dropped */
      }
    });
  }

  /** Events flow between instances now. */
  healthy(): boolean {
    return this.subReady && this.redis.isUp();
  }

  /** Numbered, kept and announced (delivered here through the subscription); false: Redis is away. */
  async publish(topic: string, body: Body): Promise<boolean> {
    return this.redis.call(
      async (r) => {
        await r.eval(PUBLISH, 1, streamKey(topic), LIVE_RING_SIZE, JSON.stringify(body), LIVE_RING_TTL_MS, this.eventsChannel, topic);
        return true;
      },
      () => false,
    );
  }

  /** The events after `after` from the topic's stream; null: Redis is away (the caller asks its own log). */
  async backlog(topic: string, after: string | undefined): Promise<Backlog | null> {
    return this.redis.call(
      async (r) => {
        const key = streamKey(topic);
        const res = await r
          .multi()
          .xlen(key)
          .xrange(key, '-', '+', 'COUNT', 1)
          .xrevrange(key, '+', '-', 'COUNT', 1)
          .xrange(key, after ? `(${after}` : '+', '+', 'COUNT', LIVE_RING_SIZE)
          .exec();
        if (!res || res.some(([err]) => err)) throw new Error('live backlog read failed');
        const length = res[0]![1] as number;
        const first = (res[1]![1] as [string, string[]][])[0]?.[0] ?? null;
        const head = (res[2]![1] as [string, string[]][])[0]?.[0] ?? null;
        if (after === undefined) return { events: [], complete: true, head };
        const entries = res[3]![1] as [string, string[]][];
        const events: LiveEvent[] = [];
        for (const [id, fields] of entries) {
          const raw = fields[1];
          if (!raw) continue;
          events.push({ type: 'event', topic, id, ...(JSON.parse(raw) as Body) });
        }
        // nothing was trimmed (the stream never filled), or the oldest kept is no newer than `after`
        const complete = first !== null && (length < LIVE_RING_SIZE || compareIds(first, after) <= 0);
        return { events, complete, head };
      },
      () => null,
    );
  }

  /** Tell every instance that these sessions (or this account's) ended. */
  async sessionEnded(end: SessionEnd): Promise<void> {
    await this.redis.attempt((r) => r.publish(this.controlChannel, JSON.stringify({ ...end, origin: this.origin })));
  }

  /** Tell every instance that access to the topics about these ids may have changed. */
  async accessChanged(subjects: string[]): Promise<void> {
    await this.redis.attempt((r) => r.publish(this.controlChannel, JSON.stringify({ subjects, origin: this.origin })));
  }

  async close(): Promise<void> {
    const sub = this.sub;
    this.sub = null;
    this.subReady = false;
    if (!sub) return;
    if (sub.status === 'ready') await sub.quit().catch(() => sub.disconnect());
    else sub.disconnect();
  }
}

const streamKey = (topic: string) => `live:t:${topic}`;
