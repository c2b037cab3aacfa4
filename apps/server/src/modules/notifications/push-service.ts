/**
 * Web push for the inbox's callers (docs/reminders.md): each browser that allowed notifications
 * is a subscription of its user; `push` queues one job per device (inside the caller's
 * transaction when given), so a device that fails is retried alone and a message exists exactly
 * when the change that sends it commits. A push service's 404 or 410 means the subscription has
 * expired: it is removed and never tried again.
 */
import type { PushMessage, PushSubscriptionBody } from '@moim/contract';
import { type Clock, systemClock } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { JobHandler } from '../../jobs/queue.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { PushProvider } from '../../providers/push/index.ts';
import {
  deleteSubscription,
  deleteSubscriptionById,
  deviceCount,
  findSubscription,
  markDelivered,
  subscriptionsOf,
  upsertSubscription,
} from './push-repo.ts';

export const PUSH_JOB = 'notifications.push';

export interface PushOptions {
  /** how long a push service may hold it for an offline device */
  ttlSeconds: number;
  /** a newer message with the same topic replaces an undelivered older one */
  topic?: string;
}

/** Members' devices and the messages queued to them; built in index.ts over the push adapter. */
export class PushService {
  constructor(
    private readonly ctx: AppContext,
    private readonly provider: PushProvider,
  ) {}

  /** the VAPID public key browsers subscribe with */
  get publicKey(): string {
    return this.provider.publicKey;
  }

  async subscribe(userId: string, body: PushSubscriptionBody, userAgent: string | null): Promise<{ id: string; devices: number }> {
    const row = await upsertSubscription(this.ctx.db, {
      userId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      userAgent: userAgent ? userAgent.slice(0, 300) : null,
    });
    return { id: row.id, devices: await deviceCount(this.ctx.db, userId) };
  }

  /** Forget this browser for `userId` (not found: nothing to do). Returns the devices left. */
  async unsubscribe(userId: string, endpoint: string): Promise<{ devices: number }> {
    await deleteSubscription(this.ctx.db, userId, endpoint);
    return { devices: await deviceCount(this.ctx.db, userId) };
  }

  devices(userId: string): Promise<number> {
    return deviceCount(this.ctx.db, userId);
  }

  /** Queue `message` to every device of each user (one job per device). */
  async push(userIds: readonly string[], message: PushMessage, opts: PushOptions, tx: DbOrTx = this.ctx.db): Promise<number> {
    const subs = await subscriptionsOf(tx, [...new Set(userIds)]);
    for (const s of subs) {
      await this.ctx.jobs.enqueue(
        PUSH_JOB,
        { subscriptionId: s.id, message, ttlSeconds: opts.ttlSeconds, ...(opts.topic ? { topic: opts.topic } : {}) },
        { maxAttempts: 5 },
        tx,
      );
    }
    return subs.length;
  }
}

/** The `notifications.push` job: one message to one device; a device the push service no longer knows is removed. */
export function pushDeliveryJob(ctx: AppContext, provider: PushProvider, clock: Clock = systemClock): JobHandler {
  return async (payload) => {
    const sub = await findSubscription(ctx.db, String(payload.subscriptionId));
    if (!sub) return; // unsubscribed or expired meanwhile
    const outcome = await provider.send(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(payload.message),
      { ttlSeconds: Number(payload.ttlSeconds) || 3600, ...(payload.topic ? { topic: String(payload.topic) } : {}), urgency: 'high' },
    );
    if (outcome === 'gone') {
      await deleteSubscriptionById(ctx.db, sub.id);
      ctx.log.info({ subscriptionId: sub.id }, 'push subscription expired: removed');
    } else {
      await markDelivered(ctx.db, sub.id, clock());
    }
  };
}
