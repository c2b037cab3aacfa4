/**
 * The end of an online deduction game (docs/deduction.md "Online rooms"): the refereed log is
 * verified by replaying it on the seed (the same check as sessions/end), recorded for every
 * person as a completed, verified, unranked DEDUCTION session with their own seat's result,
 * and — when the rating rule allows (docs/decisions/2026-11-29-deduction-rating-rule.md) — every
 * person's Glicko-2 rating is updated, all in the transaction of the move that ended the game.
 */
import { createHash, createHmac } from 'node:crypto';
import { glicko2Multiplayer, GLICKO2_START, deductionResult, verifyDeductionResult, type DeductionGame } from '@moim/games';
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './repo.ts';
import * as roomRepo from './room-repo.ts';

export type UnratedReason = 'HAS_AI' | 'HAS_BOT' | 'SAME_NETWORK';

/**
 * The network a seat was taken from, as a keyed hash (IPv4 /24, IPv6 /64): two seats from one
 * network make the game unrated. Kept only until the game ends.
 */
export function networkOf(ip: string, secret: string): string {
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+)\.\d+$/.exec(ip);
  const prefix = v4 ? v4[1]! : ip.split(':').slice(0, 4).join(':');
  return createHmac('sha256', secret).update(`deduction-room|${prefix}`).digest('hex').slice(0, 32);
}

/** Whether a finished game between these seats is rated, and why not. */
export function ratingRule(seats: readonly roomRepo.SeatRow[]): { rated: boolean; reason: UnratedReason | null } {
  if (seats.some((s) => s.aiLevel !== null)) return { rated: false, reason: 'HAS_AI' };
  // a bot plays as its owner tells it to (it could be written to lose)
  if (seats.some((s) => s.botId !== null)) return { rated: false, reason: 'HAS_BOT' };
  const networks = seats.map((s) => s.network).filter((n): n is string => n !== null);
  if (new Set(networks).size !== networks.length) return { rated: false, reason: 'SAME_NETWORK' };
  return { rated: true, reason: null };
}

/** `now`: the instant the game ended (the sessions' and records' time, the room's finish). */
export async function finishRoom(
  tx: DbOrTx,
  room: roomRepo.RoomRow,
  seats: roomRepo.SeatRow[],
  game: DeductionGame,
  now: Date,
): Promise<void> {
  // the log the referee kept, replayed from the seed: exactly the turns played, to the end
  const gameData = { v: 1, settings: game.settings, seats: game.seats, events: game.events };
  const claim = { ...deductionResult(game, 0).fields, gameData };
  const checked = verifyDeductionResult(claim, room.seed, { settings: game.settings, seats: game.seats, events: game.events });
  if (!checked.ok) throw new Error(`room ${room.id}: the refereed log does not verify (${checked.reason})`);
  const gameDataText = JSON.stringify(gameData);
  const people = seats.filter((s) => s.userId !== null);
  for (const s of people) {
    const { fields } = deductionResult(checked.game, s.seat);
    const session = await repo.insertSession(tx, {
      userId: s.userId!,
      gameType: 'DEDUCTION',
      status: 'COMPLETED',
      seed: room.seed,
      metadata: { settings: game.settings, seats: game.seats, roomId: room.id, seat: s.seat, client: 'room' },
      startedAt: room.startedAt ?? now,
      endedAt: now,
      resultHash: createHash('sha256').update(gameDataText).digest('hex'),
    });
    await repo.insertRecord(tx, {
      userId: s.userId!,
      gameType: 'DEDUCTION',
      source: 'SESSION',
      sessionId: session.id,
      verified: true,
      // online games never enter the score boards (a friend could be told to lose); they are rated instead
      ranked: false,
      score: fields.score,
      won: fields.won,
      timeElapsedSeconds: fields.timeElapsedSeconds,
      details: { ...fields, roomId: room.id, seat: s.seat },
      gameData: gameDataText,
      playedAt: now,
    });
    await roomRepo.updateSeat(tx, room.id, s.seat, { sessionId: session.id, network: null });
  }
  const rule = ratingRule(seats);
  if (rule.rated) {
    const before = await roomRepo.ratingsOf(
      tx,
      people.map((p) => p.userId!),
    );
    const players = people.map((p) => {
      const r = before.get(p.userId!);
      const rating = r ? { rating: r.rating, deviation: r.deviation, volatility: r.volatility } : GLICKO2_START;
      // winners rank 0, the rest 1 (a cap with several winners: they draw with each other)
      return { userId: p.userId!, rating, rank: checked.game.outcome!.winners.includes(p.seat) ? 0 : 1 };
    });
    const after = glicko2Multiplayer(players);
    for (const [i, p] of players.entries()) await roomRepo.upsertRating(tx, p.userId, after[i]!);
    await roomRepo.insertRatingChanges(
      tx,
      players.map((p, i) => ({
        roomId: room.id,
        userId: p.userId,
        ratingBefore: p.rating.rating,
        ratingAfter: after[i]!.rating,
        deviationBefore: p.rating.deviation,
        deviationAfter: after[i]!.deviation,
      })),
    );
  }
  await roomRepo.updateRoom(tx, room.id, {
    status: 'FINISHED',
    finishedAt: now,
    rated: rule.rated,
    unratedReason: rule.reason,
  });
}
