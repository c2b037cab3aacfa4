/**
 * The DEDUCTION referee (docs/deduction.md "Answer secrecy"). For a signed-in player the seed
 * stays on the server: the browser gets the per-device view (its own seats' hints and counts,
 * never the answers), sends each move here and learns only how many of its keywords were
 * answers. Built-in AIs are played here (their hints never leave the server); custom bots and
 * every person's seat are played by the browser. The log of the turns is kept in
 * deduction_session_logs, one move at a time per session (row lock + compare-and-swap on the
 * event count), and the turn timer is the server's: a person's thinking time is measured
 * here, and a guess that arrives after the turn's time (plus a grace) is played as the time-out.
 * At the end the server computes the SPEC payload and reveals the seed; sessions/end then
 * checks the submitted log against these turns (verifyDeductionResult).
 */
import { createHash } from 'node:crypto';
import {
  deductionStartMetadata,
  type DeductionPlay,
  type DeductionTurnBody,
  type DeductionViewValue,
  type ErrorField,
} from '@moim/contract';
import {
  aiMove,
  checkDeductionSetup,
  deductionLast,
  deductionResult,
  deductionView,
  DeductionGame,
  DeductionMoveError,
  isRankedSetup,
  presetSettings,
  type DeductionEvent,
  type DeductionSettings,
  type SeatSpec,
} from '@moim/games';
import type { Clock } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badState, notFound } from '../../http/app-error.ts';
import { renderErrorText } from '../../i18n/error-texts.ts';
import type { Locale } from '../../i18n/messages.ts';
import { moveError, setupFieldText } from './deduction-errors.ts';
import * as dedRepo from './deduction-repo.ts';
import { issueFields } from './field-errors.ts';
import * as repo from './repo.ts';

/** Network and rendering slack on top of a turn's time before the server plays the time-out itself. */
export const TURN_GRACE_MS = 5_000;

export interface DeductionSetup {
  settings: DeductionSettings;
  seats: SeatSpec[];
}

/** A setup that is not a playable game (400 VAL-2001), the first field's text in the message. */
function badSetup(fields: ErrorField[]): AppError {
  const first = fields[0];
  const params = { path: first?.path ?? 'body.metadata', message: first?.message ?? '' };
  return new AppError('VAL-2001', { key: 'deduction.badSetup', params }, { fields });
}

export function seedCommitment(seed: string): string {
  return `sha256:${createHash('sha256').update(seed).digest('hex')}`;
}

/** The setup in a session's metadata (validated at start). */
export function setupOf(metadata: Record<string, unknown> | null | undefined): DeductionSetup {
  const m = metadata as { settings?: DeductionSettings; seats?: SeatSpec[] } | null | undefined;
  if (!m?.settings || !Array.isArray(m.seats)) throw new Error('the session has no deduction setup');
  return { settings: m.settings, seats: m.seats };
}

/** Seats the browser plays: people and custom bots (built-in AIs are the server's). */
export function deviceSeats(seats: readonly SeatSpec[]): number[] {
  return seats.flatMap((s, i) => (s.kind === 'AI' ? [] : [i]));
}

export class DeductionReferee {
  constructor(
    private readonly ctx: AppContext,
    private readonly clock: Clock,
  ) {}

  private now(): number {
    return this.clock().getTime();
  }

