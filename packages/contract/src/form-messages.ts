/**
 * Validation messages, one catalogue for both sides (docs/api-wire.md "Languages"). A contract
 * schema names a rule it breaks by a `form.*` key (`{ message: 'form.duplicate' }`), never by
 * free text; a built-in zod check (too short, not an email …) is mapped to a key by
 * `formIssueKey`. The server renders the key in the reader's language into an error's
 * `details.fields[].message`; the web renders the same key in its forms. Texts interpolate
 * `{{limit}}` (i18next's syntax, so the web can load this table as its `form` namespace).
 */
export type MessageLocale = 'ko' | 'en';

export const FORM_TEXTS = {
  required: { ko: '필수 입력 항목입니다.', en: 'This field is required.' },
  invalid: { ko: '입력값을 확인해 주세요.', en: 'Please check this value.' },
  tooShort: { ko: '{{limit}}자 이상 입력해 주세요.', en: 'Enter at least {{limit}} characters.' },
  tooLong: { ko: '{{limit}}자 이하로 입력해 주세요.', en: 'Enter at most {{limit}} characters.' },
  tooFew: { ko: '{{limit}}개 이상 골라 주세요.', en: 'Choose at least {{limit}}.' },
  tooMany: { ko: '{{limit}}개까지만 고를 수 있습니다.', en: 'Choose at most {{limit}}.' },
  tooSmall: { ko: '{{limit}} 이상이어야 합니다.', en: 'Must be at least {{limit}}.' },
  tooLarge: { ko: '{{limit}} 이하여야 합니다.', en: 'Must be at most {{limit}}.' },
  notInteger: { ko: '정수를 입력해 주세요.', en: 'Enter a whole number.' },
  oneOf: { ko: '허용된 값 중 하나를 골라 주세요.', en: 'Choose one of the allowed values.' },
  unknownField: { ko: '알 수 없는 항목입니다.', en: 'This field is not expected here.' },
  email: { ko: '올바른 이메일 주소를 입력해 주세요.', en: 'Enter a valid email address.' },
  url: { ko: '웹 주소를 입력해 주세요. (예: github.com/moim)', en: 'Enter a web address, such as github.com/moim.' },
  uuid: { ko: '올바른 식별자가 아닙니다.', en: 'This is not a valid identifier.' },
  date: { ko: '날짜 형식(YYYY-MM-DD)이 올바르지 않습니다.', en: 'Enter a date as YYYY-MM-DD.' },
  dateTime: { ko: '날짜와 시각 형식이 올바르지 않습니다.', en: 'Enter a valid date and time.' },
  format: { ko: '형식이 올바르지 않습니다.', en: 'The format is not valid.' },
  nulOrSurrogate: {
    ko: '허용되지 않는 문자(NUL 또는 짝이 없는 서로게이트)가 들어 있습니다.',
    en: 'Contains a character that is not allowed (NUL or an unpaired surrogate).',
  },
  controlChars: { ko: '제어 문자는 사용할 수 없습니다.', en: 'Control characters are not allowed.' },
  unsafeText: { ko: '제어 문자나 깨진 문자는 사용할 수 없습니다.', en: 'Control characters and broken characters are not allowed.' },
  duplicate: { ko: '같은 항목이 두 번 들어 있습니다.', en: 'The same item appears twice.' },
  nothingToChange: { ko: '바꿀 항목을 하나 이상 보내 주세요.', en: 'Send at least one field to change.' },
  passwordMismatch: { ko: '비밀번호가 일치하지 않습니다.', en: 'The passwords do not match.' },
  username: {
    ko: '영문, 숫자, 밑줄(_), 점(.), 하이픈(-)으로 2~30자를 입력해 주세요.',
    en: '2–30 letters, digits, underscores, dots or hyphens.',
  },
  confirmText: { ko: '입력한 문구가 일치하지 않습니다.', en: 'The text you typed does not match.' },
  emailOrUsername: { ko: '이메일 또는 사용자 이름을 입력해 주세요.', en: 'Enter your email or username.' },
  consentRequired: { ko: '결과 메일 수신에 동의해 주세요.', en: 'Please agree to receive the result by mail.' },
  // projects
  oneSkill: { ko: '기술을 하나 이상 입력해 주세요.', en: 'Add at least one skill.' },
  onePosition: { ko: '모집 포지션을 하나 이상 추가해 주세요.', en: 'Add at least one position.' },
  skillTwice: { ko: '필수 기술과 우대 기술에 같은 기술이 있습니다.', en: 'A skill is both required and preferred.' },
  regionNeeded: { ko: '오프라인 모임은 지역을 입력해 주세요.', en: 'Enter a region for offline meetings.' },
  startBeforeDeadline: { ko: '시작 예정일은 모집 마감일 이후여야 합니다.', en: 'The start date must come after the deadline.' },
  deadlineFromToday: { ko: '모집 마감일은 오늘이나 그 이후여야 합니다.', en: 'The recruitment deadline must be today or later.' },
  deadlineWithinYear: { ko: '모집 마감일은 1년 안으로 정해 주세요.', en: 'Set the recruitment deadline within a year.' },
  // studies
  weekdaysRepeat: { ko: '같은 요일이 두 번 들어 있습니다.', en: 'A weekday appears twice.' },
  addressNeeded: { ko: '오프라인 스터디는 장소를 입력해 주세요.', en: 'Enter a place for an offline study.' },
  startFromToday: { ko: '시작일은 오늘 이후여야 합니다.', en: 'The start date must be today or later.' },
  endAfterStart: { ko: '종료일은 시작일과 같거나 이후여야 합니다.', en: 'The end date must be on or after the start date.' },
  noSessionInPeriod: {
    ko: '이 기간에는 모임일이 없습니다. 모임 요일에 맞게 기간을 정해 주세요.',
    en: 'No session falls in this period. Set the period to include a meeting day.',
  },
  deadlineFormat: { ko: '모집 마감일 형식이 올바르지 않습니다.', en: 'The application deadline is not a valid date.' },
  deadlineBeforeStart: {
    ko: '모집 마감일은 시작일과 같거나 이전이어야 합니다.',
    en: 'The application deadline must be on or before the start date.',
  },
  deadlinePassed: { ko: '모집 마감일이 이미 지났습니다.', en: 'The application deadline has already passed.' },
  freeHasNoCost: { ko: '무료 스터디에는 비용을 둘 수 없습니다.', en: 'A free study has no cost.' },
  paidNeedsCost: { ko: '유료 스터디는 비용(원)을 입력해야 합니다.', en: 'A paid study needs its cost in won.' },
  endTimeAfterStart: { ko: '종료 시각은 시작 시각 이후여야 합니다.', en: 'The end time must be after the start time.' },
  lateAfterWithinWindow: {
    ko: '지각 기준은 출석 체크가 닫히기 전이어야 합니다.',
    en: 'The late rule must fall inside the check-in window.',
  },
  depositAmountRange: {
    ko: '보증금은 0원(없음) 또는 1,000원에서 1,000,000원 사이로 입력해 주세요.',
    en: 'The deposit is 0 (none) or between 1,000 and 1,000,000 won.',
  },
  checkInCode: { ko: '숫자 6자리를 입력해 주세요.', en: 'Enter the six digits.' },
  checkInCodeOrLink: { ko: '출석 코드 또는 출석 링크 중 하나로 체크인해 주세요.', en: 'Check in with either the code or the link.' },
  sectionIdsRepeat: { ko: '같은 섹션 id가 두 번 들어 있습니다.', en: 'A section id appears twice.' },
  // reviews
  reviewTags: { ko: '분류마다 태그는 2개까지, 겹치지 않게 골라 주세요.', en: 'At most 2 tags per category, no repeats.' },
  // jobs
  salaryRange: { ko: '최저 연봉이 최고 연봉보다 클 수 없습니다.', en: 'The minimum salary cannot exceed the maximum.' },
  experienceRange: { ko: '최소 경력이 최대 경력보다 클 수 없습니다.', en: 'The minimum experience cannot exceed the maximum.' },
  postingRequired: { ko: '이 종류에는 채용 공고가 필요합니다.', en: 'This kind needs a posting.' },
  skillId: { ko: '기술 이름은 글자, 숫자, + 와 # 만 쓸 수 있습니다.', en: 'A skill is letters, digits, + and # only.' },
  unknownSkill: { ko: '기술 목록에 없는 기술입니다.', en: 'This skill is not in the catalogue.' },
  sourceUrlTaken: { ko: '같은 원문 주소의 공고가 이미 있습니다.', en: 'A posting with this source address already exists.' },
  companyNameForRss: { ko: 'RSS 소스에는 회사 이름이 필요합니다.', en: 'An RSS source needs a company name.' },
  // payments
  digitsAndDashes: { ko: '숫자와 하이픈(-)만 입력해 주세요.', en: 'Digits and dashes only.' },
  // games
  oneMove: { ko: '추측, 시간 초과, 건너뛰기 중 하나만 보내 주세요.', en: 'Send only one of a guess, a time-out and a skip.' },
  keyCode: { ko: '게임에 쓸 수 없는 키입니다.', en: 'This key cannot be used in the game.' },
  keyBoundTwice: { ko: '같은 키가 두 동작에 지정되어 있습니다.', en: 'The same key is bound to two actions.' },
  softDropFactor: { ko: '소프트 드롭 속도는 0(즉시) 또는 2~40배입니다.', en: 'Soft drop speed is 0 (instant) or 2–40×.' },
  // lab
  namesRepeat: { ko: '이름이 겹칩니다.', en: 'Two names are the same.' },
  modeOnlyDartWheel: { ko: '다트 휠에만 모드가 있습니다.', en: 'Only the dart wheel has a mode.' },
  excludedEntry: { ko: '제외된 사람이 추첨 대상에도 들어 있습니다.', en: 'An excluded person is also among the entries.' },
} as const satisfies Record<string, { ko: string; en: string }>;

