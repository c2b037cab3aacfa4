/**
 * /api/games/deduction/rooms — online deduction rooms (docs/deduction.md "Online rooms"), and
 * /api/games/deduction/ratings — the Glicko-2 rating board and a player's rating. Every call is
 * signed in; a seat's moves are its person's only (AUTH-1004 for anyone else).
 */
import {
  createRoomBody,
  envelope,
  inviteRoomBody,
  joinRoomBody,
  ratingBoard,
  ratingUserParams,
  readyRoomBody,
  roomList,
  roomMoveBody,
  roomParams,
  roomRevealBody,
  roomView,
  userRating,
} from '@moim/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import type { LimitRule } from '../../http/rate-limit.ts';
import type { RatingService } from './rating-service.ts';
import type { RoomService } from './room-service.ts';

const MOVES: LimitRule = { name: 'games.rooms.move', limit: 240, windowMs: 60_000 };
const ROOMS: LimitRule = { name: 'games.rooms.change', limit: 60, windowMs: 60_000 };
const tags = ['games'];
const security = [{ bearerAuth: [] }];
const done = z.object({ ok: z.literal(true) });

export function registerRoomRoutes(scope: FastifyInstance, ctx: AppContext, rooms: RoomService, ratings: RatingService) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { requireAuth } = ctx.guards;
  const moves = ctx.rateLimiter.perCaller(MOVES);
  const changes = ctx.rateLimiter.perCaller(ROOMS);

  app.get(
    '/deduction/rooms',
    {
      preHandler: requireAuth,
      schema: { tags, security, summary: 'Rooms I host, sit in or am invited to', response: { 200: envelope(roomList) } },
    },
    async (req) => ok(await rooms.list(req.user!)),
  );
  app.post(
    '/deduction/rooms',
    {
      preHandler: [requireAuth, changes],
      schema: { tags, security, summary: 'Create a room (I take seat 0)', body: createRoomBody, response: { 200: envelope(roomView) } },
    },
    async (req) => ok(await rooms.create(req.user!, req.body, req.ip)),
  );
  app.get(
    '/deduction/rooms/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: 'A room as my seat (or a spectator) may see it',
        params: roomParams,
        response: { 200: envelope(roomView) },
      },
    },
    async (req) => ok(await rooms.view(req.user!, req.params.id)),
  );
  app.post(
    '/deduction/rooms/:id/join',
    {
      preHandler: [requireAuth, changes],
      schema: {
        tags,
        security,
        summary: 'Take a free seat (invited, or with the link)',
        params: roomParams,
        body: joinRoomBody,
        response: { 200: envelope(roomView) },
      },
    },
    async (req) => ok(await rooms.join(req.user!, req.params.id, req.body.invite, req.ip)),
  );
  app.post(
    '/deduction/rooms/:id/invites',
    {
      preHandler: [requireAuth, changes],
      schema: {
        tags,
        security,
        summary: 'Invite a member by username (host)',
        params: roomParams,
        body: inviteRoomBody,
        response: { 200: envelope(done) },
      },
    },
    async (req) => {
      await rooms.invite(req.user!, req.params.id, req.body.username);
      return ok({ ok: true as const });
    },
  );
  app.post(
    '/deduction/rooms/:id/ready',
    {
      preHandler: [requireAuth, changes],
      schema: {
        tags,
        security,
        summary: 'Ready (or not) in my seat',
        params: roomParams,
        body: readyRoomBody,
        response: { 200: envelope(roomView) },
      },
    },
    async (req) => ok(await rooms.ready(req.user!, req.params.id, req.body.ready)),
  );
  app.post(
    '/deduction/rooms/:id/start',
    {
      preHandler: [requireAuth, changes],
      schema: {
        tags,
        security,
        summary: 'Start the game (host; every seat taken and ready)',
        params: roomParams,
        response: { 200: envelope(roomView) },
      },
    },
    async (req) => ok(await rooms.start(req.user!, req.params.id)),
  );
  app.post(
    '/deduction/rooms/:id/moves',
    {
      preHandler: [requireAuth, moves],
      schema: {
        tags,
        security,
        summary: 'My guess, on my turn',
        params: roomParams,
        body: roomMoveBody,
        response: { 200: envelope(roomView) },
      },
    },
    async (req) => ok(await rooms.move(req.user!, req.params.id, req.body.turn, req.body.guess)),
  );
  app.post(
    '/deduction/rooms/:id/reveals',
    {
      preHandler: [requireAuth, moves],
      schema: {
        tags,
        security,
        summary: 'Buy a reveal on my turn (private)',
        params: roomParams,
        body: roomRevealBody,
        response: { 200: envelope(roomView) },
      },
    },
    async (req) => ok(await rooms.reveal(req.user!, req.params.id, req.body.turn, req.body.kind)),
  );
  app.post(
    '/deduction/rooms/:id/leave',
    {
      preHandler: [requireAuth, changes],
      schema: {
        tags,
        security,
        summary: 'Leave (before the start: free my seat; during the game: the timer plays for me)',
        params: roomParams,
        response: { 200: envelope(done) },
      },
    },
    async (req) => {
      await rooms.leave(req.user!, req.params.id);
      return ok({ ok: true as const });
    },
  );
  app.post(
    '/deduction/rooms/:id/presence',
    {
      preHandler: [requireAuth, moves],
      schema: {
        tags,
        security,
        summary: 'I am here (the page’s heartbeat; returns me to a game I left)',
        params: roomParams,
        response: { 200: envelope(done) },
      },
    },
    async (req) => {
      await rooms.presence(req.user!, req.params.id);
      return ok({ ok: true as const });
    },
  );

  app.get(
    '/deduction/ratings',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: 'The rating board (Glicko-2, online games between people)',
        response: { 200: envelope(ratingBoard) },
      },
    },
    async () => ok(await ratings.board()),
  );
  app.get(
    '/deduction/ratings/users/:userId',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: 'A player’s rating (null: no rated game yet)',
        params: ratingUserParams,
        response: { 200: envelope(userRating) },
      },
    },
    async (req) => ok(await ratings.ofUser(req.params.userId)),
  );
}
