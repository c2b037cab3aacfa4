/** Online rooms and ratings (docs/deduction.md "Online rooms"), with their TanStack Query options. */
import { ratingBoard, roomList, roomView, userRating, type CreateRoomBody } from '@moim/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deductionPaths as paths } from '../../../shared/api/paths/games';

export const roomsApi = {
  list: () => api.get(paths.rooms, { schema: import.meta.env.DEV && roomList }),
  create: (body: CreateRoomBody) => api.post(paths.rooms, body, { schema: import.meta.env.DEV && roomView }),
  view: (id: string) => api.get(paths.room(id), { schema: import.meta.env.DEV && roomView }),
  join: (id: string, invite: string | undefined) =>
    api.post(paths.roomAction(id, 'join'), invite ? { invite } : {}, { schema: import.meta.env.DEV && roomView }),
  invite: (id: string, username: string) => api.post(paths.roomAction(id, 'invites'), { username }),
  ready: (id: string, ready: boolean) => api.post(paths.roomAction(id, 'ready'), { ready }, { schema: import.meta.env.DEV && roomView }),
  start: (id: string) => api.post(paths.roomAction(id, 'start'), {}, { schema: import.meta.env.DEV && roomView }),
  move: (id: string, turn: number, guess: number[]) =>
    api.post(paths.roomAction(id, 'moves'), { turn, guess }, { schema: import.meta.env.DEV && roomView }),
  reveal: (id: string, turn: number, kind: 'ANSWER' | 'WRONG') =>
    api.post(paths.roomAction(id, 'reveals'), { turn, kind }, { schema: import.meta.env.DEV && roomView }),
  leave: (id: string) => api.post(paths.roomAction(id, 'leave'), {}),
  presence: (id: string) => api.post(paths.roomAction(id, 'presence'), {}),
  ratings: () => api.get(paths.ratings, { schema: import.meta.env.DEV && ratingBoard }),
  userRating: (userId: string) => api.get(paths.userRating(userId), { schema: import.meta.env.DEV && userRating }),
};

export const roomKeys = {
  list: () => ['deduction', 'rooms'] as const,
  room: (id: string) => ['deduction', 'rooms', id] as const,
  ratings: () => ['deduction', 'ratings'] as const,
  userRating: (userId: string) => ['deduction', 'ratings', userId] as const,
};

export const roomListQuery = () => queryOptions({ queryKey: roomKeys.list(), queryFn: roomsApi.list });
export const roomQuery = (id: string) => queryOptions({ queryKey: roomKeys.room(id), queryFn: () => roomsApi.view(id) });
export const ratingBoardQuery = () => queryOptions({ queryKey: roomKeys.ratings(), queryFn: roomsApi.ratings });
export const userRatingQuery = (userId: string) =>
  queryOptions({ queryKey: roomKeys.userRating(userId), queryFn: () => roomsApi.userRating(userId) });
