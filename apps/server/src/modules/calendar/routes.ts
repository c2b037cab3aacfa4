/**
 * The calendar module: public calendar, a study's events, special events, RSVPs, attendance and
 * the private iCal feed. Built by `createCalendarModule` (index.ts).
 */
import {
  attendanceBody,
  attendanceSheet,
  calendarEvent,
  calendarEventParams,
  calendarQuery,
  envelope,
  eventParams,
  feedParams,
  feedToken,
  isoDate,
  rsvpResult,
  studyEventBody,
  studyEventPatch,
  studyIdParams,
  deletedWithId,
} from '@moim/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import type { FeedService } from './feed-service.ts';
import type { CalendarService } from './service.ts';

const FEED_LIMIT = { name: 'calendar.feed', limit: 60, windowMs: 60_000 };

export function calendarRoutes(ctx: AppContext, service: CalendarService, feed: FeedService) {
  return (scope: FastifyInstance) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const { requireAuth, optionalAuth } = ctx.guards;
    const tags = ['calendar'];

    app.get(
      '/calendar/events',
      {
        preHandler: optionalAuth,
        schema: {
          tags,
          summary: 'Events of public studies (from, to, type, studyId)',
          querystring: calendarQuery,
          response: { 200: envelope(z.array(calendarEvent)) },
        },
      },
      async (req) => ok(await service.listPublic(req.query, req.user)),
    );
    app.get(
      '/studies/:id/events',
      {
        preHandler: optionalAuth,
        schema: {
          tags,
          summary: "A study's events",
          params: studyIdParams,
          querystring: z.object({ from: isoDate.optional(), to: isoDate.optional() }),
          response: { 200: envelope(z.array(calendarEvent)) },
        },
      },
      async (req) => ok(await service.listForStudy(req.params.id, req.query, req.user)),
    );
    app.post(
      '/studies/:id/events',
      {
        preHandler: requireAuth,
        schema: {
          tags,
          summary: 'Add a special event (leader, managers, admins)',
          params: studyIdParams,
          body: studyEventBody,
          response: { 201: envelope(calendarEvent) },
        },
      },
      async (req, reply) => {
        reply.code(201);
        return ok(await service.create(req.params.id, req.user!, req.body));
      },
    );
    app.patch(
      '/studies/:id/events/:eventId',
      {
        preHandler: requireAuth,
        schema: {
          tags,
          summary: 'Change an event',
          params: eventParams,
          body: studyEventPatch,
          response: { 200: envelope(calendarEvent) },
        },
      },
      async (req) => ok(await service.update(req.params.id, req.params.eventId, req.user!, req.body)),
    );
    app.delete(
      '/studies/:id/events/:eventId',
      {
        preHandler: requireAuth,
        schema: {
          tags,
          summary: 'Delete a special event',
          params: eventParams,
          response: { 200: envelope(deletedWithId) },
        },
      },
      async (req) => {
        await service.remove(req.params.id, req.params.eventId, req.user!);
        return ok({ id: req.params.eventId, deleted: true as const });
      },
    );
    app.get(
      '/studies/:id/events/:eventId/attendance',
      {
        preHandler: requireAuth,
        schema: {
          tags,
          summary: 'Attendance of an event (leader, managers, admins)',
          params: eventParams,
          response: { 200: envelope(attendanceSheet) },
        },
      },
      async (req) => ok(await service.sheet(req.params.id, req.params.eventId, req.user!)),
    );
    app.post(
      '/studies/:id/events/:eventId/attendance',
      {
        preHandler: requireAuth,
        schema: {
          tags,
          summary: 'Record attendance (leader, managers, admins)',
          params: eventParams,
          body: attendanceBody,
          response: { 200: envelope(attendanceSheet) },
        },
      },
      async (req) => {
        await service.recordAttendance(req.params.id, req.params.eventId, req.user!, req.body);
        return ok(await service.sheet(req.params.id, req.params.eventId, req.user!));
      },
    );
    app.post(
      '/calendar/events/:eventId/rsvp',
      {
        preHandler: requireAuth,
        schema: { tags, summary: 'RSVP to an event', params: calendarEventParams, response: { 200: envelope(rsvpResult) } },
      },
      async (req) => ok(await service.rsvp(req.params.eventId, req.user!)),
    );
    app.delete(
      '/calendar/events/:eventId/rsvp',
      {
        preHandler: requireAuth,
        schema: { tags, summary: 'Withdraw an RSVP', params: calendarEventParams, response: { 200: envelope(rsvpResult) } },
      },
      async (req) => ok(await service.cancelRsvp(req.params.eventId, req.user!)),
    );
    app.get(
      '/calendar/feed-token',
      { preHandler: requireAuth, schema: { tags, summary: 'My private iCal feed URL', response: { 200: envelope(feedToken) } } },
      async (req) => ok(await feed.token(req.user!.id)),
    );
    app.post(
      '/calendar/feed-token',
      {
        preHandler: requireAuth,
        schema: { tags, summary: 'Rotate my iCal feed token (the old URL stops working)', response: { 200: envelope(feedToken) } },
      },
      async (req) => ok(await feed.rotate(req.user!.id)),
    );
    app.get(
      '/calendar/feed/:file',
      {
        preHandler: ctx.rateLimiter.perCaller(FEED_LIMIT),
        schema: { tags, summary: 'The iCal feed (text/calendar); the token is the secret', params: feedParams },
      },
      async (req, reply) => {
        const text = await feed.ics(req.params.file);
        return reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').send(text);
      },
    );
  };
}
