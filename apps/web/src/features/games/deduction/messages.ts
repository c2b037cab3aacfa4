/**
 * The deduction engine's reason codes in the UI's language (deduction namespace): a setup that
 * is not a playable game (checkDeductionSetup), an illegal move of a game played in this browser
 * (DeductionMoveError), and why a bot lost its turn (a protocol fault, or its own error text).
 * The server says the same codes in the same words for signed-in games.
 */
import { DeductionMoveError, type MatchTurn, type SetupCheck } from '@moim/games';
import type { TFunction } from 'i18next';
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

/** A bot's lost turn in the test match's log: the reason, then the protocol's fault or the bot's own error text. */
export function botSkipText(turn: MatchTurn, name: string, t: T): string {
  const reason = t(`skip.${turn.reason ?? 'BOT_ERROR'}`);
  const detail = turn.fault ? t(`botFault.${turn.fault.code}`, { ...turn.fault.params }) : turn.message;
  return detail ? t('bots.logSkip', { name, reason, message: detail }) : t('bots.logSkipPlain', { name, reason });
}
