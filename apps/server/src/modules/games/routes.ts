/**
 * /api/games (SPEC §7 "Games"). Public: types, global leaderboards, user boards, game and user
 * statistics. Everything else needs login and is checked against the session's owner in the
 * service. Game calls never trigger the web client's 401-refresh (SPEC §7).
 */
import {
  aroundMeParams,
  aroundMeQuery,
  endSessionBody,
  envelope,
  gameHistoryQuery,
  gameRecordResult,
  gameSession,
  gameSessionIdBody,
  gameSessionIdParams,
  gameStateQuery,
  gameStatistics,
  gameTypeInfo,
  gameTypeParams,
  gameUserIdParams,
  globalLeaderboardQuery,
  guestImportBody,
  guestImportResult,
  latestGameStateQuery,
  leaderboard,
  myGameStatistics,
  myStatistics,
  saveStateBody,
  savedGameState,
  startSessionBody,
  userLeaderboardQuery,
  userStatistics,
  deletedCount,
} from '@moim/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import type { LimitRule } from '../../http/rate-limit.ts';
import { requestLocale } from '../../http/locale.ts';
import { registerDeductionRoutes } from './deduction-routes.ts';
import { leaderboardSerializerCompiler } from './leaderboard-json.ts';
import type { LeaderboardService } from './leaderboard-service.ts';
import { registerPlayerSettingsRoutes } from './player-settings-routes.ts';
import type { PlayerSettingsService } from './player-settings-service.ts';
import type { RatingService } from './rating-service.ts';
import { registerRoomRoutes } from './room-routes.ts';
import type { RoomService } from './room-service.ts';
import { gameTypeList, type GamesService } from './service.ts';
import type { StatisticsService } from './statistics-service.ts';

const LIMITS = {
  start: { name: 'games.start', limit: 60, windowMs: 60_000 },
  end: { name: 'games.end', limit: 30, windowMs: 60_000 },
  save: { name: 'games.save', limit: 120, windowMs: 60_000 },
  import: { name: 'games.import', limit: 10, windowMs: 60_000 },
} satisfies Record<string, LimitRule>;

const tags = ['games'];

/** Boards per difficulty exist for DEDUCTION only; the filter means nothing for other games. */
const variantOf = (gameType: string, difficulty: string | undefined) => (gameType === 'DEDUCTION' ? (difficulty ?? null) : null);
const auth = [{ bearerAuth: [] }];

/** The services the routes call (built by `createGamesModule`, index.ts). */
export interface GamesRouteServices {
  games: GamesService;
  stats: StatisticsService;
  boards: LeaderboardService;
  settings: PlayerSettingsService;
  rooms: RoomService;
  ratings: RatingService;
}

