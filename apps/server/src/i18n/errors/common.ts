import type { ErrorTexts } from './types.ts';

/** Errors any route can give (docs/api-wire.md "Languages"): one key, Korean and English. */
export const COMMON_ERRORS = {
  'common.apiNotFound': { ko: '요청한 API를 찾을 수 없습니다: {{method}} {{path}}', en: 'No such API: {{method}} {{path}}' },
  'common.paramTooLong': { ko: '경로 매개변수가 너무 깁니다.', en: 'A path parameter is too long.' },
  'common.badUrl': { ko: '주소를 해석할 수 없습니다.', en: 'The address could not be read.' },
  'common.badJson': { ko: '요청 본문을 JSON으로 읽을 수 없습니다.', en: 'The request body is not valid JSON.' },
  'common.badRequest': { ko: '요청을 읽을 수 없습니다.', en: 'The request could not be read.' },
  'common.fontNotFound': { ko: '글꼴 파일을 찾을 수 없습니다.', en: 'No such font file.' },
  'common.wrongOrigin': {
    ko: '이 주소({{opened}})에서는 결제나 소셜 로그인을 마칠 수 없습니다. {{publicOrigin}} 으로 열어 주세요.',
    en: 'Payments and social sign-in cannot be completed at this address ({{opened}}). Please open {{publicOrigin}} instead.',
  },
} as const satisfies ErrorTexts;
