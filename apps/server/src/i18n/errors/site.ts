import type { ErrorTexts } from './types.ts';

/** Error messages of the site area (docs/api-wire.md "Languages"): one key, Korean and English. */
export const SITE_ERRORS = {} as const satisfies ErrorTexts;
