/**
 * The rules of the deduction game as a state machine over events (the guess log):
 * - turns go round the seats from the dealt first seat; a round is one turn of every seat;
 * - a guess names exactly `answerCount` distinct keywords and its player learns how many are
 *   answers; a guess with none marks its keywords wrong for everyone when the global hint is on;
 * - a timed-out turn plays the random guess `timeoutGuess()` (avoiding what the player knows
 *   to be wrong), a bot that fails loses its turn (`skip`);
 * - during their turn a player may buy reveals: one answer or one wrong keyword (private);
 * - the first exact guess wins; after `maxRounds` rounds the game ends and the seats with the
 *   fewest answer sets still consistent with what they know win (two or more: a draw).
 * Deterministic: the same seed, settings, seats and events give the same game everywhere.
 */
import { dealDeduction, streamRng, type DeductionDeal } from './deal.ts';
import type { DeductionSettings, SeatSpec } from './settings.ts';
import { CandidateModel, type Knowledge } from './solver.ts';

export const SKIP_REASONS = ['BOT_TIMEOUT', 'BOT_ERROR', 'BOT_INVALID'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];
export type RevealKind = 'ANSWER' | 'WRONG';

export type DeductionEvent =
  | { type: 'guess'; seat: number; guess: number[]; ms?: number; timeout?: boolean }
  | { type: 'skip'; seat: number; reason: SkipReason }
  | { type: 'reveal'; seat: number; kind: RevealKind };

export interface GuessRecord {
  turn: number;
  round: number;
  seat: number;
  guess: number[];
  correct: number;
  timeout: boolean;
}

export interface SeatState {
  hints: number[];
  guesses: GuessRecord[];
  answerReveals: number[];
  wrongReveals: number[];
  /** Thinking time of the seat's guesses (ms, as logged). */
  ms: number;
  skips: number;
}

export interface DeductionOutcome {
  reason: 'SOLVED' | 'CAP';
  /** The solver, or at the cap every seat with the fewest candidates (two or more: a draw). */
  winners: number[];
  /** At the cap: each seat's number of consistent answer sets. */
  candidateCounts: number[] | null;
  turns: number;
}

/**
 * Why a move is illegal: a stable code (never a sentence), so the server and the pages say it in
 * the reader's language. `GAME_OVER` and `NOT_YOUR_TURN` are about the game's state; the others
 * break a rule of the game.
 */
export const DEDUCTION_MOVE_ERRORS = [
  'GAME_OVER',
  'NOT_YOUR_TURN',
  'NO_REVEALS_LEFT', // no reveal of this kind is left to buy
  'GUESS_SIZE', // a guess names exactly answerCount keywords
  'KEYWORD_NOT_IN_POOL',
  'REPEATED_KEYWORD',
  'NOT_TIMEOUT_GUESS', // a time-out plays the turn's own random guess
  'SKIP_NOT_BOT', // only a bot loses its turn
  'UNKNOWN_EVENT',
] as const;
export type MoveErrorCode = (typeof DEDUCTION_MOVE_ERRORS)[number];

export class DeductionMoveError extends Error {
  constructor(
    readonly code: MoveErrorCode,
    /** Numbers the rule names (`answerCount` of a GUESS_SIZE, `poolSize` of a KEYWORD_NOT_IN_POOL). */
    readonly params: Readonly<Record<string, number>> = {},
  ) {
    super(code);
    this.name = 'DeductionMoveError';
  }
}

/** Why a guess is not `k` different keywords of a pool of `n` (null: it is). */
export function guessProblem(guess: unknown, k: number, n: number): MoveErrorCode | null {
  if (!Array.isArray(guess) || guess.length !== k) return 'GUESS_SIZE';
  if (guess.some((i) => !Number.isInteger(i) || (i as number) < 0 || (i as number) >= n)) return 'KEYWORD_NOT_IN_POOL';
  if (new Set(guess).size !== k) return 'REPEATED_KEYWORD';
  return null;
}

export interface ApplyResult {
  correct?: number;
  /** Keywords this guess marked wrong for everyone. */
  revealed?: number[];
  /** The keyword a reveal showed. */
  keyword?: number;
  over: boolean;
}

