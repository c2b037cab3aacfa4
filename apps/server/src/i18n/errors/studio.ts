import type { ErrorTexts } from './types.ts';

/** Error messages of the studio area (docs/api-wire.md "Languages"): one key, Korean and English. */
export const STUDIO_ERRORS = {
  'studio.documentNotFound': { ko: '문서를 찾을 수 없습니다.', en: 'Document not found.' },
  'studio.analysisNotFound': { ko: '분석을 찾을 수 없습니다.', en: 'Analysis not found.' },
  'studio.trialNotFound': { ko: '체험 분석을 찾을 수 없습니다.', en: 'Trial analysis not found.' },
  'studio.dailyQuota': {
    ko: '오늘의 분석 {{limit}}회를 모두 사용했습니다. 자정(한국 시간)에 다시 채워집니다.',
    en: 'You have used all {{limit}} analyses of today. They are refilled at midnight (Korea time).',
  },
  'studio.sameVersion': { ko: '서로 다른 두 버전을 골라 주세요.', en: 'Choose two different versions.' },
  'studio.compareNotReady': {
    ko: '두 버전의 분석이 모두 끝나야 비교할 수 있습니다.',
    en: 'Both versions must be analysed before they can be compared.',
  },
  'studio.memberEmail': {
    ko: '이미 가입된 이메일입니다. 로그인하면 하루 {{limit}}번 분석할 수 있어요.',
    en: 'This e-mail already has an account: log in to analyse up to {{limit}} times a day.',
  },
  'studio.trialUsed': {
    ko: '체험 분석은 이메일마다 한 번만 할 수 있습니다. 로그인하고 계속 분석해 보세요.',
    en: 'The trial is once per e-mail address: log in to keep analysing.',
  },
  'studio.trialClaimed': {
    ko: '이미 다른 계정으로 옮겨진 체험 분석입니다.',
    en: 'This trial analysis has already moved to another account.',
  },
  'studio.signedInTrial': {
    ko: '로그인한 회원은 체험 대신 오늘의 분석 횟수를 사용합니다.',
    en: 'Signed-in members use their daily analyses instead of the trial.',
  },
} as const satisfies ErrorTexts;