  /**
   * The metadata a DEDUCTION session starts with: the given setup, checked (VAL-2001 when it
   * is not a playable game: each input at fault in `details.fields`, its code the engine's
   * reason, its message in the reader's language), or the default (intermediate preset
   * against a MEDIUM AI).
   */
  normaliseStart(metadata: Record<string, unknown>, locale: Locale = 'ko'): Record<string, unknown> {
    if (metadata.settings === undefined && metadata.seats === undefined) {
      return {
        ...metadata,
        settings: presetSettings('INTERMEDIATE'),
        seats: [
          { kind: 'HUMAN', name: '나' },
          { kind: 'AI', level: 'MEDIUM' },
        ],
      };
    }
    const parsed = deductionStartMetadata.safeParse(metadata, { reportInput: true });
    if (!parsed.success) throw badSetup(issueFields(parsed.error.issues, 'body.metadata', locale));
    const { settings, seats } = parsed.data;
    const check = checkDeductionSetup(settings as DeductionSettings, seats as SeatSpec[]);
    if (!check.ok) {
      const message = renderErrorText(setupFieldText(check.reason, check.params), locale);
      throw badSetup([{ path: `body.metadata.${check.field}`, code: check.reason, message }]);
    }
    if (seats[0]!.kind !== 'HUMAN') {
      const message = renderErrorText('deduction.setup.firstSeatHuman', locale);
      throw badSetup([{ path: 'body.metadata.seats.0.kind', code: 'FIRST_SEAT_HUMAN', message }]);
    }
    return { ...metadata, settings, seats };
  }

  /** Opens the log of a new session (inside the start transaction). */
  async open(tx: DbOrTx, sessionId: string): Promise<void> {
    await dedRepo.insertLog(tx, sessionId);
  }

  private async session(userId: string, sessionId: string): Promise<repo.SessionRow> {
    const s = await repo.findSession(this.ctx.db, sessionId);
    // someone else's session, or one of another game, is no DEDUCTION session of mine
    if (!s || s.userId !== userId || s.gameType !== 'DEDUCTION') throw notFound('deduction.sessionNotFound');
    return s;
  }

  private replay(session: repo.SessionRow, events: unknown[]): DeductionGame {
    const { settings, seats } = setupOf(session.metadata);
    const game = new DeductionGame(session.seed, settings, seats);
    for (const e of events as DeductionEvent[]) game.apply(e);
    return game;
  }

  /**
   * The answer of every call: what the device may know (its seats' view, and the last move as
   * those seats see it: a built-in AI's count only when the global hint made it public).
   */
  private answer(session: repo.SessionRow, game: DeductionGame, turnStartedAt: Date, last: DeductionPlay['last']): DeductionPlay {
    const seats = deviceSeats(game.seats);
    const view = deductionView(game, seats) as DeductionViewValue;
    let final: DeductionPlay['final'] = null;
    if (game.outcome) {
      const { fields, breakdown } = deductionResult(game, 0);
      final = {
        seed: session.seed,
        result: fields,
        breakdown,
        ranked: isRankedSetup(game.settings, game.seats),
        gameData: { v: 1, settings: game.settings, seats: game.seats, events: game.events },
      };
    }
    return {
      sessionId: session.id,
      view,
      turnStartedAt: turnStartedAt.toISOString(),
      commitment: seedCommitment(session.seed),
      final,
      last: last ? deductionLast(game, seats, last) : null,
    };
  }

  /** The current view of one of my DEDUCTION sessions (to draw the board or resume). */
  async play(userId: string, sessionId: string): Promise<DeductionPlay> {
    const session = await this.session(userId, sessionId);
    const log = await dedRepo.findLog(this.ctx.db, sessionId);
    if (!log) throw notFound('deduction.sessionNotFound');
    return this.answer(session, this.replay(session, log.events), log.turnStartedAt, null);
  }

