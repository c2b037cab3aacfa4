import type { ErrorTexts } from './types.ts';

/** Error messages of the projects area (docs/api-wire.md "Languages"): one key, Korean and English. */
export const PROJECTS_ERRORS = {} as const satisfies ErrorTexts;
