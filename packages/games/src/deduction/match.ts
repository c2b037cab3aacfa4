/**
 * A game with no person at the table: built-in AIs play themselves and custom bots are asked
 * through `bot` (which runs them in a sandbox). The bot ladder and the bot editor's test match
 * use it; so do the tests that pit the AIs against each other.
 */
import { aiMove } from './ai.ts';
import {
  botErrorOf,
  botRandomSeed,
  botStateFromView,
  checkBotAnswer,
  type BotError,
  type BotFault,
  type BotState,
} from './bot-protocol.ts';
import { DeductionGame, type SkipReason } from './engine.ts';
import type { DeductionSettings, SeatSpec } from './settings.ts';
import { deductionView } from './view.ts';

/**
 * A bot's answer: a guess, or a lost turn with its reason; `fault` says what broke the protocol
 * (a code the pages render), `message` is the bot's own error text (its code threw it).
 */
export type BotReply = { guess: unknown } | { skip: SkipReason; fault?: BotFault; message?: string; error?: BotError };
export type BotMoveFn = (seat: number, state: BotState, randomSeed: number) => Promise<BotReply>;

export interface MatchTurn {
  seat: number;
  kind: 'guess' | 'skip';
  correct?: number;
  reason?: SkipReason;
  /** A protocol fault (a code with its numbers), for a skip. */
  fault?: BotFault;
  /** The bot's own error text, for a skip. */
  message?: string;
  /** The bot's own error with its kind and line, when the sandbox could tell them. */
  error?: BotError;
}

export async function playDeductionMatch(
  seed: string,
  settings: DeductionSettings,
  seats: readonly SeatSpec[],
  bot: BotMoveFn = () => Promise.reject(new Error('no bot runner')),
  onTurn?: (turn: MatchTurn, game: DeductionGame) => void | Promise<void>,
): Promise<DeductionGame> {
  const game = new DeductionGame(seed, settings, seats);
  while (!game.outcome) {
    const seat = game.activeSeat!;
    const spec = game.seats[seat]!;
    if (spec.kind === 'AI') {
      const r = game.apply({ type: 'guess', seat, guess: aiMove(game) });
      await onTurn?.({ seat, kind: 'guess', correct: r.correct! }, game);
    } else if (spec.kind === 'BOT') {
      const state = botStateFromView(deductionView(game, [seat]), seat);
      let reply: BotReply;
      try {
        reply = await bot(seat, state, botRandomSeed(seed, game.turn, seat));
      } catch (err) {
        reply = { skip: 'BOT_ERROR', ...botErrorOf(String((err as Error).message)) };
      }
      if ('skip' in reply) {
        game.apply({ type: 'skip', seat, reason: reply.skip });
        const { fault, message, error } = reply;
        await onTurn?.(
          {
            seat,
            kind: 'skip',
            reason: reply.skip,
            ...(fault ? { fault } : {}),
            ...(message ? { message } : {}),
            ...(error ? { error } : {}),
          },
          game,
        );
        continue;
      }
      const checked = checkBotAnswer(reply.guess, state);
      if (!checked.ok) {
        game.apply({ type: 'skip', seat, reason: 'BOT_INVALID' });
        await onTurn?.({ seat, kind: 'skip', reason: 'BOT_INVALID', fault: checked.fault }, game);
        continue;
      }
      const r = game.apply({ type: 'guess', seat, guess: checked.guess });
      await onTurn?.({ seat, kind: 'guess', correct: r.correct! }, game);
    } else {
      throw new Error('a match has no human seats');
    }
  }
  return game;
}
