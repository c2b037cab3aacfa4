/**
 * The lab's game types and the result fields each one reports on session end (SPEC §3
 * "Game results on end"). Every result also carries `gameData`, the game's own log.
 */

export const GAME_TYPES = {
  TETRIS: {
    code: 'TETRIS',
    nameKo: '테트리스',
    nameEn: 'Tetris',
    descriptionKo: '떨어지는 블록을 돌리고 옮겨 줄을 지우세요. 레벨이 오를수록 빨라집니다.',
    descriptionEn: 'Rotate and move the falling blocks to clear lines. It speeds up as you level up.',
    resultFields: ['score', 'level', 'linesCleared', 'timeElapsedSeconds', 'maxCombo', 'gameData'],
    /** The server replays gameData (see verifyTetrisResult). */
    verifiable: true,
  },
  DEDUCTION: {
    code: 'DEDUCTION',
    nameKo: '추리 게임',
    nameEn: 'Deduction',
    descriptionKo: '단서와 힌트로 정답을 추리하세요. 혼자 또는 상대와 겨룰 수 있습니다.',
    descriptionEn: 'Work out the answer from clues and hints, alone or against opponents.',
    resultFields: [
      'score',
      'won',
      'difficulty',
      'guessesCount',
      'hintsUsed',
      'wrongAnswerHintsUsed',
      'correctAnswerHintsUsed',
      'timeElapsedSeconds',
      'playersCount',
      'opponentType',
      'opponentDifficulty',
      'opponentId',
      'gameData',
    ],
    /** The server replays the guess log (see verifyDeductionResult). */
    verifiable: true,
  },
} as const;

export type GameTypeCode = keyof typeof GAME_TYPES;
export type GameTypeInfo = (typeof GAME_TYPES)[GameTypeCode];
export const GAME_TYPE_CODES = Object.keys(GAME_TYPES) as GameTypeCode[];

export function isGameTypeCode(value: unknown): value is GameTypeCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(GAME_TYPES, value);
}
