import type { ErrorTexts } from './types.ts';

/** Errors any route can give (docs/api-wire.md "Languages"): one key, Korean and English. */
export const COMMON_ERRORS = {
  'common.apiNotFound': { ko: '요청한 API를 찾을 수 없습니다: {{method}} {{path}}', en: 'No such API: {{method}} {{path}}' },
  'common.paramTooLong': { ko: '경로 매개변수가 너무 깁니다.', en: 'A path parameter is too long.' },
  'common.badUrl': { ko: '주소를 해석할 수 없습니다.', en: 'The address could not be read.' },
  'common.badJson': { ko: '요청 본문을 JSON으로 읽을 수 없습니다.', en: 'The request body is not valid JSON.' },
  'common.unsafeText': {
    ko: '형식이 올바르지 않습니다. ({{path}}: 허용되지 않는 문자(NUL 또는 짝이 없는 서로게이트)가 들어 있습니다.)',
    en: 'Wrong format. ({{path}}: it holds a character that is not allowed, a NUL or an unpaired surrogate.)',
  },
  'common.unsafeTextField': {
    ko: '허용되지 않는 문자(NUL 또는 짝이 없는 서로게이트)가 들어 있습니다.',
    en: 'It holds a character that is not allowed (a NUL or an unpaired surrogate).',
  },
  'common.badRequest': { ko: '요청을 읽을 수 없습니다.', en: 'The request could not be read.' },
} as const satisfies ErrorTexts;
