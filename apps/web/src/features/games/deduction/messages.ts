/**
 * The deduction engine's reason codes in the UI's language (deduction namespace): a setup that
 * is not a playable game (checkDeductionSetup), an illegal move of a game played in this browser
 * (DeductionMoveError), and why a bot lost its turn (a protocol fault, or its own error text).
 * The server says the same codes in the same words for signed-in games. Also what the board
 * announces of a move and the test match's log lines, by the fairness rule (a device knows the
 * counts of its own seats, and another seat's only when the global hint made it public).
 */
import {
  countVisible,
  DeductionMoveError,
  type BotError,
  type DeductionGame,
  type DeductionView,
  type MatchTurn,
  type SetupCheck,
} from '@moim/games';
import type { DriverLast } from './driver';
import { seatLabel } from './history';
import type { TFunction } from '../../../shared/i18n';
import { ApiError } from '../../../shared/api/client';

type T = TFunction<'deduction'>;

/** "Check the settings (Answers): At most half of the keywords can be answers." */
export function setupProblemText(problem: Extract<SetupCheck, { ok: false }>, t: T): string {
  const [head, index] = problem.field.split('.');
  const field =
    head === 'settings'
      ? t(`setup.fieldNames.${index ?? 'settings'}`)
      : index === undefined
        ? t('setup.fieldNames.seats')
        : t('setup.fieldNames.seat', { n: Number(index) + 1 });
  return t('setup.invalid', { field, message: t(`setup.reasons.${problem.reason}`, { ...problem.params }) });
}

/** A failed move: the engine's reason (a game in this browser), or the server's own message (already in the UI's language). */
export function moveErrorText(err: unknown, t: T): string {
  if (err instanceof DeductionMoveError) return t(`moveError.${err.code}`, { ...err.params });
  return err instanceof ApiError || err instanceof Error ? err.message : String(err);
}

/** A bot's lost turn in the test match's log: the reason, then the protocol's fault or the bot's own error (its kind, line and words). */
export function botSkipText(turn: MatchTurn, name: string, t: T): string {
  const reason = t(`skip.${turn.reason ?? 'BOT_ERROR'}`);
  const detail = turn.fault
    ? t(`botFault.${turn.fault.code}`, { ...turn.fault.params })
    : turn.error
      ? botErrorText(turn.error, t)
      : turn.message;
  return detail ? t('bots.logSkip', { name, reason, message: detail }) : t('bots.logSkipPlain', { name, reason });
}

/**
 * The board's announcement of the move just played. A guess's count comes from the history row
 * of that turn in this device's view, so the banner states exactly what the log shows (a hidden
 * count is "?" there and unsaid here).
 */
export function moveAnnouncement(view: DeductionView, last: DriverLast | null, t: T, english: boolean): string {
  if (!last) return '';
  const who = seatLabel(view, last.seat, t);
  if (last.kind === 'reveal') return t('status.revealed', { word: last.keyword !== null ? word(view, last.keyword, english) : '' });
  const row = view.history.at(-1);
  if (last.kind === 'skip') return t('status.skipped', { name: who, reason: t(`skip.${row?.reason ?? 'BOT_ERROR'}`) });
  const correct = row && row.seat === last.seat && row.kind === 'guess' ? row.correct : null;
  if (correct === null) return t('status.guessedHidden', { name: who });
  return t(last.timeout ? 'status.timedOut' : 'status.guessed', { name: who, correct, k: view.settings.answerCount });
}

const word = (view: DeductionView, i: number, english: boolean) => (english ? view.keywords[i]!.en : view.keywords[i]!.ko);

/**
 * A line of the bot editor's test match. The page plays the bot's seat, so it says the bot's
 * counts and the built-in AI's only when public: the same rule as a real game's board.
 */
export function testMatchLine(turn: MatchTurn, game: DeductionGame, botSeat: number, names: { bot: string; ai: string }, t: T): string {
  const who = turn.seat === botSeat ? names.bot : names.ai;
  if (turn.kind === 'skip') return botSkipText(turn, who, t);
  const round = game.seatStates[turn.seat]!.guesses.at(-1)?.round ?? 0;
  const visible = turn.correct !== undefined && countVisible(game, new Set([botSeat]), turn.seat, turn.correct);
  return visible
    ? t('bots.logGuess', { name: who, correct: turn.correct, k: game.settings.answerCount, round })
    : t('bots.logGuessHidden', { name: who, round });
}

/**
 * QuickJS's common messages, said in the UI's language; anything else (a bot's own `throw`, a rare
 * engine message) is shown in QuickJS's words.
 */
const ENGINE_MESSAGES: [RegExp, string][] = [
  [/^'(.+)' is not defined$/, 'notDefined'],
  [/^cannot read property '(.+)' of (undefined|null)$/, 'readOf'],
  [/^cannot set property '(.+)' of (undefined|null)$/, 'setOf'],
  [/^'?([^']+?)'? is not a function$/, 'notFunction'],
  [/^not a function$/, 'notFunctionPlain'],
  [/^unexpected token in expression: '(.+)'$/, 'unexpectedToken'],
  [/^unexpected end of input$/, 'unexpectedEnd'],
  [/^expecting '(.+)'$/, 'expecting'],
  [/^stack overflow$/, 'stackOverflow'],
  [/^out of memory$/, 'outOfMemory'],
  [/^interrupted$/, 'interrupted'],
];

function engineMessage(message: string, t: T): string {
  for (const [re, key] of ENGINE_MESSAGES) {
    const m = re.exec(message);
    if (m) return t(`botError.messages.${key}`, { a: m[1]?.trim() ?? '', b: m[2] ?? '' });
  }
  return message;
}

/** "Line 12 · reference error: 'foo' is not defined" in the UI's language. */
export function botErrorText(e: BotError, t: T): string {
  const kind = t(`botError.kinds.${e.kind}`);
  const text = engineMessage(e.message, t);
  return e.line === null ? t('botError.noLine', { kind, message: text }) : t('botError.atLine', { line: e.line, kind, message: text });
}
