import type { ErrorTexts } from './types.ts';

/** Error messages of the notifications area (docs/api-wire.md "Languages"): one key, Korean and English. */
export const NOTIFICATIONS_ERRORS = {} as const satisfies ErrorTexts;
