import type { ErrorTexts } from './types.ts';

/** Error messages of the auth area (docs/api-wire.md "Languages"): one key, Korean and English. */
export const AUTH_ERRORS = {
  'auth.sessionRevoked': {
    ko: '로그아웃되었거나 취소된 세션입니다. 다시 로그인해 주세요.',
    en: 'This session was signed out or revoked. Please sign in again.',
  },
  'auth.accountGone': { ko: '탈퇴했거나 존재하지 않는 계정입니다.', en: 'This account was deleted or does not exist.' },
  'auth.accountDeleted': { ko: '탈퇴한 계정입니다.', en: 'This account has been deleted.' },
  'auth.accountDeactivated': {
    ko: '비활성화된 계정입니다. 다시 사용하려면 운영진에게 문의해 주세요.',
    en: 'This account is deactivated. Contact the moim team to use it again.',
  },
  'auth.refreshTokenInvalid': { ko: '유효하지 않은 리프레시 토큰입니다.', en: 'The refresh token is not valid.' },
  'auth.loginExpired': {
    ko: '로그인 유효 기간이 끝났습니다. 다시 로그인해 주세요.',
    en: 'Your sign-in has expired. Please sign in again.',
  },
  'auth.refreshTokenReused': {
    ko: '이미 사용된 리프레시 토큰입니다. 보안을 위해 이 로그인을 종료했습니다. 다시 로그인해 주세요.',
    en: 'This refresh token was already used. For your safety this sign-in was ended. Please sign in again.',
  },
  'auth.resetLinkInvalid': {
    ko: '유효하지 않은 비밀번호 재설정 링크입니다. 다시 요청해 주세요.',
    en: 'This password reset link is not valid. Please request a new one.',
  },
  'auth.resetLinkUsed': {
    ko: '이미 사용된 비밀번호 재설정 링크입니다. 다시 요청해 주세요.',
    en: 'This password reset link was already used. Please request a new one.',
  },
  'auth.resetLinkExpired': {
    ko: '만료된 비밀번호 재설정 링크입니다. 다시 요청해 주세요.',
    en: 'This password reset link has expired. Please request a new one.',
  },
  'auth.resetLinkSpent': {
    ko: '이미 사용되었거나 만료된 비밀번호 재설정 링크입니다.',
    en: 'This password reset link was already used or has expired.',
  },
  'auth.resetLinkSent': {
    ko: '가입된 이메일이라면 비밀번호 재설정 링크를 보냈습니다. 메일함을 확인해 주세요.',
    en: 'If this email belongs to an account, a password reset link is on its way. Please check your inbox.',
  },
  'auth.passwordTooShort': { ko: '비밀번호는 8자 이상이어야 합니다.', en: 'The password must be at least 8 characters.' },
  'auth.passwordTooLong': { ko: '비밀번호는 128자 이하여야 합니다.', en: 'The password must be at most 128 characters.' },
  'auth.passwordCommon': {
    ko: '너무 흔한 비밀번호입니다. 다른 비밀번호를 사용해 주세요.',
    en: 'This password is too common. Please choose another one.',
  },
  'auth.passwordSameAsEmail': { ko: '이메일과 같은 비밀번호는 사용할 수 없습니다.', en: 'The password cannot be your email address.' },
  'auth.tooManyLogins': {
    ko: '로그인 시도가 너무 많습니다. 잠시 후 다시 시도하거나 비밀번호를 재설정해 주세요.',
    en: 'Too many sign-in attempts. Try again later or reset your password.',
  },
  'auth.loginsTooFast': {
    ko: '로그인 시도가 잦습니다. 잠시 후 다시 시도해 주세요.',
    en: 'Too many sign-in attempts in a row. Please wait a moment.',
  },
  'auth.oauthUnknownProvider': { ko: '사용할 수 없는 로그인 방법입니다.', en: 'This sign-in method is not available.' },
  'auth.oauthProviderDown': {
    ko: '로그인 제공자에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.',
    en: 'The sign-in provider cannot be reached. Please try again later.',
  },
  'auth.oauthNoState': {
    ko: '로그인 요청을 확인할 수 없습니다. 다시 시도해 주세요.',
    en: 'The sign-in request could not be verified. Please try again.',
  },
  'auth.oauthStateInvalid': {
    ko: '로그인 요청이 만료되었거나 올바르지 않습니다. 다시 시도해 주세요.',
    en: 'The sign-in request has expired or is not valid. Please try again.',
  },
  'auth.oauthOtherBrowser': {
    ko: '이 브라우저에서 시작한 로그인 요청이 아닙니다. 다시 시도해 주세요.',
    en: 'This sign-in was not started in this browser. Please try again.',
  },
  'auth.oauthDenied': { ko: '로그인 동의가 거부되었습니다.', en: 'Consent to sign in was declined.' },
  'auth.oauthProviderRefused': {
    ko: '로그인 제공자가 요청을 거절했습니다 ({{error}}).',
    en: 'The sign-in provider refused the request ({{error}}).',
  },
  'auth.oauthNoCode': { ko: '로그인 제공자가 인가 코드를 보내지 않았습니다.', en: 'The sign-in provider sent no authorization code.' },
  'auth.oauthNoProfile': {
    ko: '로그인 제공자에게서 사용자 정보를 받지 못했습니다. 다시 시도해 주세요.',
    en: 'No profile came back from the sign-in provider. Please try again.',
  },
  'auth.oauthWrongOrigin': {
    ko: '이 주소({{opened}})에서는 소셜 로그인을 마칠 수 없습니다. {{publicOrigin}} 으로 열어 주세요.',
    en: 'Social sign-in cannot be completed at this address ({{opened}}). Please open {{publicOrigin}} instead.',
  },
  // passkeys (modules/auth/passkeys)
  'auth.passkeyLimit': { ko: '패스키는 계정당 {{max}}개까지 등록할 수 있습니다.', en: 'An account can have at most {{max}} passkeys.' },
  'auth.passkeyAlreadyRegistered': { ko: '이미 등록된 패스키입니다.', en: 'This passkey is already registered.' },
} as const satisfies ErrorTexts;
