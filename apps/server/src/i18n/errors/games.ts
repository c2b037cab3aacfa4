import type { ErrorTexts } from './types.ts';

/** Error messages of the games area (docs/api-wire.md "Languages"): one key, Korean and English. */
export const GAMES_ERRORS = {} as const satisfies ErrorTexts;
