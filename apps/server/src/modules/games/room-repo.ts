/** SQL of online deduction rooms and ratings (games module tables; names from users' `user_public` view). */
import { and, asc, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userPublic } from '../users/index.ts';
import { deductionRoomInvites, deductionRooms, deductionRoomSeats, gameRatingChanges, gameRatings } from './schema.ts';

export type RoomRow = typeof deductionRooms.$inferSelect;
export type SeatRow = typeof deductionRoomSeats.$inferSelect;
export type RatingRow = typeof gameRatings.$inferSelect;
export type RatingChangeRow = typeof gameRatingChanges.$inferSelect;

export async function insertRoom(db: DbOrTx, values: typeof deductionRooms.$inferInsert): Promise<RoomRow> {
  const rows = await db.insert(deductionRooms).values(values).returning();
  return rows[0]!;
}

export async function findRoom(db: DbOrTx, id: string): Promise<RoomRow | undefined> {
  return (await db.select().from(deductionRooms).where(eq(deductionRooms.id, id)))[0];
}

/** The room's row, held until the transaction ends (one change at a time per room). */
export async function lockRoom(db: DbOrTx, id: string): Promise<RoomRow | undefined> {
  return (await db.select().from(deductionRooms).where(eq(deductionRooms.id, id)).for('update'))[0];
}

export async function updateRoom(db: DbOrTx, id: string, set: Partial<typeof deductionRooms.$inferInsert>): Promise<void> {
  await db
    .update(deductionRooms)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(deductionRooms.id, id));
}

export async function seatsOf(db: DbOrTx, roomId: string): Promise<SeatRow[]> {
  return db.select().from(deductionRoomSeats).where(eq(deductionRoomSeats.roomId, roomId)).orderBy(asc(deductionRoomSeats.seat));
}

export async function insertSeat(db: DbOrTx, values: typeof deductionRoomSeats.$inferInsert): Promise<void> {
  await db.insert(deductionRoomSeats).values(values);
}

export async function updateSeat(db: DbOrTx, roomId: string, seat: number, set: Partial<typeof deductionRoomSeats.$inferInsert>) {
  await db
    .update(deductionRoomSeats)
    .set(set)
    .where(and(eq(deductionRoomSeats.roomId, roomId), eq(deductionRoomSeats.seat, seat)));
}

export async function deleteSeat(db: DbOrTx, roomId: string, seat: number): Promise<void> {
  await db.delete(deductionRoomSeats).where(and(eq(deductionRoomSeats.roomId, roomId), eq(deductionRoomSeats.seat, seat)));
}

/** A person's presence (a heartbeat of their room page). */
export async function touchSeat(db: DbOrTx, roomId: string, userId: string): Promise<void> {
  await db
    .update(deductionRoomSeats)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(deductionRoomSeats.roomId, roomId), eq(deductionRoomSeats.userId, userId)));
}

/** The seat whose private topic this is, if it is this user's. */
export async function seatByChannel(db: DbOrTx, channel: string): Promise<SeatRow | undefined> {
  return (await db.select().from(deductionRoomSeats).where(eq(deductionRoomSeats.channel, channel)))[0];
}

export async function isInvited(db: DbOrTx, roomId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ u: deductionRoomInvites.userId })
    .from(deductionRoomInvites)
    .where(and(eq(deductionRoomInvites.roomId, roomId), eq(deductionRoomInvites.userId, userId)));
  return rows.length > 0;
}

export async function invite(db: DbOrTx, roomId: string, userId: string): Promise<void> {
  await db.insert(deductionRoomInvites).values({ roomId, userId }).onConflictDoNothing();
}

/** An active member by username (case-insensitive). */
export async function memberByUsername(db: DbOrTx, username: string): Promise<{ id: string; name: string | null } | undefined> {
  const rows = await db
    .select({ id: userPublic.id, name: userPublic.name })
    .from(userPublic)
    .where(and(sql`lower(${userPublic.username}) = lower(${username})`, eq(userPublic.active, true)));
  return rows[0];
}

