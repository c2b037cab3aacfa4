/**
 * The API paths the start-up code calls: the client's session renewal, the auth provider, the
 * header's STUDY menu, the site config and the home page. They are in the start-up chunk; every
 * other path is in the module of its server module (./studies.ts, ./jobs.ts, …), which only the
 * features that call it import, so its table loads with them. A feature's table spreads the
 * shell's entries of its server module, so each path is still written once.
 * No file outside shared/api/paths writes an '/api/' string (lint: web-boundaries/api-paths).
 */
export const shellPaths = {
  auth: {
    login: '/api/auth/login',
    refresh: '/api/auth/refresh',
    logout: '/api/auth/logout',
    validate: '/api/auth/validate',
  },
  users: {
    /** GET / PUT: my profile; DELETE: delete my account */
    me: '/api/users/me',
  },
  studies: {
    /** GET: Spring-style page */
    paged: '/api/studies/paged',
  },
  site: {
    config: '/api/public/config',
  },
  games: {
    globalBoard: '/api/games/leaderboards/global',
  },
} as const;

/** Calls under these prefixes are auth and game calls (the client's renewal rules). */
export const authPrefix = '/api/auth/';
export const gamesPrefix = '/api/games/';
