/**
 * /api/games/deduction/bots and /api/games/deduction/ladder: custom bots (owner CRUD, a
 * shared bot by its link) and the bot ladder. Rules and permissions live in service.ts.
 */
import {
  deductionBot,
  deductionBotBody,
  deductionBotIdParams,
  deductionLadder,
  deductionShareParams,
  envelope,
  deletedFlag,
} from '@moim/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import type { LimitRule } from '../../http/rate-limit.ts';
import type { DeductionBotsService } from './service.ts';

const SAVE: LimitRule = { name: 'deduction-bots.save', limit: 20, windowMs: 60_000 };
const tags = ['deduction-bots'];
const security = [{ bearerAuth: [] }];

export function registerBotRoutes(scope: FastifyInstance, ctx: AppContext, bots: DeductionBotsService) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { requireAuth, optionalAuth } = ctx.guards;
  const save = ctx.rateLimiter.perCaller(SAVE);

  app.get(
    '/bots',
    { preHandler: requireAuth, schema: { tags, security, summary: 'My bots', response: { 200: envelope(z.array(deductionBot)) } } },
    async (req) => ok(await bots.mine(req.user!.id)),
  );

  app.post(
    '/bots',
    {
      preHandler: [requireAuth, save],
      schema: {
        tags,
        security,
        summary: 'Save a new bot (queued for the ladder)',
        body: deductionBotBody,
        response: { 200: envelope(deductionBot) },
      },
    },
    async (req) => ok(await bots.create(req.user!.id, req.body)),
  );

  app.get(
    '/bots/shared/:shareId',
    {
      preHandler: optionalAuth,
      schema: { tags, summary: 'A shared bot, by its link', params: deductionShareParams, response: { 200: envelope(deductionBot) } },
    },
    async (req) => ok(await bots.byShareId(req.user?.id ?? null, req.params.shareId)),
  );

  app.get(
    '/bots/:id',
    {
      preHandler: optionalAuth,
      schema: {
        tags,
        summary: 'A bot: mine, or one that is shared',
        params: deductionBotIdParams,
        response: { 200: envelope(deductionBot) },
      },
    },
    async (req) => ok(await bots.get(req.user?.id ?? null, req.params.id)),
  );

  app.put(
    '/bots/:id',
    {
      preHandler: [requireAuth, save],
      schema: {
        tags,
        security,
        summary: 'Change my bot (a new code version is queued for the ladder)',
        params: deductionBotIdParams,
        body: deductionBotBody,
        response: { 200: envelope(deductionBot) },
      },
    },
    async (req) => ok(await bots.update(req.user!.id, req.params.id, req.body)),
  );

  app.delete(
    '/bots/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Delete my bot',
        params: deductionBotIdParams,
        response: { 200: envelope(deletedFlag) },
      },
    },
    async (req) => ok(await bots.remove(req.user!.id, req.params.id)),
  );

  app.post(
    '/bots/:id/ladder',
    {
      preHandler: [requireAuth, save],
      schema: {
        tags,
        security,
        summary: 'Run my bot’s ladder again',
        params: deductionBotIdParams,
        response: { 200: envelope(deductionBot) },
      },
    },
    async (req) => ok(await bots.requeue(req.user!.id, req.params.id)),
  );

  app.get(
    '/ladder',
    {
      schema: {
        tags,
        summary: 'The bot ladder: shared bots ranked by their results against the built-in AIs (private bots are not listed)',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(50) }),
        response: { 200: envelope(deductionLadder) },
      },
    },
    async (req) => ok(await bots.ladder(req.query.limit)),
  );
}
