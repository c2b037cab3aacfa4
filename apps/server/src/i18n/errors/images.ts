import type { ErrorTexts } from './types.ts';

/** Error messages of the images area (docs/api-wire.md "Languages"): one key, Korean and English. */
export const IMAGES_ERRORS = {} as const satisfies ErrorTexts;
