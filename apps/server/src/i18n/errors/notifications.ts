import type { ErrorTexts } from './types.ts';

/** Error messages of the notifications area (docs/api-wire.md "Languages"): one key, Korean and English. */
export const NOTIFICATIONS_ERRORS = {
  'notifications.notFound': { ko: '알림을 찾을 수 없습니다.', en: 'No such notification.' },
} as const satisfies ErrorTexts;
