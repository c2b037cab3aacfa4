import type { ErrorTexts } from './types.ts';

/** Error messages of the second factor and step-up (auth area; docs/accounts.md "Second factor"). */
export const SECOND_FACTOR_ERRORS = {
  'auth.stepUpRequired': {
    ko: '보안을 위해 비밀번호나 인증 코드로 본인 확인을 다시 해 주세요. (확인 후 5분 동안 유효)',
    en: 'For your security, confirm it is you with your password or a verification code (valid for 5 minutes).',
  },
  'auth.stepUpWrongPassword': { ko: '비밀번호가 올바르지 않습니다.', en: 'The password is not correct.' },
  'auth.secondFactorAlreadyOn': {
    ko: '2단계 인증이 이미 켜져 있습니다. 새로 설정하려면 먼저 끄세요.',
    en: 'Two-step verification is already on. Turn it off first to set it up again.',
  },
  'auth.secondFactorNotStarted': {
    ko: '먼저 2단계 인증 설정을 시작해 주세요.',
    en: 'Start the two-step verification setup first.',
  },
  'auth.secondFactorOff': { ko: '2단계 인증이 꺼져 있습니다.', en: 'Two-step verification is off.' },
  'auth.secondFactorChallengeInvalid': {
    ko: '로그인 확인 정보가 유효하지 않거나 이미 사용되었습니다. 처음부터 다시 로그인해 주세요.',
    en: 'This sign-in step is no longer valid. Please sign in again from the start.',
  },
  'auth.secondFactorChallengeExpired': {
    ko: '인증 코드 입력 시간이 지났습니다. 처음부터 다시 로그인해 주세요.',
    en: 'The time to enter the code has passed. Please sign in again from the start.',
  },
  'auth.adminSecondFactorRequired': {
    ko: '관리자 계정은 2단계 인증을 설정해야 관리 기능을 쓸 수 있습니다. 설정 페이지({{setupPath}})에서 켜 주세요.',
    en: 'Admin accounts must set up two-step verification before using the back office. Turn it on at {{setupPath}}.',
  },
} as const satisfies ErrorTexts;