/** Most reveals of each kind a player may buy in a game. */
export function revealLimits(settings: DeductionSettings): Record<RevealKind, number> {
  return { ANSWER: settings.answerCount - 1, WRONG: settings.hintCount };
}

export class DeductionGame {
  readonly deal: DeductionDeal;
  readonly isAnswer: Uint8Array;
  readonly globalWrong: number[] = [];
  readonly seatStates: SeatState[];
  readonly events: DeductionEvent[] = [];
  /** Turns played (guesses and skips). */
  turn = 0;
  outcome: DeductionOutcome | null = null;
  private readonly globalWrongSet: Uint8Array;

  constructor(
    readonly seed: string,
    readonly settings: DeductionSettings,
    readonly seats: readonly SeatSpec[],
  ) {
    this.deal = dealDeduction(seed, settings, seats.length);
    this.isAnswer = new Uint8Array(settings.poolSize);
    for (const a of this.deal.answers) this.isAnswer[a] = 1;
    this.globalWrongSet = new Uint8Array(settings.poolSize);
    this.seatStates = this.deal.hints.map((hints) => ({ hints, guesses: [], answerReveals: [], wrongReveals: [], ms: 0, skips: 0 }));
  }

  get players(): number {
    return this.seats.length;
  }

  /** Seat whose turn it is (null once the game is over). */
  get activeSeat(): number | null {
    return this.outcome ? null : (this.deal.firstSeat + this.turn) % this.players;
  }

  /** 1-based round of the current (or last) turn. */
  get round(): number {
    const t = this.outcome ? this.turn - 1 : this.turn;
    return Math.floor(Math.max(0, t) / this.players) + 1;
  }

  get turnLimit(): number | null {
    return this.settings.maxRounds === null ? null : this.settings.maxRounds * this.players;
  }

  /** Keywords the seat knows are not answers. */
  knownWrong(seat: number): Uint8Array {
    const s = this.seatStates[seat]!;
    const wrong = new Uint8Array(this.settings.poolSize);
    for (const i of s.hints) wrong[i] = 1;
    for (const i of s.wrongReveals) wrong[i] = 1;
    if (this.settings.globalHint) for (const i of this.globalWrong) wrong[i] = 1;
    for (const g of s.guesses) if (g.correct === 0) for (const i of g.guess) wrong[i] = 1;
    return wrong;
  }

  knowledge(seat: number): Knowledge {
    const s = this.seatStates[seat]!;
    const answer = new Uint8Array(this.settings.poolSize);
    for (const i of s.answerReveals) answer[i] = 1;
    return {
      n: this.settings.poolSize,
      k: this.settings.answerCount,
      wrong: this.knownWrong(seat),
      answer,
      constraints: s.guesses.map((g) => ({ items: g.guess, correct: g.correct })),
    };
  }

  model(seat: number): CandidateModel {
    return CandidateModel.within(this.knowledge(seat));
  }

  /** The guess a time-out plays for the active seat: random keywords not known to be wrong. */
  timeoutGuess(): number[] {
    const seat = this.activeSeat;
    if (seat === null) throw new DeductionMoveError('GAME_OVER');
    const wrong = this.knownWrong(seat);
    const open: number[] = [];
    for (let i = 0; i < this.settings.poolSize; i++) if (!wrong[i]) open.push(i);
    return streamRng(this.seed, 'timeout', this.turn)
      .shuffle(open)
      .slice(0, this.settings.answerCount)
      .sort((a, b) => a - b);
  }

  /** Keywords a reveal of this kind could show the seat (empty when it may not reveal). */
  revealCandidates(seat: number, kind: RevealKind): number[] {
    const s = this.seatStates[seat]!;
    const used = kind === 'ANSWER' ? s.answerReveals.length : s.wrongReveals.length;
    if (used >= revealLimits(this.settings)[kind]) return [];
    const out: number[] = [];
    if (kind === 'ANSWER') {
      for (const a of this.deal.answers) if (!s.answerReveals.includes(a)) out.push(a);
    } else {
      const wrong = this.knownWrong(seat);
      for (let i = 0; i < this.settings.poolSize; i++) if (!this.isAnswer[i] && !wrong[i]) out.push(i);
    }
    return out;
  }

