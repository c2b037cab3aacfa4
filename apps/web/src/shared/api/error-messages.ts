/**
 * What the user reads when a call fails (SPEC §8), as one pure function:
 *   1. a catalogue code (error.code) → the server's own message (rendered in the reader's language,
 *      docs/api-wire.md), or the code's sentence from packages/contract/src/errors.ts;
 *   2. a known English server message (bad credentials, disabled account, revoked/expired/invalid
 *      token, user not found, already registered, required fields, HTTP 400/401/403/404/500);
 *   3. a keyword in the message (already exists, not found, invalid, required, expired,
 *      unauthorized, forbidden, failed, timeout, duplicate) → a generic message;
 *   4. a message that is already Korean is shown as is (the server speaks Korean already);
 *   5. transport failures (timeout, no response) and a bare HTTP status;
 *   6. otherwise a generic "try again later".
 * Korean is the product language; English mirrors it for the en UI.
 */
import { ERROR_CATALOGUE, isErrorCode } from '@moim/contract';

export type MessageLocale = 'ko' | 'en';
type Pair = { ko: string; en: string };

export interface ErrorLike {
  code?: string | null;
  message?: string | null;
  /** the message is moim's own, rendered by the server in the reader's language (docs/api-wire.md) */
  fromServer?: boolean;
  status?: number | null;
  kind?: 'http' | 'timeout' | 'network' | null;
}

