/**
 * /api/games/deduction/sessions/:id — the DEDUCTION referee (docs/deduction.md): the view of a
 * session for this device, a move of the seat whose turn it is, and reveals. Owner only; the
 * answers never appear before the game is over.
 */
import { deductionPlay, deductionRevealBody, deductionSessionParams, deductionTurnBody, envelope } from '@moim/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import type { LimitRule } from '../../http/rate-limit.ts';
import type { GamesService } from './service.ts';

const TURNS: LimitRule = { name: 'games.deduction.turn', limit: 240, windowMs: 60_000 };
const tags = ['games'];
const security = [{ bearerAuth: [] }];

export function registerDeductionRoutes(scope: FastifyInstance, ctx: AppContext, games: GamesService) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { requireAuth } = ctx.guards;
  const limit = ctx.rateLimiter.perCaller(TURNS);

  app.get(
    '/deduction/sessions/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: 'My DEDUCTION session as this device sees it (hints and counts of its own seats; answers only at the end)',
        params: deductionSessionParams,
        response: { 200: envelope(deductionPlay) },
      },
    },
    async (req) => ok(await games.deduction.play(req.user!.id, req.params.id)),
  );

  app.post(
    '/deduction/sessions/:id/turns',
    {
      preHandler: [requireAuth, limit],
      schema: {
        tags,
        security,
        summary:
          'The move of the seat whose turn it is: a guess or time-out (person), a guess or skip (bot), nothing (built-in AI: the server plays)',
        params: deductionSessionParams,
        body: deductionTurnBody,
        response: { 200: envelope(deductionPlay) },
      },
    },
    async (req) => ok(await games.deduction.turn(req.user!.id, req.params.id, req.body)),
  );

  app.post(
    '/deduction/sessions/:id/reveals',
    {
      preHandler: [requireAuth, limit],
      schema: {
        tags,
        security,
        summary: 'Buy a reveal during my turn: one answer or one wrong keyword (costs points)',
        params: deductionSessionParams,
        body: deductionRevealBody,
        response: { 200: envelope(deductionPlay) },
      },
    },
    async (req) => ok(await games.deduction.reveal(req.user!.id, req.params.id, req.body.turn, req.body.kind)),
  );
}
