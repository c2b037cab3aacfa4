/**
 * Domain events through a transactional outbox (GUIDE §1 "Seams between server modules").
 *
 * A module that wants others to react to something it did (a member left, a study was approved)
 * publishes an event inside the transaction that made the change. Publishing writes one row per
 * subscriber into the `jobs` table, so the event exists exactly when the change commits and is
 * lost with it on rollback; the job queue then runs each subscriber's handler at least once
 * (retried with back-off, across restarts and instances). Handlers must therefore be idempotent.
 *
 * Dependencies stay one way: the publisher declares its event map in its `index.ts` and exposes
 * `events: EventChannel<ItsEvents>` in its public interface; a higher module that already depends
 * on the publisher subscribes through that channel. The publisher never knows who listens.
 */
import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../db/client.ts';
import type { JobQueue } from '../jobs/queue.ts';

/** Event type → payload. Payloads are JSON: ids, numbers, strings, ISO dates. */
export type EventMap = { [type: string]: object };

export type DomainEvent<P> = {
  /** unique per publication; handlers may use it as an idempotency key */
  id: string;
  type: string;
  /** ISO 8601 */
  occurredAt: string;
  payload: P;
};

export interface HandlerMeta {
  /** 1 on the first delivery; higher on retries */
  attempt: number;
}

export type EventHandler<P> = (event: DomainEvent<P>, meta: HandlerMeta) => Promise<void>;

export interface PublishOptions {
  /** a stable id makes a re-publication of the same fact a no-op while the first is pending */
  id?: string;
  /** deliver no earlier than this */
  runAt?: Date;
}

/** A publisher's typed view of the bus. */
export interface EventChannel<M extends EventMap> {
  /** Record `type` inside `tx`: every subscriber's handler runs after the commit. */
  publish<K extends keyof M & string>(tx: DbOrTx, type: K, payload: M[K], opts?: PublishOptions): Promise<string>;
  /** `subscriber` names the reacting module and purpose (`payments.refund-on-leave`); unique per type. */
  subscribe<K extends keyof M & string>(type: K, subscriber: string, handler: EventHandler<M[K]>): void;
}

const jobKind = (type: string, subscriber: string) => `event:${type}:${subscriber}`;

export class EventBus {
  private readonly subscribers = new Map<string, string[]>();

  constructor(private readonly jobs: JobQueue) {}

  /** The channel a publishing module owns and exposes. */
  channel<M extends EventMap>(): EventChannel<M> {
    return {
      publish: (tx, type, payload, opts) => this.publish(tx, type, payload, opts),
      subscribe: (type, subscriber, handler) => this.subscribe(type, subscriber, handler as EventHandler<unknown>),
    };
  }

  subscribe(type: string, subscriber: string, handler: EventHandler<unknown>): void {
    const list = this.subscribers.get(type) ?? [];
    if (list.includes(subscriber)) throw new Error(`event ${type}: subscriber ${subscriber} registered twice`);
    list.push(subscriber);
    this.subscribers.set(type, list);
    this.jobs.register(jobKind(type, subscriber), async (job, ctx) => {
      await handler(job as DomainEvent<unknown>, { attempt: ctx.attempt });
    });
  }

  async publish(tx: DbOrTx, type: string, payload: object, opts: PublishOptions = {}): Promise<string> {
    const event: DomainEvent<object> = { id: opts.id ?? randomUUID(), type, occurredAt: new Date().toISOString(), payload };
    for (const subscriber of this.subscribers.get(type) ?? []) {
      await this.jobs.enqueue(
        jobKind(type, subscriber),
        event,
        { dedupeKey: `event:${event.id}:${subscriber}`, maxAttempts: 10, ...(opts.runAt ? { runAt: opts.runAt } : {}) },
        tx,
      );
    }
    return event.id;
  }

  /** Subscribers of a type (diagnostics and tests). */
  subscribersOf(type: string): readonly string[] {
    return this.subscribers.get(type) ?? [];
  }
}
