/** The games module's paths (SPEC §7) beyond the shell's (./shell.ts); segments from data URI-encoded. */
import { shellPaths } from './shell';

const seg = encodeURIComponent;
const deduction = '/api/games/deduction';
const bot = (id: string) => `${deduction}/bots/${seg(id)}`;

export const gamesPaths = {
  ...shellPaths.games,
  types: '/api/games/types',
  start: '/api/games/sessions/start',
  end: '/api/games/sessions/end',
  abandon: '/api/games/sessions/abandon',
  session: (sessionId: string) => `/api/games/sessions/${seg(sessionId)}`,
  saveState: '/api/games/states/save',
  state: (sessionId: string) => `/api/games/states/${seg(sessionId)}`,
  latestState: '/api/games/states/latest',
  aroundMe: (gameType: string) => `/api/games/leaderboards/${seg(gameType)}/around-me`,
  myStats: '/api/games/statistics/my',
  myGameStats: (gameType: string) => `/api/games/statistics/my/${seg(gameType)}`,
  importGuestHistory: '/api/games/guest-history/import',
  tetrisSettings: '/api/games/tetris/settings',
} as const;

export const deductionPaths = {
  play: (sessionId: string) => `${deduction}/sessions/${seg(sessionId)}`,
  turns: (sessionId: string) => `${deduction}/sessions/${seg(sessionId)}/turns`,
  reveals: (sessionId: string) => `${deduction}/sessions/${seg(sessionId)}/reveals`,
  bots: `${deduction}/bots`,
  bot,
  sharedBot: (shareId: string) => `${deduction}/bots/shared/${seg(shareId)}`,
  botLadder: (id: string) => `${bot(id)}/ladder`,
  ladder: `${deduction}/ladder`,
  rooms: `${deduction}/rooms`,
  room: (id: string) => `${deduction}/rooms/${seg(id)}`,
  roomAction: (id: string, action: 'join' | 'invites' | 'ready' | 'start' | 'moves' | 'reveals' | 'leave' | 'presence') =>
    `${deduction}/rooms/${seg(id)}/${action}`,
  ratings: `${deduction}/ratings`,
  userRating: (userId: string) => `${deduction}/ratings/users/${seg(userId)}`,
} as const;
