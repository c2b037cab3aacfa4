import type { ErrorTexts } from './types.ts';

/** Error messages of the studies area (docs/api-wire.md "Languages"): one key, Korean and English. */
export const STUDIES_ERRORS = {} as const satisfies ErrorTexts;
