import type { ErrorTexts } from './types.ts';

/** Error messages of members' data export (docs/privacy.md "Export"). */
export const PRIVACY_ERRORS = {
  'privacy.exportNotFound': { ko: '내보내기 요청을 찾을 수 없습니다.', en: 'No such export.' },
} as const satisfies ErrorTexts;
