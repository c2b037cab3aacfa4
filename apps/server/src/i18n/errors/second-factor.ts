import type { ErrorTexts } from './types.ts';

/** Error messages of the second factor and step-up (auth area; docs/accounts-factors.md "Second factor"). */
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
    ko: '관리 기능을 쓰려면 2단계 인증을 설정하고 그것으로 로그인(또는 인증 코드로 본인 확인)해야 합니다. 설정 페이지({{setupPath}})로 가 주세요.',
    en: 'To use admin powers, set up two-step verification and sign in with it (or confirm it is you with a code). Go to {{setupPath}}.',
  },
  'auth.resetOwnSecondFactor': {
    ko: '자신의 2단계 인증은 초기화할 수 없습니다. 복구 코드로 로그인하거나 다른 관리자에게 요청해 주세요.',
    en: 'You cannot reset your own two-step verification. Sign in with a recovery code or ask another admin.',
  },
  'auth.memberHasNoSecondFactor': {
    ko: '이 회원은 2단계 인증을 쓰고 있지 않습니다.',
    en: 'This member does not use two-step verification.',
  },
} as const satisfies ErrorTexts;
