/**
 * One interface for the board, two ways to run a game:
 * - LocalDriver (guests, and the bot editor's test match): the whole engine in the browser
 *   on a local seed, AIs computed here;
 * - RemoteDriver (signed-in): the server referees; the browser only ever holds its view.
 * Either way custom bots are run by the page (bot-runner.ts) and reported with botMove.
 */
import type { DeductionPlay } from '@moim/contract';
import {
  aiMove,
  deductionLast,
  deductionResult,
  deductionView,
  DeductionGame,
  isRankedSetup,
  type BotReply,
  type DeductionEvent,
  type DeductionSettings,
  type DeductionView,
  type ScoreBreakdown,
  type SeatSpec,
} from '@moim/games';
import { deductionApi } from './api';

export interface DriverFinal {
  result: Record<string, unknown> & { score: number; won: boolean };
  breakdown: ScoreBreakdown;
  ranked: boolean;
  gameData: Record<string, unknown>;
}

export interface DriverLast {
  kind: 'guess' | 'skip' | 'reveal';
  seat: number;
  correct: number | null;
  keyword: number | null;
  timeout: boolean;
}

export interface DriverState {
  view: DeductionView;
  /** Local clock (ms) when the current turn began. */
  turnStartedAt: number;
  final: DriverFinal | null;
  last: DriverLast | null;
}

export interface DeductionDriver {
  readonly mode: 'local' | 'remote';
  state: DriverState;
  guess(guess: number[]): Promise<DriverState>;
  timeout(): Promise<DriverState>;
  reveal(kind: 'ANSWER' | 'WRONG'): Promise<DriverState>;
  advanceAi(): Promise<DriverState>;
  botMove(reply: BotReply, guess: number[] | null): Promise<DriverState>;
  /** Restart the turn clock (local games: after the hot-seat hand-over screen). */
  restartClock(): void;
  /** What a checkpoint needs to resume this game. */
  checkpoint(): Record<string, unknown>;
}

const deviceSeats = (seats: readonly SeatSpec[]) => seats.flatMap((s, i) => (s.kind === 'AI' ? [] : [i]));

export class LocalDriver implements DeductionDriver {
  readonly mode = 'local' as const;
  readonly game: DeductionGame;
  state: DriverState;

  constructor(
    readonly seed: string,
    settings: DeductionSettings,
    seats: SeatSpec[],
    events: readonly DeductionEvent[] = [],
    private readonly now: () => number = Date.now,
  ) {
    this.game = new DeductionGame(seed, settings, seats);
    for (const e of events) this.game.apply(e);
    this.state = this.snapshot(null);
  }

  private snapshot(last: DriverLast | null, keepClock = false): DriverState {
    const g = this.game;
    let final: DriverFinal | null = null;
    if (g.outcome) {
      const seatZero = g.seats[0]!;
      const { fields, breakdown } = deductionResult(g, 0);
      final = {
        result: fields as unknown as DriverFinal['result'],
        breakdown,
        ranked: seatZero.kind === 'HUMAN' && isRankedSetup(g.settings, g.seats),
        gameData: { v: 1, settings: g.settings, seats: g.seats, events: g.events },
      };
    }
    return {
      view: deductionView(g, deviceSeats(g.seats)),
      turnStartedAt: keepClock && this.state ? this.state.turnStartedAt : this.now(),
      final,
      last,
    };
  }

  /** The move as this device may see it (another seat's count only when public: as the server answers). */
  private after(
    r: { correct?: number; revealed?: number[]; keyword?: number },
    kind: DriverLast['kind'],
    seat: number,
    timeout = false,
    newTurn = true,
  ): DriverState {
    const { revealed: _revealed, ...last } = deductionLast(this.game, deviceSeats(this.game.seats), {
      kind,
      seat,
      correct: r.correct ?? null,
      revealed: r.revealed ?? [],
      keyword: r.keyword ?? null,
      timeout,
    });
    this.state = this.snapshot(last, !newTurn);
    return this.state;
  }

