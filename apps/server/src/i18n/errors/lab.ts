import type { ErrorTexts } from './types.ts';

/** Error messages of the lab area (docs/api-wire.md "Languages"): one key, Korean and English. */
export const LAB_ERRORS = {
  'lab.rosterNotFound': { ko: '저장된 명단을 찾을 수 없습니다.', en: 'Saved roster not found.' },
  'lab.rosterLimit': { ko: '명단은 {{limit}}개까지 저장할 수 있습니다.', en: 'You can save up to {{limit}} rosters.' },
  'lab.replayMismatch': {
    ko: '이 시드로 다시 추첨한 결과가 기록된 당첨자와 다릅니다.',
    en: 'Drawing again with this seed does not give the recorded winners.',
  },
  'lab.playedInFuture': { ko: '추첨 시각이 미래입니다.', en: 'The draw’s time is in the future.' },
} as const satisfies ErrorTexts;
