import type { ErrorTexts } from './types.ts';

/** Error messages of the admin area (docs/api-wire.md "Languages"): one key, Korean and English. */
export const ADMIN_ERRORS = {} as const satisfies ErrorTexts;
