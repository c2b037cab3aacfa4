/** Business constants and limits of SPEC §9, shared by server and web. */
export const REQUEST_TIMEOUT_MS = 30_000;
export const LEADERBOARD_LIMIT = 10;
export const AROUND_ME_RANGE = 5;
export const STUDY_DROPDOWN_COUNT = 3;
export const MOBILE_BREAKPOINT_PX = 768;
export const DROPDOWN_CLOSE_DELAY_MS = 300;
export const SCROLL_TO_TOP_DELAY_MS = 10;
export const PROFILE_IMAGE_POLL_INTERVAL_MS = 2_000;
export const PROFILE_IMAGE_POLL_MAX_TRIES = 30;
export const CHUNK_ERROR_MAX_RETRIES = 3;
export const CHUNK_ERROR_RELOAD_DELAY_MS = 1_000;
export const SCRIPT_CHUNK_TIMEOUT_MS = 120_000;
export const TOAST_DURATION_MS = 4_000;
export const ADMIN_TOOLBAR_NOTICE_MS = 3_000;

/** Browser storage keys (SPEC §9). */
export const STORAGE_KEYS = {
  authToken: 'authToken',
  refreshToken: 'refreshToken',
  user: 'user',
  activeGameSession: 'activeGameSession',
  gameState: (sessionId: string) => `gameState-${sessionId}`,
  chunkErrorRetryCount: 'chunkErrorRetryCount',
  adminDebugMode: 'admin-floating-debug-mode',
  gameHistory: 'game-history',
  tetrisHighScore: 'tetris-high-score',
} as const;

/**
 * A cookie that says only that this browser holds a session (SPEC §9's tokens stay in storage):
 * the server then sends a guarded page (SPEC §6) as the app's shell, and otherwise the log-in page
 * the route guard would open, painted from the HTML (docs/rendering.md, "Guarded pages"). Kept in
 * step with the stored token by the token store and by theme-init.js on every page load.
 */
export const SIGNED_IN_COOKIE = 'signed_in';

export const DEFAULT_PAGE_SIZE = 10;

export const MAX_PAGE_SIZE = 100;
