/**
 * A member's reminder times for one study (docs/reminders.md): HTTP only; the rules are
 * ReminderService's. Built by `createCalendarModule` (index.ts).
 */
import { envelope, reminderSettings, reminderSettingsBody, studyIdParams } from '@moim/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import type { ReminderService } from './reminder-service.ts';

export function reminderRoutes(ctx: AppContext, service: ReminderService) {
  return (scope: FastifyInstance) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const { requireAuth } = ctx.guards;
    const tags = ['calendar'];

    app.get(
      '/studies/:id/reminders',
      {
        preHandler: requireAuth,
        schema: {
          tags,
          summary: 'My reminder times for this study (members)',
          params: studyIdParams,
          response: { 200: envelope(reminderSettings) },
        },
      },
      async (req) => ok(await service.settings(req.params.id, req.user!)),
    );
    app.put(
      '/studies/:id/reminders',
      {
        preHandler: requireAuth,
        schema: {
          tags,
          summary: 'Set my reminder times for this study (minutes before each session; empty: off)',
          params: studyIdParams,
          body: reminderSettingsBody,
          response: { 200: envelope(reminderSettings) },
        },
      },
      async (req) => ok(await service.setSettings(req.params.id, req.user!, req.body)),
    );
  };
}