  apply(event: DeductionEvent): ApplyResult {
    if (this.outcome) throw new DeductionMoveError('GAME_OVER');
    const seat = this.activeSeat!;
    if (!event || typeof event !== 'object') throw new DeductionMoveError('UNKNOWN_EVENT');
    if (event.seat !== seat) throw new DeductionMoveError('NOT_YOUR_TURN', { seat });
    const s = this.seatStates[seat]!;
    if (event.type === 'reveal') {
      const candidates = this.revealCandidates(seat, event.kind);
      if (candidates.length === 0) throw new DeductionMoveError('NO_REVEALS_LEFT');
      const n = event.kind === 'ANSWER' ? s.answerReveals.length : s.wrongReveals.length;
      const keyword = candidates[streamRng(this.seed, 'reveal', seat, event.kind, n).nextInt(candidates.length)]!;
      (event.kind === 'ANSWER' ? s.answerReveals : s.wrongReveals).push(keyword);
      this.events.push({ type: 'reveal', seat, kind: event.kind });
      return { keyword, over: false };
    }
    if (event.type === 'skip') {
      if (this.seats[seat]!.kind !== 'BOT') throw new DeductionMoveError('SKIP_NOT_BOT');
      s.skips++;
      this.events.push({ type: 'skip', seat, reason: event.reason });
      this.endTurn();
      return { over: this.outcome !== null };
    }
    if (event.type !== 'guess') throw new DeductionMoveError('UNKNOWN_EVENT');
    const guess = event.guess;
    const k = this.settings.answerCount;
    const problem = guessProblem(guess, k, this.settings.poolSize);
    if (problem) throw new DeductionMoveError(problem, { answerCount: k, poolSize: this.settings.poolSize });
    const sorted = [...guess].sort((a, b) => a - b);
    if (event.timeout) {
      const expected = this.timeoutGuess();
      if (expected.join(',') !== sorted.join(',')) throw new DeductionMoveError('NOT_TIMEOUT_GUESS');
    }
    let correct = 0;
    for (const i of sorted) if (this.isAnswer[i]) correct++;
    const record: GuessRecord = { turn: this.turn, round: this.round, seat, guess: sorted, correct, timeout: event.timeout === true };
    s.guesses.push(record);
    const ms = typeof event.ms === 'number' && event.ms > 0 ? Math.floor(event.ms) : 0;
    s.ms += ms;
    const logged: DeductionEvent = { type: 'guess', seat, guess: sorted };
    if (ms > 0) logged.ms = ms;
    if (event.timeout) logged.timeout = true;
    this.events.push(logged);
    const revealed: number[] = [];
    if (correct === 0 && this.settings.globalHint) {
      for (const i of sorted) {
        if (!this.globalWrongSet[i]) {
          this.globalWrongSet[i] = 1;
          this.globalWrong.push(i);
          revealed.push(i);
        }
      }
    }
    if (correct === k) {
      this.turn++;
      this.outcome = { reason: 'SOLVED', winners: [seat], candidateCounts: null, turns: this.turn };
    } else {
      this.endTurn();
    }
    return { correct, revealed, over: this.outcome !== null };
  }

  private endTurn() {
    this.turn++;
    const limit = this.turnLimit;
    if (limit !== null && this.turn >= limit) {
      const counts = this.seats.map((_, seat) => this.model(seat).total);
      const best = Math.min(...counts);
      this.outcome = {
        reason: 'CAP',
        winners: counts.flatMap((c, seat) => (c === best ? [seat] : [])),
        candidateCounts: counts,
        turns: this.turn,
      };
    }
  }

  /** The seat's result: won (alone), draw (shared win at the cap) or lost. */
  standing(seat: number): 'WON' | 'DRAW' | 'LOST' | null {
    if (!this.outcome) return null;
    if (!this.outcome.winners.includes(seat)) return 'LOST';
    return this.outcome.winners.length === 1 ? 'WON' : 'DRAW';
  }
}

/** Replays events on a fresh game (throws DeductionMoveError on the first illegal one). */
export function replayDeduction(
  seed: string,
  settings: DeductionSettings,
  seats: readonly SeatSpec[],
  events: readonly DeductionEvent[],
): DeductionGame {
  const game = new DeductionGame(seed, settings, seats);
  for (const e of events) game.apply(e);
  return game;
}
