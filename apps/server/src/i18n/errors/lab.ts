import type { ErrorTexts } from './types.ts';

/** Error messages of the lab area (docs/api-wire.md "Languages"): one key, Korean and English. */
export const LAB_ERRORS = {} as const satisfies ErrorTexts;
