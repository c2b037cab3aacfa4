/**
 * What one device may see of a game (the per-player view): the public board (keywords, turn,
 * the global wrong keywords, every guess's keywords) plus the private knowledge of the seats
 * this device plays (their hints, reveals and their guesses' counts). Another seat's count is
 * shown only when the global hint made it public (a guess with no answer). The answers appear
 * only once the game is over. The server sends this to a signed-in player's browser; a guest's
 * browser builds it from its local game, so the pages have one shape to draw.
 */
import type { DeductionGame, DeductionOutcome, SkipReason } from './engine.ts';
import type { DeductionSettings, SeatSpec } from './settings.ts';
import type { Keyword } from './words.ts';

export interface DeductionSeatView {
  seat: number;
  hints: number[];
  answerReveals: number[];
  wrongReveals: number[];
  /** Thinking time so far (ms). */
  ms: number;
}

export interface DeductionHistoryItem {
  turn: number;
  round: number;
  seat: number;
  kind: 'guess' | 'skip';
  guess: number[] | null;
  /** How many were answers: for this device's seats, or public (0 with the global hint). */
  correct: number | null;
  timeout: boolean;
  reason: SkipReason | null;
}

export interface DeductionView {
  settings: DeductionSettings;
  seats: SeatSpec[];
  firstSeat: number;
  keywords: Keyword[];
  /** Turns played so far. */
  turn: number;
  round: number;
  activeSeat: number | null;
  turnLimit: number | null;
  globalWrong: number[];
  mine: DeductionSeatView[];
  history: DeductionHistoryItem[];
  outcome: (DeductionOutcome & { answers: number[] }) | null;
}

/**
 * Whether a device playing the seats `own` may know how many answers a guess by `seat` had: its
 * own seats' counts, and a count the global hint made public (a guess with no answer).
 */
export function countVisible(game: DeductionGame, own: ReadonlySet<number>, seat: number, correct: number): boolean {
  return own.has(seat) || (correct === 0 && game.settings.globalHint);
}

/** What the move just played did, as the server answers it (`last`) and the board announces it. */
export interface DeductionLast {
  kind: 'guess' | 'skip' | 'reveal';
  seat: number;
  /** The guess's count: null when this device may not know it (see countVisible). */
  correct: number | null;
  /** Keywords the guess marked wrong for everyone (global hint). */
  revealed: number[];
  /** The keyword a reveal showed (to the revealing seat's device only). */
  keyword: number | null;
  timeout: boolean;
}

/**
 * The move as a device that plays `deviceSeats` may see it: the same rule as the view's history,
 * so another seat's count, reveal or private keyword never reaches it before (or after) the end.
 */
export function deductionLast(game: DeductionGame, deviceSeats: readonly number[], move: DeductionLast): DeductionLast {
  const own = new Set(deviceSeats);
  const correct = move.correct !== null && countVisible(game, own, move.seat, move.correct) ? move.correct : null;
  return {
    ...move,
    correct,
    revealed: game.settings.globalHint && move.correct === 0 ? [...move.revealed] : [],
    keyword: own.has(move.seat) ? move.keyword : null,
  };
}

export function deductionView(game: DeductionGame, deviceSeats: readonly number[]): DeductionView {
  const own = new Set(deviceSeats);
  const history: DeductionHistoryItem[] = [];
  let turn = 0;
  for (const e of game.events) {
    if (e.type === 'reveal') continue;
    const round = Math.floor(turn / game.players) + 1;
    if (e.type === 'skip') {
      history.push({ turn, round, seat: e.seat, kind: 'skip', guess: null, correct: null, timeout: false, reason: e.reason });
    } else {
      const record = game.seatStates[e.seat]!.guesses.find((g) => g.turn === turn)!;
      const visible = countVisible(game, own, e.seat, record.correct);
      history.push({
        turn,
        round,
        seat: e.seat,
        kind: 'guess',
        guess: record.guess,
        correct: visible ? record.correct : null,
        timeout: record.timeout,
        reason: null,
      });
    }
    turn++;
  }
  return {
    settings: game.settings,
    seats: [...game.seats],
    firstSeat: game.deal.firstSeat,
    keywords: game.deal.keywords,
    turn: game.turn,
    round: game.round,
    activeSeat: game.activeSeat,
    turnLimit: game.turnLimit,
    globalWrong: [...game.globalWrong],
    mine: [...own]
      .sort((a, b) => a - b)
      .map((seat) => {
        const s = game.seatStates[seat]!;
        return { seat, hints: [...s.hints], answerReveals: [...s.answerReveals], wrongReveals: [...s.wrongReveals], ms: s.ms };
      }),
    history,
    outcome: game.outcome ? { ...game.outcome, answers: [...game.deal.answers] } : null,
  };
}

/** Keywords a seat of this device knows are wrong (hints, reveals, public and own zero guesses). */
export function viewKnownWrong(view: DeductionView, seat: number): Set<number> {
  const mine = view.mine.find((m) => m.seat === seat);
  const wrong = new Set<number>([...(mine?.hints ?? []), ...(mine?.wrongReveals ?? [])]);
  if (view.settings.globalHint) for (const i of view.globalWrong) wrong.add(i);
  for (const h of view.history) if (h.seat === seat && h.correct === 0 && h.guess) for (const i of h.guess) wrong.add(i);
  return wrong;
}
