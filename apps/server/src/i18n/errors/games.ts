import type { ErrorTexts } from './types.ts';

/** Error messages of the games area (docs/api-wire.md "Languages"): one key, Korean and English. */
export const GAMES_ERRORS = {
  'games.sessionNotFound': { ko: '게임 세션을 찾을 수 없습니다.', en: 'Game session not found.' },
  'games.userNotFound': { ko: '사용자를 찾을 수 없습니다.', en: 'User not found.' },
  'games.metadataTooLong': { ko: 'metadata는 {{limit}}자 이하여야 합니다.', en: 'metadata is limited to {{limit}} characters.' },
  'games.sessionOver': { ko: '이미 끝난 게임 세션입니다.', en: 'This game session has already ended.' },
  'games.endAbandoned': { ko: '중단된 게임 세션은 종료할 수 없습니다.', en: 'An abandoned game session cannot be ended.' },
  'games.endedOtherwise': {
    ko: '이미 다른 결과로 종료된 게임 세션입니다.',
    en: 'This game session has already ended with another result.',
  },
  'games.saveNotInProgress': {
    ko: '진행 중인 게임 세션에만 상태를 저장할 수 있습니다.',
    en: 'A state can only be saved for a game session in progress.',
  },
  'games.stateTooLarge': { ko: '저장할 상태는 {{kb}}KB 이하여야 합니다.', en: 'A saved state is limited to {{kb}} KB.' },
  'games.badResult': {
    ko: '게임 결과를 확인해 주세요 ({{path}}: {{message}})',
    en: 'Please check the game result ({{path}}: {{message}})',
  },
  // a result that did not verify (the reason's message; details.reason is the code)
  'games.refused.unverified': { ko: '검증되지 않은 게임 결과입니다.', en: 'The game result could not be verified.' },
  'games.refused.malformedLog': {
    ko: '검증되지 않은 게임 결과입니다: 게임 기록(gameData)을 읽을 수 없습니다.',
    en: 'The game result could not be verified: its log (gameData) cannot be read.',
  },
  'games.refused.setupMismatch': {
    ko: '검증되지 않은 게임 결과입니다: 게임 기록의 설정이 이 세션과 다릅니다.',
    en: 'The game result could not be verified: its log has another setup than this session.',
  },
  'games.refused.logMismatch': {
    ko: '검증되지 않은 게임 결과입니다: 게임 기록이 서버가 진행한 차례와 다릅니다.',
    en: 'The game result could not be verified: its log differs from the turns the server played.',
  },
  'games.refused.illegalMove': {
    ko: '검증되지 않은 게임 결과입니다: 게임 기록에 규칙에 어긋난 수가 있습니다.',
    en: 'The game result could not be verified: its log has a move against the rules.',
  },
  'games.refused.gameNotOver': {
    ko: '검증되지 않은 게임 결과입니다: 게임이 아직 끝나지 않았습니다.',
    en: 'The game result could not be verified: the game has not ended.',
  },
  'games.refused.fieldMismatch': {
    ko: '검증되지 않은 게임 결과입니다: 결과 값이 게임 기록을 다시 둔 결과와 다릅니다.',
    en: 'The game result could not be verified: a figure differs from the replay of its log.',
  },
  'games.refused.invalidClaim': {
    ko: '검증되지 않은 게임 결과입니다: 결과 값이 올바르지 않습니다.',
    en: 'The game result could not be verified: a figure is not valid.',
  },
  'games.refused.seedMismatch': {
    ko: '검증되지 않은 게임 결과입니다: 이 세션의 시드로 플레이한 기록이 아닙니다.',
    en: 'The game result could not be verified: it was not played on this session’s seed.',
  },
  'games.refused.startLevelMismatch': {
    ko: '검증되지 않은 게임 결과입니다: 시작 레벨이 이 세션과 다릅니다.',
    en: 'The game result could not be verified: its start level differs from this session’s.',
  },
  'games.refused.inputAfterGameOver': {
    ko: '검증되지 않은 게임 결과입니다: 게임이 끝난 뒤의 입력이 기록에 있습니다.',
    en: 'The game result could not be verified: its log goes on after the game ended.',
  },
  'games.refused.implausible': {
    ko: '검증되지 않은 게임 결과입니다: 있을 수 없는 결과 값이 있습니다.',
    en: 'The game result could not be verified: a figure is not possible.',
  },
  'games.refused.durationImplausible': {
    ko: '검증되지 않은 게임 결과입니다: 게임 시간이 세션 시간보다 깁니다.',
    en: 'The game result could not be verified: the game lasted longer than its session.',
  },
} as const satisfies ErrorTexts;
