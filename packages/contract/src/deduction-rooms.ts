/**
 * Online deduction rooms (issue 37, docs/deduction.md "Online rooms"): a host's room, people on
 * their own devices (built-in AIs and custom bots may fill seats), the server as referee. Each seat's view holds
 * only what that seat may know; a spectator's only what every player knows; the answers and the
 * seed appear once the game is over. Ratings: Glicko-2 for games between people.
 */
import { z } from 'zod';
import { AI_LEVEL_VALUES, DEDUCTION_PRESET_VALUES, DEDUCTION_THEME_VALUES, deductionSettings, deductionView } from './deduction.ts';

const int = z.number().int();
export const ROOM_STATUS_VALUES = ['OPEN', 'PLAYING', 'FINISHED', 'CLOSED'] as const;
/** Why a finished game between people was not rated (docs/decisions/2026-11-29-deduction-rating-rule.md). */
export const UNRATED_REASONS = ['HAS_AI', 'HAS_BOT', 'SAME_NETWORK'] as const;
/** How many custom bots one room may seat (each bot move runs in the server's sandbox). */
export const ROOM_MAX_BOTS = 2;

/**
 * A seat of the plan: a person (taken by whoever joins), a built-in AI, or a custom bot the host
 * may play against (their own, or one shared by its link), run by the server. The host is seat 0.
 */
export const roomSeatPlan = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('HUMAN') }),
  z.object({ kind: z.literal('AI'), level: z.enum(AI_LEVEL_VALUES) }),
  z.object({ kind: z.literal('BOT'), botId: z.guid() }),
]);

export const createRoomBody = z
  .object({
    preset: z.enum(DEDUCTION_PRESET_VALUES),
    theme: z.enum(DEDUCTION_THEME_VALUES).default('MIXED'),
    seats: z.array(roomSeatPlan).min(2).max(6),
  })
  .refine((b) => b.seats[0]!.kind === 'HUMAN', { path: ['seats', 0, 'kind'], message: 'form.invalid' })
  .refine((b) => b.seats.filter((s) => s.kind === 'HUMAN').length >= 2, { path: ['seats'], message: 'form.invalid' })
  .refine((b) => b.seats.filter((s) => s.kind === 'BOT').length <= ROOM_MAX_BOTS, { path: ['seats'], message: 'form.invalid' });
export type CreateRoomBody = z.infer<typeof createRoomBody>;

export const roomParams = z.object({ id: z.guid() });
export const joinRoomBody = z.object({ invite: z.string().min(8).max(64).optional() });
export const inviteRoomBody = z.object({ username: z.string().min(1).max(40) });
export const readyRoomBody = z.object({ ready: z.boolean() });
export const roomMoveBody = z.object({ turn: int.min(0), guess: z.array(int.min(0)).min(1).max(15) });
export const roomRevealBody = z.object({ turn: int.min(0), kind: z.enum(['ANSWER', 'WRONG']) });

export const roomSeat = z.object({
  seat: int,
  kind: z.enum(['HUMAN', 'AI', 'BOT']),
  /** null: a free seat for a person */
  userId: z.string().nullable(),
  name: z.string().nullable(),
  level: z.enum(AI_LEVEL_VALUES).nullable(),
  ready: z.boolean(),
  /** a person seen within the grace period (AIs always) */
  connected: z.boolean(),
  /** the person left the game (their turns are played by the timer at once) */
  left: z.boolean(),
});

export const roomSeatResult = z.object({
  seat: int,
  userId: z.string().nullable(),
  standing: z.enum(['WON', 'DRAW', 'LOST']),
  score: int,
  ratingBefore: z.number().nullable(),
  ratingAfter: z.number().nullable(),
});

export const roomView = z.object({
  id: z.string(),
  status: z.enum(ROOM_STATUS_VALUES),
  hostId: z.string(),
  /** only for the host and seated players (the link's secret) */
  invite: z.string().nullable(),
  settings: deductionSettings,
  seats: z.array(roomSeat),
  /** my seat, or null (a spectator) */
  mySeat: int.nullable(),
  /** my seat's private live topic (`deduction-seat:<id>`), or null */
  seatTopic: z.string().nullable(),
  /** while playing and after: the board as my seat (or a spectator) may see it */
  game: z
    .object({
      view: deductionView,
      turnStartedAt: z.string().nullable(),
      /** when the turn timer plays for the active seat */
      turnDeadline: z.string().nullable(),
      commitment: z.string(),
    })
    .nullable(),
  result: z
    .object({
      seed: z.string(),
      rated: z.boolean(),
      unratedReason: z.enum(UNRATED_REASONS).nullable(),
      seats: z.array(roomSeatResult),
    })
    .nullable(),
});
export type RoomViewValue = z.infer<typeof roomView>;

export const roomSummary = z.object({
  id: z.string(),
  status: z.enum(ROOM_STATUS_VALUES),
  hostId: z.string(),
  hostName: z.string().nullable(),
  preset: z.string(),
  seats: int,
  taken: int,
  /** how I am in it */
  role: z.enum(['HOST', 'SEATED', 'INVITED']),
  createdAt: z.string(),
});
export const roomList = z.object({ items: z.array(roomSummary) });

export const playerRating = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  rating: z.number(),
  deviation: z.number(),
  games: int,
  /** deviation above 110: the rating is still a guess */
  provisional: z.boolean(),
});
export type PlayerRating = z.infer<typeof playerRating>;
export const ratingBoard = z.object({ items: z.array(playerRating.extend({ rank: int })) });
export const ratingUserParams = z.object({ userId: z.guid() });
export const userRating = z.object({ rating: playerRating.nullable() });
/** A rating whose deviation is above this is provisional. */
export const GLICKO_PROVISIONAL = 110;