export const GENERIC_MESSAGES = {
  badCredentials: { ko: '이메일 또는 비밀번호가 올바르지 않습니다.', en: 'Wrong email or password.' },
  disabled: { ko: '비활성화된 계정입니다. 고객센터에 문의해 주세요.', en: 'This account has been deactivated.' },
  revoked: { ko: '로그인 정보가 더 이상 유효하지 않습니다. 다시 로그인해 주세요.', en: 'Your login was revoked. Please log in again.' },
  tokenExpired: { ko: '로그인이 만료되었습니다. 다시 로그인해 주세요.', en: 'Your session has expired. Please log in again.' },
  tokenInvalid: { ko: '유효하지 않은 인증 정보입니다. 다시 로그인해 주세요.', en: 'Invalid token. Please log in again.' },
  userNotFound: { ko: '사용자를 찾을 수 없습니다.', en: 'User not found.' },
  alreadyRegistered: { ko: '이미 가입된 이메일입니다.', en: 'This email is already registered.' },
  requiredFields: { ko: '필수 항목을 모두 입력해 주세요.', en: 'Please fill in all required fields.' },
  http400: { ko: '잘못된 요청입니다. 입력값을 확인해 주세요.', en: 'Bad request. Please check your input.' },
  http401: { ko: '로그인이 필요합니다.', en: 'Login required.' },
  http403: { ko: '접근 권한이 없습니다.', en: 'You do not have access.' },
  http404: { ko: '요청한 정보를 찾을 수 없습니다.', en: 'What you asked for was not found.' },
  http500: { ko: '서버 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.', en: 'Server error. Please try again later.' },
  alreadyExists: { ko: '이미 존재하는 정보입니다.', en: 'It already exists.' },
  notFound: { ko: '요청한 정보를 찾을 수 없습니다.', en: 'Not found.' },
  invalid: { ko: '입력한 정보가 올바르지 않습니다.', en: 'Some information is not valid.' },
  required: { ko: '필수 정보를 입력해 주세요.', en: 'Required information is missing.' },
  expired: { ko: '유효 기간이 만료되었습니다. 다시 시도해 주세요.', en: 'It has expired. Please try again.' },
  unauthorized: { ko: '로그인이 필요합니다.', en: 'Login required.' },
  forbidden: { ko: '접근 권한이 없습니다.', en: 'You do not have access.' },
  failed: { ko: '요청을 처리하지 못했습니다. 다시 시도해 주세요.', en: 'The request could not be completed. Please try again.' },
  timeout: { ko: '요청 시간이 초과되었습니다. 잠시 후 다시 시도해 주세요.', en: 'The request timed out. Please try again.' },
  duplicate: { ko: '중복된 정보가 있습니다.', en: 'There is a duplicate.' },
  network: { ko: '네트워크 연결을 확인해 주세요.', en: 'Please check your network connection.' },
  serverProblem: { ko: '서버에 문제가 발생했습니다. 잠시 후 다시 시도해 주세요.', en: 'The server has a problem. Please try again later.' },
  contentUnavailable: { ko: '콘텐츠를 불러올 수 없습니다.', en: 'Could not load content.' },
  fallback: { ko: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.', en: 'Something went wrong. Please try again later.' },
} as const satisfies Record<string, Pair>;

/** Known English server messages (exact phrases, case-insensitive), checked in order. */
export const KNOWN_MESSAGES: Array<[RegExp, Pair]> = [
  [/^bad credentials\.?$|^invalid (email or password|credentials)\.?$/i, GENERIC_MESSAGES.badCredentials],
  [/^(user )?account is disabled\.?$|^disabled account\.?$|^user is disabled\.?$/i, GENERIC_MESSAGES.disabled],
  [/^token (has been |was )?revoked\.?$|^revoked token\.?$/i, GENERIC_MESSAGES.revoked],
  [/^(jwt |access |refresh )?token (has )?expired\.?$|^jwt expired\.?$|^expired token\.?$/i, GENERIC_MESSAGES.tokenExpired],
  [/^invalid (jwt |access |refresh )?token\.?$/i, GENERIC_MESSAGES.tokenInvalid],
  [/^user not found\.?$/i, GENERIC_MESSAGES.userNotFound],
  [/^(email |user )?already registered\.?$|^email (is )?already (registered|in use)\.?$/i, GENERIC_MESSAGES.alreadyRegistered],
  [/^(missing )?required fields?( (are )?missing)?\.?$/i, GENERIC_MESSAGES.requiredFields],
  [/^(http |request failed with status code )?400( bad request)?$/i, GENERIC_MESSAGES.http400],
  [/^(http |request failed with status code )?401( unauthorized)?$/i, GENERIC_MESSAGES.http401],
  [/^(http |request failed with status code )?403( forbidden)?$/i, GENERIC_MESSAGES.http403],
  [/^(http |request failed with status code )?404( not found)?$/i, GENERIC_MESSAGES.http404],
  [/^(http |request failed with status code )?500( internal server error)?$/i, GENERIC_MESSAGES.http500],
];

/** Keyword patterns (anywhere in the message), checked in order. */
export const KEYWORD_MESSAGES: Array<[RegExp, Pair]> = [
  [/already exists/i, GENERIC_MESSAGES.alreadyExists],
  [/not found/i, GENERIC_MESSAGES.notFound],
  [/invalid/i, GENERIC_MESSAGES.invalid],
  [/required/i, GENERIC_MESSAGES.required],
  [/expired/i, GENERIC_MESSAGES.expired],
  [/unauthori[sz]ed/i, GENERIC_MESSAGES.unauthorized],
  [/forbidden/i, GENERIC_MESSAGES.forbidden],
  [/failed/i, GENERIC_MESSAGES.failed],
  [/time(d)? ?out/i, GENERIC_MESSAGES.timeout],
  [/duplicate/i, GENERIC_MESSAGES.duplicate],
];

const HANGUL = /[\uAC00-\uD7A3]/;
const STATUS_MESSAGES: Record<number, Pair> = {
  400: GENERIC_MESSAGES.http400,
  401: GENERIC_MESSAGES.http401,
  403: GENERIC_MESSAGES.http403,
  404: GENERIC_MESSAGES.http404,
  500: GENERIC_MESSAGES.http500,
};

export function toUserMessage(error: ErrorLike, locale: MessageLocale = 'ko'): string {
  if (error.code && isErrorCode(error.code)) {
    // The server says what went wrong in the language the client asked for; the code's own
    // sentence is the fallback for an answer without one.
    const said = error.fromServer ? (error.message ?? '').trim() : '';
    return said || ERROR_CATALOGUE[error.code][locale];
  }
  if (error.kind === 'timeout') return GENERIC_MESSAGES.timeout[locale];
  if (error.kind === 'network') return GENERIC_MESSAGES.network[locale];
  const message = (error.message ?? '').trim();
  if (message) {
    for (const [pattern, pair] of KNOWN_MESSAGES) if (pattern.test(message)) return pair[locale];
    for (const [pattern, pair] of KEYWORD_MESSAGES) if (pattern.test(message)) return pair[locale];
    if (locale === 'ko' && HANGUL.test(message)) return message;
  }
  if (error.status && STATUS_MESSAGES[error.status]) return STATUS_MESSAGES[error.status]![locale];
  if (error.status && error.status >= 500) return GENERIC_MESSAGES.serverProblem[locale];
  return GENERIC_MESSAGES.fallback[locale];
}

/** The public content client's wording (SPEC §8): content, server, timeout, network. */
export function toPublicContentMessage(error: ErrorLike, locale: MessageLocale = 'ko'): string {
  if (error.kind === 'timeout') return GENERIC_MESSAGES.timeout[locale];
  if (error.kind === 'network') return GENERIC_MESSAGES.network[locale];
  if (error.status === 401 || error.status === 403) return GENERIC_MESSAGES.contentUnavailable[locale];
  if (error.status && error.status >= 500) return GENERIC_MESSAGES.serverProblem[locale];
  return toUserMessage(error, locale);
}
