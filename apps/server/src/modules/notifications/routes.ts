/** The inbox: GET /api/notifications, unread count, mark one or all read (signed in). */
import {
  envelope,
  notification,
  notificationPage,
  notificationParams,
  pageQuery,
  pushDevices,
  pushPublicKey,
  pushSubscriptionBody,
  pushSubscriptionResult,
  pushUnsubscribeBody,
  readAllResult,
  unreadCount,
} from '@moim/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import type { NotificationsService } from './service.ts';

const listQuery = pageQuery.extend({
  unread: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

export function notificationsRoutes(ctx: AppContext, service: NotificationsService) {
  return (scope: FastifyInstance) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const auth = { preHandler: ctx.guards.requireAuth };
    const tags = ['notifications'];

    app.get(
      '/notifications',
      {
        ...auth,
        schema: { tags, summary: 'My notifications, newest first', querystring: listQuery, response: { 200: envelope(notificationPage) } },
      },
      async (req) => ok(await service.list(req.user!.id, req.query)),
    );
    app.get(
      '/notifications/unread-count',
      { ...auth, schema: { tags, summary: 'How many are unread', response: { 200: envelope(unreadCount) } } },
      async (req) => ok({ count: await service.unreadCount(req.user!.id) }),
    );
    app.post(
      '/notifications/:id/read',
      { ...auth, schema: { tags, summary: 'Mark one read', params: notificationParams, response: { 200: envelope(notification) } } },
      async (req) => ok(await service.markRead(req.user!.id, req.params.id)),
    );
    app.post(
      '/notifications/read-all',
      { ...auth, schema: { tags, summary: 'Mark all read', response: { 200: envelope(readAllResult) } } },
      async (req) => ok({ updated: await service.markAllRead(req.user!.id) }),
    );

    // Web push (docs/reminders.md): the key to subscribe with, and this browser's subscription.
    app.get(
      '/notifications/push/key',
      { schema: { tags, summary: 'The VAPID public key for pushManager.subscribe', response: { 200: envelope(pushPublicKey) } } },
      async () => ok({ publicKey: service.push.publicKey }),
    );
    app.get(
      '/notifications/push/devices',
      { ...auth, schema: { tags, summary: 'How many of my devices receive push notifications', response: { 200: envelope(pushDevices) } } },
      async (req) => ok({ devices: await service.push.devices(req.user!.id) }),
    );
    app.put(
      '/notifications/push/subscription',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Receive push notifications on this device',
          body: pushSubscriptionBody,
          response: { 200: envelope(pushSubscriptionResult) },
        },
      },
      async (req) => ok(await service.push.subscribe(req.user!.id, req.body, req.headers['user-agent'] ?? null)),
    );
    app.delete(
      '/notifications/push/subscription',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Stop push notifications on this device',
          body: pushUnsubscribeBody,
          response: { 200: envelope(pushDevices) },
        },
      },
      async (req) => ok(await service.push.unsubscribe(req.user!.id, req.body.endpoint)),
    );
  };
}
