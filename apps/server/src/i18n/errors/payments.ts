import type { ErrorTexts } from './types.ts';

/** Error messages of the payments area (docs/api-wire.md "Languages"): one key, Korean and English. */
export const PAYMENTS_ERRORS = {} as const satisfies ErrorTexts;
