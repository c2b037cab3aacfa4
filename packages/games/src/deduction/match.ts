/**
 * A game with no person at the table: built-in AIs play themselves and custom bots are asked
 * through `bot` (which runs them in a sandbox). The bot ladder and the bot editor's test match
 * use it; so do the tests that pit the AIs against each other.
 */
import { aiMove } from './ai.ts';
import { botRandomSeed, botStateFromView, checkBotAnswer, type BotState } from './bot-protocol.ts';
import { DeductionGame, type SkipReason } from './engine.ts';
import type { DeductionSettings, SeatSpec } from './settings.ts';
import { deductionView } from './view.ts';

export type BotReply = { guess: unknown } | { skip: SkipReason; message?: string };
export type BotMoveFn = (seat: number, state: BotState, randomSeed: number) => Promise<BotReply>;

export interface MatchTurn {
  seat: number;
  kind: 'guess' | 'skip';
  correct?: number;
  reason?: SkipReason;
  message?: string;
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
        reply = { skip: 'BOT_ERROR', message: (err as Error).message };
      }
      if ('skip' in reply) {
        game.apply({ type: 'skip', seat, reason: reply.skip });
        await onTurn?.({ seat, kind: 'skip', reason: reply.skip, ...(reply.message ? { message: reply.message } : {}) }, game);
        continue;
      }
      const checked = checkBotAnswer(reply.guess, state);
      if (!checked.ok) {
        game.apply({ type: 'skip', seat, reason: 'BOT_INVALID' });
        await onTurn?.({ seat, kind: 'skip', reason: 'BOT_INVALID', message: checked.message }, game);
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