export async function namesOf(db: DbOrTx, ids: string[]): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: userPublic.id, name: userPublic.name }).from(userPublic).where(inArray(userPublic.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Rooms I host, sit in or am invited to (not closed), newest first. */
export async function roomsOf(db: DbOrTx, userId: string, limit = 30) {
  const seated = db.select({ id: deductionRoomSeats.roomId }).from(deductionRoomSeats).where(eq(deductionRoomSeats.userId, userId));
  const invited = db.select({ id: deductionRoomInvites.roomId }).from(deductionRoomInvites).where(eq(deductionRoomInvites.userId, userId));
  return db
    .select()
    .from(deductionRooms)
    .where(
      and(
        sql`${deductionRooms.status} <> 'CLOSED'`,
        or(eq(deductionRooms.hostId, userId), inArray(deductionRooms.id, seated), inArray(deductionRooms.id, invited)),
      ),
    )
    .orderBy(desc(deductionRooms.createdAt))
    .limit(limit);
}

export async function seatCounts(db: DbOrTx, roomIds: string[]): Promise<Map<string, SeatRow[]>> {
  const out = new Map<string, SeatRow[]>();
  if (roomIds.length === 0) return out;
  const rows = await db.select().from(deductionRoomSeats).where(inArray(deductionRoomSeats.roomId, roomIds));
  for (const r of rows) out.set(r.roomId, [...(out.get(r.roomId) ?? []), r]);
  return out;
}

export async function ratingsOf(db: DbOrTx, userIds: string[]): Promise<Map<string, RatingRow>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(gameRatings)
    .where(and(eq(gameRatings.gameType, 'DEDUCTION'), inArray(gameRatings.userId, userIds)))
    .for('update');
  return new Map(rows.map((r) => [r.userId, r]));
}

export async function upsertRating(db: DbOrTx, userId: string, r: { rating: number; deviation: number; volatility: number }) {
  await db
    .insert(gameRatings)
    .values({ userId, gameType: 'DEDUCTION', ...r, games: 1 })
    .onConflictDoUpdate({
      target: [gameRatings.userId, gameRatings.gameType],
      set: { ...r, games: sql`${gameRatings.games} + 1`, updatedAt: sql`now()` },
    });
}

export async function insertRatingChanges(db: DbOrTx, rows: (typeof gameRatingChanges.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(gameRatingChanges).values(rows);
}

export async function ratingChangesOf(db: DbOrTx, roomId: string): Promise<RatingChangeRow[]> {
  return db.select().from(gameRatingChanges).where(eq(gameRatingChanges.roomId, roomId));
}

/** The rating board: active players by rating. */
export async function ratingBoard(db: DbOrTx, limit: number) {
  return db
    .select({
      userId: gameRatings.userId,
      name: userPublic.name,
      rating: gameRatings.rating,
      deviation: gameRatings.deviation,
      games: gameRatings.games,
    })
    .from(gameRatings)
    .innerJoin(userPublic, eq(userPublic.id, gameRatings.userId))
    .where(and(eq(gameRatings.gameType, 'DEDUCTION'), eq(userPublic.active, true), isNotNull(userPublic.id)))
    .orderBy(desc(gameRatings.rating), asc(gameRatings.userId))
    .limit(limit);
}

export async function ratingOf(db: DbOrTx, userId: string) {
  const rows = await db
    .select({
      userId: gameRatings.userId,
      name: userPublic.name,
      rating: gameRatings.rating,
      deviation: gameRatings.deviation,
      games: gameRatings.games,
    })
    .from(gameRatings)
    .innerJoin(userPublic, eq(userPublic.id, gameRatings.userId))
    .where(and(eq(gameRatings.gameType, 'DEDUCTION'), eq(gameRatings.userId, userId), eq(userPublic.active, true)));
  return rows[0];
}
