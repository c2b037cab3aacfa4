import type { ErrorTexts } from './types.ts';

/** Error messages of the studio area (docs/api-wire.md "Languages"): one key, Korean and English. */
export const STUDIO_ERRORS = {} as const satisfies ErrorTexts;
