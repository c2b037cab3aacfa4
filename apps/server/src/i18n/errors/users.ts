import type { ErrorTexts } from './types.ts';

/** Error messages of the users area (docs/api-wire.md "Languages"): one key, Korean and English. */
export const USERS_ERRORS = {} as const satisfies ErrorTexts;