  async guess(guess: number[]) {
    const seat = this.game.activeSeat!;
    const ms = Math.min(Math.max(0, this.now() - this.state.turnStartedAt), this.game.settings.turnSeconds * 1000);
    return this.after(this.game.apply({ type: 'guess', seat, guess, ms }), 'guess', seat);
  }

  async timeout() {
    const seat = this.game.activeSeat!;
    const r = this.game.apply({
      type: 'guess',
      seat,
      guess: this.game.timeoutGuess(),
      ms: this.game.settings.turnSeconds * 1000,
      timeout: true,
    });
    return this.after(r, 'guess', seat, true);
  }

  async reveal(kind: 'ANSWER' | 'WRONG') {
    const seat = this.game.activeSeat!;
    return this.after(this.game.apply({ type: 'reveal', seat, kind }), 'reveal', seat, false, false);
  }

  async advanceAi() {
    const seat = this.game.activeSeat!;
    return this.after(this.game.apply({ type: 'guess', seat, guess: aiMove(this.game) }), 'guess', seat);
  }

  async botMove(reply: BotReply, guess: number[] | null) {
    const seat = this.game.activeSeat!;
    if (!guess)
      return this.after(this.game.apply({ type: 'skip', seat, reason: 'skip' in reply ? reply.skip : 'BOT_INVALID' }), 'skip', seat);
    return this.after(this.game.apply({ type: 'guess', seat, guess }), 'guess', seat);
  }

  restartClock() {
    this.state = { ...this.state, turnStartedAt: this.now() };
  }

  checkpoint() {
    return { v: 1, mode: 'local', seed: this.seed, settings: this.game.settings, seats: this.game.seats, events: this.game.events };
  }
}

export class RemoteDriver implements DeductionDriver {
  readonly mode = 'remote' as const;
  state: DriverState;

  constructor(
    readonly sessionId: string,
    play: DeductionPlay,
    private readonly now: () => number = Date.now,
  ) {
    // Resuming: the server's turn clock (never ahead of ours).
    this.state = this.toState(play, Math.min(this.now(), Date.parse(play.turnStartedAt) || this.now()));
  }

  private toState(play: DeductionPlay, turnStartedAt: number): DriverState {
    return {
      view: play.view as unknown as DeductionView,
      turnStartedAt,
      final: play.final
        ? {
            result: play.final.result as DriverFinal['result'],
            breakdown: play.final.breakdown as ScoreBreakdown,
            ranked: play.final.ranked,
            gameData: play.final.gameData,
          }
        : null,
      last: play.last
        ? { kind: play.last.kind, seat: play.last.seat, correct: play.last.correct, keyword: play.last.keyword, timeout: play.last.timeout }
        : null,
    };
  }

  private accept(play: DeductionPlay): DriverState {
    const newTurn = play.view.turn !== this.state.view.turn;
    this.state = this.toState(play, newTurn ? this.now() : this.state.turnStartedAt);
    return this.state;
  }

  async guess(guess: number[]) {
    return this.accept(await deductionApi.turn(this.sessionId, { turn: this.state.view.turn, guess }));
  }
  async timeout() {
    return this.accept(await deductionApi.turn(this.sessionId, { turn: this.state.view.turn, timeout: true }));
  }
  async reveal(kind: 'ANSWER' | 'WRONG') {
    return this.accept(await deductionApi.reveal(this.sessionId, this.state.view.turn, kind));
  }
  async advanceAi() {
    return this.accept(await deductionApi.turn(this.sessionId, { turn: this.state.view.turn }));
  }
  async botMove(reply: BotReply, guess: number[] | null) {
    const body = guess
      ? { turn: this.state.view.turn, guess }
      : { turn: this.state.view.turn, skip: 'skip' in reply ? reply.skip : ('BOT_INVALID' as const) };
    return this.accept(await deductionApi.turn(this.sessionId, body));
  }
  restartClock() {
    /* the server keeps the clock */
  }
  checkpoint() {
    return { v: 1, mode: 'remote', sessionId: this.sessionId, turn: this.state.view.turn };
  }
}
