/**
 * Check-in and attendance routes (docs/attendance.md "Check-in and attendance"): HTTP only; the
 * rules are CheckInService's. Built by `createCalendarModule` (index.ts).
 */
import {
  attendanceCorrection,
  attendanceReport,
  checkInBody,
  checkInCodeView,
  checkInLinkView,
  checkInResult,
  checkInRoom,
  checkInRules,
  checkInRulesView,
  envelope,
  eventParams,
  myAttendance,
  studyIdParams,
} from '@moim/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { requestLocale } from '../../http/locale.ts';
import type { CheckInService } from './check-in-service.ts';

/** Six digits are a million guesses: a member gets a few tries a minute, plenty for typos. */
const CHECK_IN_LIMIT = { name: 'calendar.check-in', limit: 12, windowMs: 60_000 };

export function checkInRoutes(ctx: AppContext, service: CheckInService) {
  return (scope: FastifyInstance) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const { requireAuth } = ctx.guards;
    const tags = ['calendar'];

    app.get(
      '/studies/:id/check-in/rules',
      {
        preHandler: requireAuth,
        schema: {
          tags,
          summary: "The study's check-in window and late rule (members, organisers)",
          params: studyIdParams,
          response: { 200: envelope(checkInRulesView) },
        },
      },
      async (req) => ok(await service.rules(req.params.id, req.user!)),
    );
    app.put(
      '/studies/:id/check-in/rules',
      {
        preHandler: requireAuth,
        schema: {
          tags,
          summary: 'Set the check-in window and late rule (leader, managers, admins)',
          params: studyIdParams,
          body: checkInRules,
          response: { 200: envelope(checkInRulesView) },
        },
      },
      async (req) => ok(await service.setRules(req.params.id, req.user!, req.body)),
    );
    app.get(
      '/studies/:id/events/:eventId/check-in/code',
      {
        preHandler: requireAuth,
        schema: {
          tags,
          summary: "The session's current check-in code (organisers, during the window)",
          params: eventParams,
          response: { 200: envelope(checkInCodeView) },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(await service.code(req.params.id, req.params.eventId, req.user!));
      },
    );
    app.get(
      '/studies/:id/events/:eventId/check-in/link',
      {
        preHandler: requireAuth,
        schema: {
          tags,
          summary: "An online session's check-in link (organisers, during the window)",
          params: eventParams,
          response: { 200: envelope(checkInLinkView) },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(await service.link(req.params.id, req.params.eventId, req.user!));
      },
    );
    app.get(
      '/studies/:id/events/:eventId/check-in/room',
      {
        preHandler: requireAuth,
        schema: {
          tags,
          summary: 'Who has checked in to a session (organisers)',
          params: eventParams,
          response: { 200: envelope(checkInRoom) },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(await service.room(req.params.id, req.params.eventId, req.user!));
      },
    );
    app.post(
      '/studies/:id/check-in',
      {
        preHandler: [requireAuth, ctx.rateLimiter.perCaller(CHECK_IN_LIMIT)],
        schema: {
          tags,
          summary: 'Check in to the open session with its code or link (members)',
          params: studyIdParams,
          body: checkInBody,
          response: { 200: envelope(checkInResult) },
        },
      },
      async (req) => ok(await service.checkIn(req.params.id, req.user!, req.body)),
    );
    app.get(
      '/studies/:id/attendance',
      {
        preHandler: requireAuth,
        schema: {
          tags,
          summary: 'Attendance report: sessions and members (organisers)',
          params: studyIdParams,
          response: { 200: envelope(attendanceReport) },
        },
      },
      async (req) => ok(await service.report(req.params.id, req.user!)),
    );
    app.get(
      '/studies/:id/attendance/corrections',
      {
        preHandler: requireAuth,
        schema: {
          tags,
          summary: 'Every change organisers made to attendance records (organisers)',
          params: studyIdParams,
          response: { 200: envelope(z.array(attendanceCorrection)) },
        },
      },
      async (req) => ok(await service.corrections(req.params.id, req.user!)),
    );
    app.get(
      '/studies/:id/attendance/me',
      {
        preHandler: requireAuth,
        schema: {
          tags,
          summary: 'My attendance record in a study (members)',
          params: studyIdParams,
          response: { 200: envelope(myAttendance) },
        },
      },
      async (req) => ok(await service.mine(req.params.id, req.user!)),
    );
    app.get(
      '/studies/:id/attendance/export',
      {
        preHandler: requireAuth,
        schema: { tags, summary: 'Attendance report as CSV, formula-neutralised (organisers)', params: studyIdParams },
      },
      async (req, reply) => {
        const csv = await service.csv(req.params.id, req.user!, requestLocale(req));
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="attendance-${req.params.id}.csv"`)
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
  };
}
