import type { ErrorTexts } from './types.ts';

/** Error messages of the reviews area (docs/api-wire.md "Languages"): one key, Korean and English. */
export const REVIEWS_ERRORS = {} as const satisfies ErrorTexts;
