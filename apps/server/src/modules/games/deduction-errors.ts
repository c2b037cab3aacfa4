/**
 * The deduction engine's reason codes (packages/games: a setup that is not a playable game, an
 * illegal move) as the wire says them (docs/api-wire.md): a message key of
 * i18n/errors/deduction.ts for each code; an illegal move answers 409 BIZ-3002 when the game's
 * state forbids it (over, not this seat's turn) and 422 BIZ-3003 when a rule of the game does,
 * with the code in `details.reason`.
 */
import type { DeductionMoveError, DeductionSetupReason, MoveErrorCode } from '@moim/games';
import { AppError } from '../../http/app-error.ts';
import type { ErrorText, ErrorTextKey } from '../../i18n/error-texts.ts';

const SETUP_TEXT: Record<DeductionSetupReason, ErrorTextKey> = {
  SETTINGS_MISSING: 'deduction.setup.settingsMissing',
  UNKNOWN_THEME: 'deduction.setup.unknownTheme',
  NOT_BOOLEAN: 'deduction.setup.notBoolean',
  UNKNOWN_PRESET: 'deduction.setup.unknownPreset',
  OUT_OF_RANGE: 'deduction.setup.outOfRange',
  PRESET_VALUE: 'deduction.setup.presetValue',
  PRESET_NEEDS_ROUND_CAP: 'deduction.setup.presetNeedsRoundCap',
  SEAT_COUNT: 'deduction.setup.seatCount',
  SEAT_MALFORMED: 'deduction.setup.seatMalformed',
  SEAT_NAME: 'deduction.setup.seatName',
  SEAT_BOT_MISSING: 'deduction.setup.seatBotMissing',
  UNKNOWN_AI_LEVEL: 'deduction.setup.unknownAiLevel',
  UNKNOWN_SEAT_KIND: 'deduction.setup.unknownSeatKind',
  TOO_MANY_ANSWERS: 'deduction.setup.tooManyAnswers',
  POOL_TOO_SMALL: 'deduction.setup.poolTooSmall',
};

/** The text of a setup problem, with the numbers its rule names. */
export function setupFieldText(reason: DeductionSetupReason, params?: Record<string, number>): ErrorText {
  return params ? { key: SETUP_TEXT[reason], params } : SETUP_TEXT[reason];
}

const MOVE_TEXT: Record<MoveErrorCode, ErrorTextKey> = {
  GAME_OVER: 'deduction.gameOver',
  NOT_YOUR_TURN: 'deduction.move.notYourTurn',
  NO_REVEALS_LEFT: 'deduction.move.noRevealsLeft',
  GUESS_SIZE: 'deduction.move.guessSize',
  KEYWORD_NOT_IN_POOL: 'deduction.move.keywordNotInPool',
  REPEATED_KEYWORD: 'deduction.move.repeatedKeyword',
  NOT_TIMEOUT_GUESS: 'deduction.move.notTimeoutGuess',
  SKIP_NOT_BOT: 'deduction.move.skipNotBot',
  UNKNOWN_EVENT: 'deduction.move.unknownEvent',
};
const STATE_CONFLICTS: ReadonlySet<MoveErrorCode> = new Set(['GAME_OVER', 'NOT_YOUR_TURN']);

/** An illegal move: 409 for the game's state, 422 for a rule of the game; `details.reason` is the engine's code. */
export function moveError(err: DeductionMoveError): AppError {
  const code = STATE_CONFLICTS.has(err.code) ? 'BIZ-3002' : 'BIZ-3003';
  const facts = err.code === 'GUESS_SIZE' ? { answerCount: err.params.answerCount! } : {};
  return new AppError(code, { key: MOVE_TEXT[err.code], params: err.params }, { reason: err.code, ...facts });
}
