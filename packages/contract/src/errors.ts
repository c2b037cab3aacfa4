/**
 * The error catalogue of SPEC §8: every code the API may answer, its HTTP status and its
 * Korean and English user messages. Server and web both read this table, so a code means the
 * same thing on both sides. New codes join the same families (AUTH, VAL, BIZ, SYS).
 */
export const ERROR_CATALOGUE = {
  'AUTH-1001': { status: 401, ko: '이메일 또는 비밀번호가 올바르지 않습니다.', en: 'Wrong email or password.' },
  'AUTH-1002': { status: 401, ko: '로그인이 만료되었습니다. 다시 로그인해 주세요.', en: 'Your session has expired. Please log in again.' },
  'AUTH-1003': { status: 401, ko: '유효하지 않은 인증 정보입니다. 다시 로그인해 주세요.', en: 'Invalid token. Please log in again.' },
  'AUTH-1004': { status: 403, ko: '이 리소스에 접근할 수 없습니다.', en: 'You cannot access this resource.' },
  'AUTH-1005': { status: 403, ko: '권한이 부족합니다.', en: 'You do not have permission to do this.' },
  'AUTH-1006': { status: 403, ko: '비활성화된 계정입니다. 고객센터에 문의해 주세요.', en: 'This account has been deactivated.' },
  'AUTH-1007': { status: 401, ko: '로그인이 필요합니다.', en: 'Login required.' },
  'AUTH-1008': {
    status: 400,
    ko: '소셜 로그인이 취소되었거나 완료되지 않았습니다.',
    en: 'Social login was cancelled or could not be completed.',
  },
  'AUTH-1009': {
    status: 403,
    ko: '이메일이 인증된 소셜 계정으로만 로그인할 수 있습니다.',
    en: 'Social login needs an account with a verified email.',
  },
  // passkeys (WebAuthn, docs/accounts-factors.md "Passkeys")
  'AUTH-1030': {
    status: 400,
    ko: '패스키 요청이 만료되었거나 이미 사용되었습니다. 다시 시도해 주세요.',
    en: 'The passkey request has expired or was already used. Please try again.',
  },
  'AUTH-1031': { status: 401, ko: '패스키를 확인하지 못했습니다.', en: 'The passkey could not be verified.' },
  'AUTH-1032': {
    status: 401,
    ko: '등록되지 않았거나 삭제된 패스키입니다.',
    en: 'This passkey is not registered or was removed.',
  },
  'AUTH-1033': {
    status: 401,
    ko: '패스키의 서명 횟수가 맞지 않습니다. 복제된 인증 장치일 수 있어 로그인을 막았습니다.',
    en: 'The passkey’s signature counter went backwards; it may be a cloned authenticator, so the sign-in was refused.',
  },
  'AUTH-1034': {
    status: 409,
    ko: '마지막 로그인 수단은 삭제할 수 없습니다. 다른 로그인 수단을 먼저 추가해 주세요.',
    en: 'You cannot remove your last way to sign in. Add another one first.',
  },
  // second factor and step-up (docs/accounts-factors.md "Second factor"); a family of their own (AUTH-102x)
  'AUTH-1020': {
    status: 401,
    ko: '2단계 인증이 필요합니다. 인증 앱의 코드나 복구 코드를 입력해 주세요.',
    en: 'Two-step verification required. Enter the code from your authenticator app or a recovery code.',
  },
  'AUTH-1021': { status: 401, ko: '인증 코드가 올바르지 않습니다.', en: 'The verification code is not valid.' },
  'AUTH-1022': {
    status: 403,
    ko: '관리자 계정은 2단계 인증을 설정해야 관리 기능을 쓸 수 있습니다.',
    en: 'Admin accounts must set up two-step verification before using the back office.',
  },
  'AUTH-1023': {
    status: 403,
    ko: '보안을 위해 본인 확인이 한 번 더 필요합니다.',
    en: 'For your security, please confirm it is you.',
  },
  'AUTH-1024': {
    status: 422,
    ko: '자신의 2단계 인증은 초기화할 수 없습니다. 복구 코드로 로그인해 주세요.',
    en: 'You cannot reset your own two-step verification. Sign in with a recovery code.',
  },
  'AUTH-1025': {
    status: 400,
    ko: '이메일 변경 링크가 유효하지 않거나 만료되었습니다. 설정에서 다시 요청해 주세요.',
    en: 'This e-mail change link is not valid or has expired. Ask again in settings.',
  },
  // members' data export (docs/privacy.md "Export"); a family of their own (AUTH-104x)
  'AUTH-1040': {
    status: 409,
    ko: '내보내기 파일을 아직 준비하고 있습니다. 준비되면 알림과 메일로 알려 드립니다.',
    en: 'Your export is still being prepared. We will let you know by notice and e-mail when it is ready.',
  },
  'AUTH-1041': {
    status: 409,
    ko: '내보내기 파일의 보관 기간(7일)이 지났습니다. 새로 요청해 주세요.',
    en: 'This export was kept for 7 days and has been removed. Please ask for a new one.',
  },
  'VAL-2001': { status: 400, ko: '입력값을 확인해 주세요.', en: 'Validation failed.' },
  'VAL-2002': { status: 400, ko: '형식이 올바르지 않습니다.', en: 'Wrong format.' },
  'VAL-2003': { status: 400, ko: '필수 항목이 누락되었습니다.', en: 'A required field is missing.' },
  'VAL-2004': { status: 400, ko: '허용된 범위를 벗어났습니다.', en: 'Value out of range.' },
  'VAL-2005': { status: 409, ko: '이미 가입된 이메일입니다.', en: 'This email is already registered.' },
  'VAL-2006': { status: 413, ko: '요청 크기가 너무 큽니다.', en: 'The request is too large.' },
  'VAL-2007': { status: 415, ko: '지원하지 않는 요청 형식입니다.', en: 'Unsupported content type.' },
  'VAL-2008': { status: 409, ko: '이미 사용 중인 사용자 이름입니다.', en: 'This username is already taken.' },
  'BIZ-3001': { status: 404, ko: '요청한 항목을 찾을 수 없습니다.', en: 'Not found.' },
  'BIZ-3002': { status: 409, ko: '현재 상태에서는 할 수 없는 작업입니다.', en: 'This action is not allowed in the current state.' },
  'BIZ-3003': { status: 422, ko: '서비스 규칙에 맞지 않는 요청입니다.', en: 'This request violates a business rule.' },
  'BIZ-3004': { status: 429, ko: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.', en: 'Too many requests. Please try again later.' },
  'BIZ-3005': {
    status: 400,
    ko: '이 주소에서는 결제나 소셜 로그인을 마칠 수 없습니다. 사이트의 기본 주소로 열어 주세요.',
    en: 'Payment and social login cannot finish at this address. Open the site at its main address.',
  },
  'SYS-5001': {
    status: 500,
    ko: '서버 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
    en: 'Internal server error. Please try again later.',
  },
  'SYS-5002': {
    status: 503,
    ko: '데이터베이스 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
    en: 'Database failure. Please try again later.',
  },
  'SYS-5003': { status: 503, ko: '서비스 점검 중입니다. 잠시 후 다시 시도해 주세요.', en: 'The service is under maintenance.' },
  'SYS-5004': { status: 504, ko: '요청 시간이 초과되었습니다.', en: 'The request timed out.' },
} as const satisfies Record<string, { status: number; ko: string; en: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}

export function errorStatus(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].status;
}

export function errorMessage(code: ErrorCode, locale: 'ko' | 'en' = 'ko'): string {
  return ERROR_CATALOGUE[code][locale];
}
