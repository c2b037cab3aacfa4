import type { ErrorTexts } from './types.ts';

/** Error messages of the calendar area (docs/api-wire.md "Languages"): one key, Korean and English. */
export const CALENDAR_ERRORS = {} as const satisfies ErrorTexts;