  /** The seat whose turn it is moves (see deductionTurnBody). */
  async turn(userId: string, sessionId: string, body: DeductionTurnBody): Promise<DeductionPlay> {
    return this.move(userId, sessionId, body.turn, (game, startedAt) => {
      const seat = game.activeSeat!;
      const spec = game.seats[seat]!;
      if (spec.kind === 'AI') {
        if (body.guess || body.timeout || body.skip) throw badState('deduction.aiTurn', { reason: 'AI_TURN', turn: game.turn });
        const r = game.apply({ type: 'guess', seat, guess: aiMove(game) });
        return { kind: 'guess', seat, correct: r.correct!, revealed: r.revealed ?? [], keyword: null, timeout: false };
      }
      if (spec.kind === 'BOT') {
        if (body.timeout || !(body.skip || body.guess)) throw badState('deduction.botTurn', { reason: 'BOT_TURN', turn: game.turn });
        if (body.skip) {
          game.apply({ type: 'skip', seat, reason: body.skip });
          return { kind: 'skip', seat, correct: null, revealed: [], keyword: null, timeout: false };
        }
        const r = game.apply({ type: 'guess', seat, guess: body.guess! });
        return { kind: 'guess', seat, correct: r.correct!, revealed: r.revealed ?? [], keyword: null, timeout: false };
      }
      if (body.skip || !(body.timeout || body.guess)) throw badState('deduction.humanTurn', { reason: 'HUMAN_TURN', turn: game.turn });
      const limitMs = game.settings.turnSeconds * 1000;
      const elapsed = Math.max(0, this.now() - startedAt.getTime());
      // Past the turn's time (and the grace), the timer has already played the time-out.
      const timeout = body.timeout === true || elapsed > limitMs + TURN_GRACE_MS;
      const guess = timeout ? game.timeoutGuess() : body.guess!;
      const r = game.apply({ type: 'guess', seat, guess, ms: Math.min(elapsed, limitMs), ...(timeout ? { timeout: true } : {}) });
      return { kind: 'guess', seat, correct: r.correct!, revealed: r.revealed ?? [], keyword: null, timeout };
    });
  }

  /** A person buys a reveal during their turn (one answer or one wrong keyword, private). */
  async reveal(userId: string, sessionId: string, turn: number, kind: 'ANSWER' | 'WRONG'): Promise<DeductionPlay> {
    return this.move(userId, sessionId, turn, (game) => {
      const seat = game.activeSeat!;
      if (game.seats[seat]!.kind !== 'HUMAN') throw badState('deduction.revealOnlyHuman', { reason: 'NOT_HUMAN_TURN', turn: game.turn });
      const r = game.apply({ type: 'reveal', seat, kind });
      return { kind: 'reveal', seat, correct: null, revealed: [], keyword: r.keyword!, timeout: false };
    });
  }

  private async move(
    userId: string,
    sessionId: string,
    turn: number,
    act: (game: DeductionGame, turnStartedAt: Date) => NonNullable<DeductionPlay['last']>,
  ): Promise<DeductionPlay> {
    const session = await this.session(userId, sessionId);
    if (session.status !== 'IN_PROGRESS') throw badState('deduction.notInProgress', { reason: 'NOT_IN_PROGRESS', status: session.status });
    const out = await this.ctx.db.transaction(async (tx) => {
      const log = await dedRepo.lockLog(tx, sessionId);
      if (!log) throw notFound('deduction.sessionNotFound');
      const game = this.replay(session, log.events);
      if (game.outcome) throw badState('deduction.gameOver', { reason: 'GAME_OVER' });
      if (turn !== game.turn) throw badState('deduction.staleTurn', { reason: 'STALE_TURN', turn: game.turn });
      const before = game.turn;
      let last: NonNullable<DeductionPlay['last']>;
      try {
        last = act(game, log.turnStartedAt);
      } catch (err) {
        if (err instanceof DeductionMoveError) throw moveError(err);
        throw err;
      }
      const newTurn = game.turn !== before;
      const saved = await dedRepo.saveLog(tx, sessionId, log.eventCount, game.events, game.turn, newTurn);
      if (!saved) throw badState('deduction.movedMeanwhile', { reason: 'STALE_TURN', turn: game.turn });
      await repo.touchSession(tx, sessionId);
      return { game, last, startedAt: newTurn ? new Date(this.now()) : log.turnStartedAt };
    });
    return this.answer(session, out.game, out.startedAt, out.last);
  }

  /** What sessions/end checks a DEDUCTION log against: the session's setup and the refereed turns. */
  async expected(sessionId: string, metadata: Record<string, unknown>): Promise<DeductionSetup & { events: DeductionEvent[] }> {
    const log = await dedRepo.findLog(this.ctx.db, sessionId);
    return { ...setupOf(metadata), events: (log?.events ?? []) as DeductionEvent[] };
  }
}
