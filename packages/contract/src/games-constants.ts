/**
 * Plain constants of the games contract, free of zod so that the web can import them without
 * pulling the schemas into its route chunks.
 */
export const GAME_TYPE_CODE_VALUES = ['TETRIS', 'DEDUCTION'] as const;
export type GameTypeCodeValue = (typeof GAME_TYPE_CODE_VALUES)[number];

/** Guest sessions live only in the browser; their ids start with this prefix (SPEC §3). */
export const GUEST_SESSION_PREFIX = 'guest-';
/** Largest `stateData` the server keeps for one saved state (characters of its JSON text). */
export const MAX_GAME_STATE_CHARS = 256 * 1024;
/** Largest session `metadata` (characters of its JSON text). */
export const MAX_SESSION_METADATA_CHARS = 4 * 1024;
/** Score-history points returned with a player's statistics by default (charts). */
export const DEFAULT_SCORE_HISTORY = 20;
/** Guest results one import call accepts. */
export const MAX_GUEST_IMPORT = 100;
