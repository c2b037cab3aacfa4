/**
 * /api/games/tetris/settings — my Tetris controls (key repeat, soft-drop speed, key bindings).
 * Signed-in players only, and only their own: the path names no player, the service keys every
 * call on the caller. A body that breaks the contract (a key bound to two actions, a DAS out of
 * range …) answers 400 with its fields in the reader's language.
 */
import { envelope, tetrisSettings, tetrisSettingsAnswer } from '@moim/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import type { LimitRule } from '../../http/rate-limit.ts';
import type { PlayerSettingsService } from './player-settings-service.ts';

const SAVES: LimitRule = { name: 'games.settings.save', limit: 30, windowMs: 60_000 };
const tags = ['games'];
const security = [{ bearerAuth: [] }];

export function registerPlayerSettingsRoutes(scope: FastifyInstance, ctx: AppContext, settings: PlayerSettingsService) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { requireAuth } = ctx.guards;

  app.get(
    '/tetris/settings',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: 'My Tetris controls (the defaults, with updatedAt null, until I save mine)',
        response: { 200: envelope(tetrisSettingsAnswer) },
      },
    },
    async (req) => ok(await settings.tetris(req.user!.id)),
  );

  app.put(
    '/tetris/settings',
    {
      preHandler: [requireAuth, ctx.rateLimiter.perCaller(SAVES)],
      schema: {
        tags,
        security,
        summary: 'Replace my Tetris controls: DAS and ARR (ms), soft-drop factor, the keys of each action',
        body: tetrisSettings,
        response: { 200: envelope(tetrisSettingsAnswer) },
      },
    },
    async (req) => ok(await settings.saveTetris(req.user!.id, req.body)),
  );
}