export type FormTextKey = keyof typeof FORM_TEXTS;

export function isFormTextKey(value: unknown): value is FormTextKey {
  return typeof value === 'string' && Object.hasOwn(FORM_TEXTS, value);
}

/** `form.duplicate` → `duplicate`; anything else → null. */
export function formKeyOf(message: string | undefined): FormTextKey | null {
  if (!message?.startsWith('form.')) return null;
  const key = message.slice(5).split(':')[0];
  return isFormTextKey(key) ? key : null;
}

/** A zod issue as the validators report it (zod's own fields; the type provider spreads them into `params`). */
export interface FormIssueLike {
  code?: string;
  format?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  input?: unknown;
  message?: string;
  /** an absent value (`undefined` where a value is required) */
  missing?: boolean;
}

export interface FormText {
  key: FormTextKey;
  limit?: number;
}

/** The catalogue key of one validation issue. Contract rules name theirs; zod's built-in checks are mapped. */
export function formIssueKey(issue: FormIssueLike): FormText {
  const named = formKeyOf(issue.message);
  if (named) return { key: named };
  const limitOf = (v: number | bigint | undefined) => (v === undefined ? undefined : Number(v));
  switch (issue.code) {
    case 'invalid_type':
      return { key: issue.missing || issue.input === undefined || issue.input === null || issue.input === '' ? 'required' : 'invalid' };
    case 'too_small': {
      const limit = limitOf(issue.minimum);
      if (issue.origin === 'string') return limit !== undefined && limit <= 1 ? { key: 'required' } : { key: 'tooShort', limit };
      if (issue.origin === 'array' || issue.origin === 'set') return { key: 'tooFew', limit };
      return { key: 'tooSmall', limit };
    }
    case 'too_big': {
      const limit = limitOf(issue.maximum);
      if (issue.origin === 'string') return { key: 'tooLong', limit };
      if (issue.origin === 'array' || issue.origin === 'set') return { key: 'tooMany', limit };
      return { key: 'tooLarge', limit };
    }
    case 'invalid_format':
      if (issue.format === 'email') return { key: 'email' };
      if (issue.format === 'url') return { key: 'url' };
      if (issue.format === 'uuid' || issue.format === 'guid') return { key: 'uuid' };
      if (issue.format === 'date') return { key: 'date' };
      if (issue.format === 'datetime') return { key: 'dateTime' };
      return { key: 'format' };
    case 'invalid_value':
    case 'invalid_union':
      return { key: 'oneOf' };
    case 'not_multiple_of':
      return { key: 'notInteger' };
    case 'unrecognized_keys':
      return { key: 'unknownField' };
    default:
      return { key: 'invalid' };
  }
}

/** A catalogue text in one language, with `{{limit}}` filled in. */
export function formText(text: FormText, locale: MessageLocale = 'ko'): string {
  const s: string = FORM_TEXTS[text.key][locale];
  return s.replaceAll('{{limit}}', text.limit === undefined ? '' : String(text.limit));
}
