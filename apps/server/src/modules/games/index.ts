/**
 * The games module's public interface (sessions, verified results, leaderboards, statistics).
 * Depends on users (players' public names and pictures on the boards) and deduction-bots (a bot
 * seated in an online room), injected.
 *
 * The module's wiring, and nothing else: its services over one clock and one rank index, the
 * boards' warm-up, the sweep, the rank sync and the rooms' turn clock, the rooms' live topics,
 * the routes, the demo seed, its part of members' data.
 */
import { systemClock } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { ServerModule } from '../types.ts';
import { DeductionReferee } from './deduction-service.ts';
import type { GamesDeps } from './deps.ts';
import {
  RANK_SYNC,
  RANK_SYNC_EVERY_MS,
  ROOM_BOT_JOB,
  ROOM_CLOCK_JOB,
  roomBotJob,
  roomClockJob,
  SWEEP_EVERY_MS,
  SWEEP_STALE_SESSIONS,
  sweepStaleSessions,
  syncRanks,
} from './jobs.ts';
import { LeaderboardService } from './leaderboard-service.ts';
import { deductionRoomAccess, deductionSeatAccess } from './live-topics.ts';
import { gamesPrivacy } from './personal-data.ts';
import { PlayerSettingsService } from './player-settings-service.ts';
import { MemoryRankIndex, RedisRankIndex } from './rank-index.ts';
import { DatabaseRankIndex, FailoverRankIndex } from './rank-index-failover.ts';
import { RatingService } from './rating-service.ts';
import { RoomService } from './room-service.ts';
import { gamesRoutes } from './routes.ts';
import { gamesSeeder } from './seed.ts';
import { GamesService } from './service.ts';
import { StatisticsService } from './statistics-service.ts';

export type { GamesService } from './service.ts';
export type { GamesDeps } from './deps.ts';

export function createGamesModule(ctx: AppContext, deps: GamesDeps): ServerModule<GamesService> {
  const clock = systemClock;
  // With Redis: one shared board per game and period, answered from the database while Redis
  // is away (rank-index-failover.ts). Without: a board in this process, kept in step by rank-sync.
  const failover = ctx.redis.client
    ? new FailoverRankIndex(ctx.redis, new RedisRankIndex(ctx.redis.client), new DatabaseRankIndex(ctx.db))
    : null;
  const index = failover ?? new MemoryRankIndex();
  const boards = new LeaderboardService(ctx, deps.users, index, clock);
  failover?.setReloader((board) => boards.reload(board));
  const games = new GamesService(ctx, boards, new DeductionReferee(ctx, clock), clock);
  const stats = new StatisticsService(ctx, boards, clock);
  const settings = new PlayerSettingsService(ctx);
  const rooms = new RoomService(ctx, clock, deps.bots);
  const ratings = new RatingService(ctx);

  ctx.live.defineTopic('deduction-room', deductionRoomAccess(ctx));
  ctx.live.defineTopic('deduction-seat', deductionSeatAccess(ctx));
  // the live lane polls every 200 ms: a turn's time-out is played within a fraction of a second
  ctx.jobs.register(ROOM_CLOCK_JOB, roomClockJob(rooms), { lane: 'live' });
  // a seated bot's move runs up to seconds in the sandbox's thread: its own lane, polled as often
  ctx.jobs.register(ROOM_BOT_JOB, roomBotJob(rooms), { lane: 'deduction-room-bots', pollMs: 200 });

  // Rebuild the boards from the database at start (in the background: a board that is asked
  // for before it is loaded waits for its load).
  boards.warmUp().catch((err) => ctx.log.error({ err }, 'games: loading the leaderboards failed'));
  ctx.jobs.every(SWEEP_STALE_SESSIONS, SWEEP_EVERY_MS, sweepStaleSessions(ctx, games));
  if (index.kind === 'memory') ctx.jobs.every(RANK_SYNC, RANK_SYNC_EVERY_MS, syncRanks(boards));

  return {
    name: 'games',
    prefix: '/api/games',
    api: games,
    routes: gamesRoutes(ctx, { games, stats, boards, settings, rooms, ratings }),
    seeder: gamesSeeder(games),
    privacy: gamesPrivacy(ctx),
  };
}
