/**
 * The games module's live topics (docs/live.md, docs/deduction.md "Online rooms"):
 * `deduction-room:<roomId>`, what every player and spectator of a room may know, and
 * `deduction-seat:<channel>`, one seat's own counts. RoomService publishes on both after a change
 * commits.
 */
import type { AppContext } from '../../context.ts';
import type { TopicAuthorizer } from '../../live/hub.ts';
import * as roomRepo from './room-repo.ts';

/** Who may follow `deduction-room:<roomId>`: any signed-in person, while the room is not closed. */
export function deductionRoomAccess(ctx: AppContext): TopicAuthorizer {
  return async (_user, id) => {
    const room = await roomRepo.findRoom(ctx.db, id);
    return room !== undefined && room.status !== 'CLOSED';
  };
}

/** Who may follow `deduction-seat:<channel>`: the person in that seat. */
export function deductionSeatAccess(ctx: AppContext): TopicAuthorizer {
  return async (user, channel) => (await roomRepo.seatByChannel(ctx.db, channel))?.userId === user.id;
}
