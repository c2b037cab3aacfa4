/**
 * A room as one user may see it (room-service.ts reads the rows): their seat's view of the game,
 * or a spectator's (what every player sees); the invite link only for the host and the seated;
 * after the end, every seat's result and rating change. Pure: no database, no clock of its own.
 */
import type { DeductionViewValue, RoomViewValue } from '@moim/contract';
import { DeductionGame, deductionResult, deductionView } from '@moim/games';
import { seedCommitment } from './deduction-service.ts';
import type { UnratedReason } from './room-finish.ts';
import type * as roomRepo from './room-repo.ts';

/** A person seen within this is shown as connected (the page's heartbeat is every 10 s). */
export const CONNECTED_MS = 25_000;

/** The game of a started room, replayed on its seed from the refereed log. */
export function replayRoom(room: Pick<roomRepo.RoomRow, 'seed' | 'settings' | 'events'>): DeductionGame {
  const setup = room.settings;
  const game = new DeductionGame(room.seed, setup.settings, setup.seats!);
  for (const e of room.events) game.apply(e);
  return game;
}

export function roomViewOf(
  room: roomRepo.RoomRow,
  seats: readonly roomRepo.SeatRow[],
  who: {
    mine: roomRepo.SeatRow | undefined;
    names: Map<string, string | null>;
    changes: readonly { userId: string; ratingBefore: number; ratingAfter: number }[];
    invite: boolean;
    now: number;
  },
): RoomViewValue {
  const { mine, names, now } = who;
  const setup = room.settings;
  let game: RoomViewValue['game'] = null;
  let result: RoomViewValue['result'] = null;
  if (room.status === 'PLAYING' || room.status === 'FINISHED') {
    const g = replayRoom(room);
    const turnStartedAt = room.turnStartedAt;
    game = {
      view: deductionView(g, mine ? [mine.seat] : []) as DeductionViewValue,
      turnStartedAt: g.outcome ? null : (turnStartedAt?.toISOString() ?? null),
      turnDeadline: g.outcome || !turnStartedAt ? null : new Date(turnStartedAt.getTime() + g.settings.turnSeconds * 1000).toISOString(),
      commitment: seedCommitment(room.seed),
    };
    if (room.status === 'FINISHED' && g.outcome) {
      const changes = new Map(who.changes.map((c) => [c.userId, c]));
      result = {
        seed: room.seed,
        rated: room.rated === true,
        unratedReason: (room.unratedReason as UnratedReason | null) ?? null,
        seats: g.seats.map((_, seat) => {
          const row = seats.find((s) => s.seat === seat);
          const change = row?.userId ? changes.get(row.userId) : undefined;
          return {
            seat,
            userId: row?.userId ?? null,
            standing: g.standing(seat)!,
            score: deductionResult(g, seat).fields.score,
            ratingBefore: change?.ratingBefore ?? null,
            ratingAfter: change?.ratingAfter ?? null,
          };
        }),
      };
    }
  }
  return {
    id: room.id,
    status: room.status,
    hostId: room.hostId,
    invite: who.invite ? room.inviteCode : null,
    settings: setup.settings,
    seats: setup.plan.map((p, seat) => {
      const row = seats.find((s) => s.seat === seat);
      return {
        seat,
        kind: p.kind,
        userId: row?.userId ?? null,
        name: p.kind === 'BOT' ? p.name : row?.userId ? (names.get(row.userId) ?? null) : null,
        level: p.kind === 'AI' ? p.level : null,
        ready: row?.ready ?? false,
        connected: p.kind !== 'HUMAN' || (!!row && !row.leftAt && now - row.lastSeenAt.getTime() < CONNECTED_MS),
        left: !!row?.leftAt,
      };
    }),
    mySeat: mine?.seat ?? null,
    seatTopic: mine ? `deduction-seat:${mine.channel}` : null,
    game,
    result,
  };
}
