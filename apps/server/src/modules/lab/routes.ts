/** /api/lab: saved rosters and the arena history of the signed-in user (owner only). */
import {
  draw,
  drawBody,
  drawImportBody,
  drawImportResult,
  drawListQuery,
  drawPage,
  drawStats,
  envelope,
  labIdParams,
  roster,
  rosterBody,
  rosterListQuery,
  rosterPage,
  deletedResult,
  deletedCount,
} from '@moim/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import type { LimitRule } from '../../http/rate-limit.ts';
import type { LabService } from './service.ts';

/** Writes per user: generous for a meetup (a draw every few seconds), tight enough for a loop. */
const WRITES: LimitRule = { name: 'lab-writes', limit: 120, windowMs: 60_000 };

export function registerLabRoutes(scope: FastifyInstance, ctx: AppContext, service: LabService): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['lab'];
  const auth = ctx.guards.requireAuth;
  const write = [auth, ctx.rateLimiter.perCaller(WRITES)];

  // personal data: never cached
  scope.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    '/lab/rosters',
    {
      preHandler: auth,
      schema: { tags, summary: 'My saved rosters', querystring: rosterListQuery, response: { 200: envelope(rosterPage) } },
    },
    async (req) => ok(await service.listRosters(req.user!, req.query)),
  );
  app.post(
    '/lab/rosters',
    { preHandler: write, schema: { tags, summary: 'Save a roster (50 at most)', body: rosterBody, response: { 201: envelope(roster) } } },
    async (req, reply) => {
      reply.code(201);
      return ok(await service.createRoster(req.user!, req.body));
    },
  );
  app.get(
    '/lab/rosters/:id',
    { preHandler: auth, schema: { tags, summary: 'One of my rosters', params: labIdParams, response: { 200: envelope(roster) } } },
    async (req) => ok(await service.getRoster(req.user!, req.params.id)),
  );
  app.put(
    '/lab/rosters/:id',
    {
      preHandler: write,
      schema: { tags, summary: 'Replace one of my rosters', params: labIdParams, body: rosterBody, response: { 200: envelope(roster) } },
    },
    async (req) => ok(await service.updateRoster(req.user!, req.params.id, req.body)),
  );
  app.delete(
    '/lab/rosters/:id',
    {
      preHandler: write,
      schema: {
        tags,
        summary: 'Delete one of my rosters',
        params: labIdParams,
        response: { 200: envelope(deletedResult) },
      },
    },
    async (req) => {
      await service.deleteRoster(req.user!, req.params.id);
      return ok({ deleted: true as const });
    },
  );

  app.get(
    '/lab/draws',
    { preHandler: auth, schema: { tags, summary: 'My arena history', querystring: drawListQuery, response: { 200: envelope(drawPage) } } },
    async (req) => ok(await service.listDraws(req.user!, req.query)),
  );
  app.post(
    '/lab/draws',
    {
      preHandler: write,
      schema: {
        tags,
        summary: 'Record a draw (its seed must replay to its winners)',
        body: drawBody,
        response: { 200: envelope(draw), 201: envelope(draw) },
      },
    },
    async (req, reply) => {
      const { draw: d, created } = await service.recordDraw(req.user!, req.body);
      reply.code(created ? 201 : 200);
      return ok(d);
    },
  );
  app.post(
    '/lab/draws/import',
    {
      preHandler: write,
      schema: {
        tags,
        summary: "Import the browser's history (50 per call, duplicates skipped)",
        body: drawImportBody,
        response: { 200: envelope(drawImportResult) },
      },
    },
    async (req) => ok(await service.importDraws(req.user!, req.body.draws)),
  );
  app.get(
    '/lab/draws/stats',
    { preHandler: auth, schema: { tags, summary: 'Wins and appearances per name', response: { 200: envelope(drawStats) } } },
    async (req) => ok(await service.drawStats(req.user!)),
  );
  app.delete(
    '/lab/draws',
    {
      preHandler: write,
      schema: { tags, summary: 'Clear my arena history', response: { 200: envelope(deletedCount) } },
    },
    async (req) => ok(await service.clearDraws(req.user!)),
  );
}