export function gamesRoutes(ctx: AppContext, services: GamesRouteServices) {
  return async (scope: FastifyInstance) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const { games, stats, boards } = services;
    const { requireAuth } = ctx.guards;
    const limit = (rule: LimitRule) => ctx.rateLimiter.perCaller(rule);

    app.get(
      '/types',
      { schema: { tags, summary: 'The lab games and their result fields', response: { 200: envelope(z.array(gameTypeInfo)) } } },
      async () => ok(gameTypeList()),
    );

    /* Sessions ------------------------------------------------------------------------- */

    app.post(
      '/sessions/start',
      {
        preHandler: [requireAuth, limit(LIMITS.start)],
        schema: {
          tags,
          security: auth,
          summary: 'Start a session (abandons the game session in progress); answers the seed to play on',
          body: startSessionBody,
          response: { 200: envelope(gameSession) },
        },
      },
      async (req) => ok(await games.start(req.user!.id, req.body.gameTypeCode, req.body.metadata, requestLocale(req))),
    );

    app.post(
      '/sessions/end',
      {
        preHandler: [requireAuth, limit(LIMITS.end)],
        bodyLimit: 5 * 1024 * 1024,
        schema: {
          tags,
          security: auth,
          summary: 'End a session with its result (TETRIS results are replayed; refused → VAL-2004)',
          body: endSessionBody,
          response: { 200: envelope(gameRecordResult) },
        },
      },
      async (req) => {
        const r = await games.end(req.user!.id, req.body.sessionId, req.body.result, requestLocale(req));
        stats.invalidate(r.gameType);
        return ok(r);
      },
    );

    app.post(
      '/sessions/abandon',
      {
        preHandler: requireAuth,
        schema: { tags, security: auth, summary: 'Abandon a session', body: gameSessionIdBody, response: { 200: envelope(gameSession) } },
      },
      async (req) => ok(await games.abandon(req.user!.id, req.body.sessionId)),
    );

    app.get(
      '/sessions/:id',
      {
        preHandler: requireAuth,
        schema: {
          tags,
          security: auth,
          summary: 'One of my sessions',
          params: gameSessionIdParams,
          response: { 200: envelope(gameSession) },
        },
      },
      async (req) => ok(await games.get(req.user!.id, req.params.id)),
    );

    /* Saved states --------------------------------------------------------------------- */

    app.post(
      '/states/save',
      {
        preHandler: [requireAuth, limit(LIMITS.save)],
        schema: {
          tags,
          security: auth,
          summary: 'Save a state of a session in progress (≤ 256 KB of text)',
          body: saveStateBody,
          response: { 200: envelope(savedGameState) },
        },
      },
      async (req) => ok(await games.saveState(req.user!.id, req.body.sessionId, req.body.stateType, req.body.stateData)),
    );

    app.get(
      '/states/latest',
      {
        preHandler: requireAuth,
        schema: {
          tags,
          security: auth,
          summary: 'My newest saved state of a game still in progress (null when none)',
          querystring: latestGameStateQuery,
          response: { 200: envelope(savedGameState.nullable()) },
        },
      },
      async (req) => ok(await games.latestState(req.user!.id, req.query.gameType, req.query.stateType)),
    );

    app.get(
      '/states/:id',
      {
        preHandler: requireAuth,
        schema: {
          tags,
          security: auth,
          summary: "A session's newest saved state (null when none)",
          params: gameSessionIdParams,
          querystring: gameStateQuery,
          response: { 200: envelope(savedGameState.nullable()) },
        },
      },
      async (req) => ok(await games.getState(req.user!.id, req.params.id, req.query.stateType)),
    );

    app.delete(
      '/states/:id',
      {
        preHandler: requireAuth,
        schema: {
          tags,
          security: auth,
          summary: "Delete a session's saved states",
          params: gameSessionIdParams,
          response: { 200: envelope(deletedCount) },
        },
      },
      async (req) => ok(await games.deleteStates(req.user!.id, req.params.id)),
    );

    /* Leaderboards --------------------------------------------------------------------- */
    // The three hot reads write their JSON directly (leaderboard-json.ts), byte for byte what the
    // zod serializer gives, instead of encoding the whole answer through the schema each time.

    app.get(
      '/leaderboards/global',
      {
        preHandler: ctx.guards.optionalAuth,
        serializerCompiler: leaderboardSerializerCompiler,
        schema: {
          tags,
          summary: 'Top scores (best per player); userRank is the caller’s when signed in',
          querystring: globalLeaderboardQuery,
          response: { 200: envelope(leaderboard) },
        },
      },
      async (req) =>
        ok(
          await boards.global(
            req.query.gameType,
            req.query.period,
            req.query.limit,
            req.user?.id ?? null,
            variantOf(req.query.gameType, req.query.difficulty),
          ),
        ),
    );

    app.get(
      '/leaderboards/user',
      {
        serializerCompiler: leaderboardSerializerCompiler,
        schema: {
          tags,
          summary: "A player's entry and rank on a board",
          querystring: userLeaderboardQuery,
          response: { 200: envelope(leaderboard) },
        },
      },
      async (req) =>
        ok(
          await boards.forUser(req.query.gameType, req.query.period, req.query.userId, variantOf(req.query.gameType, req.query.difficulty)),
        ),
    );

    app.get(
      '/leaderboards/:gameType/around-me',
      {
        preHandler: ctx.guards.requireAuth,
        serializerCompiler: leaderboardSerializerCompiler,
        schema: {
          tags,
          security: auth,
          summary: 'The players ranked just above and below me',
          params: aroundMeParams,
          querystring: aroundMeQuery,
          response: { 200: envelope(leaderboard) },
        },
      },
      async (req) =>
        ok(
          await boards.aroundMe(
            req.params.gameType,
            req.query.period,
            req.user!.id,
            req.query.range,
            variantOf(req.params.gameType, req.query.difficulty),
          ),
        ),
    );

    /* Statistics ------------------------------------------------------------------------ */

    app.get(
      '/statistics/my',
      {
        preHandler: requireAuth,
        schema: { tags, security: auth, summary: 'My statistics for every game', response: { 200: envelope(myStatistics) } },
      },
      async (req) => ok(await stats.my(req.user!.id)),
    );

    app.get(
      '/statistics/my/:gameType',
      {
        preHandler: requireAuth,
        schema: {
          tags,
          security: auth,
          summary: 'My statistics for one game, with my recent scores (newest first)',
          params: gameTypeParams,
          querystring: gameHistoryQuery,
          response: { 200: envelope(myGameStatistics) },
        },
      },
      async (req) => ok(await stats.myGame(req.user!.id, req.params.gameType, req.query.limit)),
    );

    app.get(
      '/statistics/user/:id',
      {
        schema: {
          tags,
          summary: "A player's public statistics",
          params: gameUserIdParams,
          response: { 200: envelope(userStatistics) },
        },
      },
      async (req) => ok(await stats.user(req.params.id)),
    );

    app.get(
      '/statistics/game/:gameType',
      {
        schema: { tags, summary: 'Statistics of a game', params: gameTypeParams, response: { 200: envelope(gameStatistics) } },
      },
      async (req) => ok(await stats.game(req.params.gameType)),
    );

    registerDeductionRoutes(app, ctx, games);
    registerPlayerSettingsRoutes(app, ctx, services.settings);
    registerRoomRoutes(app, ctx, services.rooms, services.ratings);

    /* Guest history --------------------------------------------------------------------- */

    app.post(
      '/guest-history/import',
      {
        preHandler: [requireAuth, limit(LIMITS.import)],
        schema: {
          tags,
          security: auth,
          summary: "Import a guest's local results as unranked history (once per guest id)",
          body: guestImportBody,
          response: { 200: envelope(guestImportResult) },
        },
      },
      async (req) => {
        const r = await games.importGuestHistory(req.user!.id, req.body.entries);
        for (const g of new Set(req.body.entries.map((e) => e.gameType))) stats.invalidate(g);
        return ok(r);
      },
    );
  };
}
