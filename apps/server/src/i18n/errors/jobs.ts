import type { ErrorTexts } from './types.ts';

/** Error messages of the jobs area (docs/api-wire.md "Languages"): one key, Korean and English. */
export const JOBS_ERRORS = {} as const satisfies ErrorTexts;
