import type { ErrorTexts } from './types.ts';

/** Error messages of the reviews area (docs/api-wire.md "Languages"): one key, Korean and English. */
export const REVIEWS_ERRORS = {
  'reviews.onlyCompleted': { ko: '완료된 스터디에만 후기를 남길 수 있습니다.', en: 'Reviews can be written only for a completed study.' },
  'reviews.notOwnStudy': {
    ko: '스터디 리더는 자신의 스터디에 후기를 남길 수 없습니다.',
    en: 'A study’s leader cannot review their own study.',
  },
  'reviews.membersOnly': {
    ko: '이 스터디를 함께한 멤버만 후기를 남길 수 있습니다.',
    en: 'Only members who took part in this study can review it.',
  },
  'reviews.alreadyWritten': { ko: '이미 후기를 남겼습니다.', en: 'You have already reviewed this study.' },
} as const satisfies ErrorTexts;
