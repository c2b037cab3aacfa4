import type { ErrorTexts } from './types.ts';

/** Error messages of the auth area (docs/api-wire.md "Languages"): one key, Korean and English. */
export const AUTH_ERRORS = {} as const satisfies ErrorTexts;
