/**
 * The games module's background work, registered by index.ts: the sweep that abandons stale
 * sessions, the rank sync of in-process boards (without Redis), the online rooms' turn clock
 * (a job in the `live` lane, so it survives a restart and a turn's time-out is played within a
 * fraction of a second) and their bots' moves (a lane of their own: a move may take seconds).
 */
import type { AppContext } from '../../context.ts';
import type { JobHandler } from '../../jobs/queue.ts';
import type { LeaderboardService } from './leaderboard-service.ts';
import type { RoomService } from './room-service.ts';
import type { GamesService } from './service.ts';

export const SWEEP_STALE_SESSIONS = 'games.abandon-stale-sessions';
export const SWEEP_EVERY_MS = 10 * 60_000;
export const RANK_SYNC = 'games.rank-sync';
export const RANK_SYNC_EVERY_MS = 5_000;
/** The turn clock of online rooms (room-service.ts queues it for each turn). */
export const ROOM_CLOCK_JOB = 'deduction-room.clock';
/** A seated custom bot's move (room-service.ts queues it when the turn is the bot's). */
export const ROOM_BOT_JOB = 'deduction-room.bot-move';

/** Abandons sessions left without an end. */
export function sweepStaleSessions(ctx: AppContext, games: Pick<GamesService, 'sweepStale'>): () => Promise<void> {
  return async () => {
    const n = await games.sweepStale();
    if (n > 0) ctx.log.info({ abandoned: n }, 'games: abandoned stale sessions');
  };
}

/** Folds the bests other instances wrote into this process's boards. */
export function syncRanks(boards: Pick<LeaderboardService, 'syncRecent'>): () => Promise<void> {
  return async () => {
    await boards.syncRecent();
  };
}

/** A bot's turn: runs the bot in the sandbox's thread, then plays its answer if the turn is still its. */
export function roomBotJob(rooms: Pick<RoomService, 'botTurn'>): JobHandler {
  return (p) => rooms.botTurn(String(p.roomId), Number(p.turn));
}

/** The turn clock's handler: plays a turn's time-out when its time is up or its person is away. */
export function roomClockJob(rooms: Pick<RoomService, 'turnClock'>): JobHandler {
  return (p) => rooms.turnClock(String(p.roomId), Number(p.turn));
}
