import type { ErrorTexts } from './types.ts';

/** Error messages of the deduction area (docs/api-wire.md "Languages"): one key, Korean and English. */
export const DEDUCTION_ERRORS = {} as const satisfies ErrorTexts;
