/**
 * Helpers for the games integration tests: users inserted directly (the accounts module is
 * built in parallel), tokens signed with the app's key, honest Tetris results made by the
 * deterministic bot from @moim/games, and honest DEDUCTION games played through the referee.
 */
import { randomUUID } from 'node:crypto';
import type { DeductionPlay } from '@moim/contract';
import {
  aiMove,
  DeductionGame,
  playTetrisBot,
  presetSettings,
  scoreDeduction,
  type AiLevel,
  type DeductionPresetId,
  type DeductionSettings,
  type SeatSpec,
} from '@moim/games';
import type { TestApp } from '../../../test/support.ts';

export interface TestUser {
  id: string;
  name: string;
  token: string;
  headers: { authorization: string };
}

export async function makeUser(t: TestApp, name = 'player'): Promise<TestUser> {
  const id = randomUUID();
  await t.ctx.database.exec(`insert into users (id, email, name) values ($1, $2, $3)`, [id, `${id.slice(0, 8)}@games.test`, name]);
  const token = await t.ctx.tokens.sign({ id, roles: ['ROLE_USER'], systemRole: 'ROLE_USER' });
  return { id, name, token, headers: { authorization: `Bearer ${token}` } };
}

export async function start(
  t: TestApp,
  user: TestUser,
  gameTypeCode: 'TETRIS' | 'DEDUCTION' = 'TETRIS',
  metadata?: Record<string, unknown>,
) {
  const r = await t.call({ method: 'POST', url: '/api/games/sessions/start', headers: user.headers, payload: { gameTypeCode, metadata } });
  if (r.status !== 200) throw new Error(`start failed: ${JSON.stringify(r.body)}`);
  return r.body.data as { sessionId: string; seed: string; startLevel: number; status: string; startedAt: string };
}

/** Moves a session's start (and last activity) back, as if it had been played for that long. */
export async function backdate(t: TestApp, sessionId: string, seconds: number) {
  await t.ctx.database.exec(
    `update game_sessions set started_at = started_at - ($2 || ' seconds')::interval, last_activity_at = last_activity_at - ($2 || ' seconds')::interval where id = $1`,
    [sessionId, String(seconds)],
  );
}

/** An honest TETRIS result for a seed: the bot plays `ticks` active ticks (or until it tops out). */
export function tetrisResult(seed: string, ticks = 900, startLevel?: number) {
  const game = playTetrisBot(seed, { maxActiveTicks: ticks, ...(startLevel ? { startLevel } : {}) });
  return { ...game.summary, gameData: game.log };
}

export function end(t: TestApp, user: TestUser, sessionId: string, result: unknown) {
  return t.call({ method: 'POST', url: '/api/games/sessions/end', headers: user.headers, payload: { sessionId, result } });
}

/** Starts, plays honestly and ends a TETRIS game; returns the end answer. */
export async function playTetris(t: TestApp, user: TestUser, ticks = 900) {
  const s = await start(t, user);
  const result = tetrisResult(s.seed, ticks);
  await backdate(t, s.sessionId, Math.ceil(result.gameData.ticks / 60) + 1);
  const r = await end(t, user, s.sessionId, result);
  if (r.status !== 200) throw new Error(`end failed: ${JSON.stringify(r.body)}`);
  return { session: s, result, record: r.body.data };
}

/** The seed of a session, read from the database (only the server knows it while the game runs). */
export async function sessionSeed(t: TestApp, sessionId: string): Promise<string> {
  const r = await t.ctx.database.exec(`select seed from game_sessions where id = $1`, [sessionId]);
  return (r.rows[0] as { seed: string }).seed;
}

export function deductionPlayOf(t: TestApp, user: TestUser, sessionId: string) {
  return t.call({ method: 'GET', url: `/api/games/deduction/sessions/${sessionId}`, headers: user.headers });
}
export function deductionTurn(t: TestApp, user: TestUser, sessionId: string, body: Record<string, unknown>) {
  return t.call({ method: 'POST', url: `/api/games/deduction/sessions/${sessionId}/turns`, headers: user.headers, payload: body });
}
export function deductionReveal(t: TestApp, user: TestUser, sessionId: string, body: Record<string, unknown>) {
  return t.call({ method: 'POST', url: `/api/games/deduction/sessions/${sessionId}/reveals`, headers: user.headers, payload: body });
}

export interface DeductionPlan {
  preset?: DeductionPresetId;
  level?: AiLevel;
  /** The player names the answers at this own guess (earlier ones miss by one keyword). */
  guesses?: number;
  /** Reveals bought before the first guess. */
  reveals?: ('ANSWER' | 'WRONG')[];
  seats?: SeatSpec[];
  /** Do not end the session (the caller submits its own result). */
  keepOpen?: boolean;
}

/** Its answers with one keyword swapped for a non-answer: never right, never all wrong. */
export function nearMiss(answers: number[], poolSize: number, shift = 0): number[] {
  const other = Array.from({ length: poolSize }, (_, i) => i).filter((i) => !answers.includes(i));
  return [...answers.slice(1), other[shift % other.length]!].sort((a, b) => a - b);
}

/** The guess a plan makes for a person's seat: seat 0 names the answers at its planned guess, others always miss by one. */
function plannedGuess(plan: DeductionPlan, answers: number[], poolSize: number, seat: number, made: number, turn: number): number[] {
  if (seat !== 0) return nearMiss(answers, poolSize, turn);
  return made >= (plan.guesses ?? 1) ? answers : nearMiss(answers, poolSize, made);
}

/**
 * The game a plan plays on a seed, on the engine: the same moves as playDeductionGame sends, and
 * the built-in AIs' moves as the server makes them (aiMove, from the seed and the turn). A person
 * thinks for 0 ms there (see below), so no turn times out.
 */
export function plannedGame(seed: string, settings: DeductionSettings, seats: SeatSpec[], plan: DeductionPlan): DeductionGame {
  const game = new DeductionGame(seed, settings, seats);
  const answers = game.deal.answers;
  let made = 0;
  let revealed = false;
  while (!game.outcome) {
    const seat = game.activeSeat!;
    const spec = seats[seat]!;
    if (seat === 0 && !revealed && plan.reveals?.length) {
      for (const kind of plan.reveals) game.apply({ type: 'reveal', seat, kind });
      revealed = true;
      continue;
    }
    if (spec.kind === 'AI') game.apply({ type: 'guess', seat, guess: aiMove(game) });
    else if (spec.kind === 'BOT') game.apply({ type: 'skip', seat, reason: 'BOT_ERROR' });
    else {
      if (seat === 0) made++;
      game.apply({ type: 'guess', seat, guess: plannedGuess(plan, answers, settings.poolSize, seat, made, game.turn) });
    }
  }
  return game;
}

/**
 * An honest DEDUCTION game through HTTP: the test reads the seed from the database to know the
 * answers, the built-in AI seats are played by the server, and the result the server computed
 * is submitted with the log. Scores follow from the plan (and the engine's score formula).
 * With `accept`, a session whose seed gives a game it refuses (played out on the engine first,
 * see plannedGame) is replaced by a new one before any move: a replaced session leaves no record.
 */
export async function playDeductionGame(
  t: TestApp,
  user: TestUser,
  plan: DeductionPlan = {},
  accept: (game: DeductionGame) => boolean = () => true,
) {
  const settings = presetSettings(plan.preset ?? 'BEGINNER', 'ANIMALS');
  const seats: SeatSpec[] = plan.seats ?? [
    { kind: 'HUMAN', name: user.name.slice(0, 20) || '나' },
    { kind: 'AI', level: plan.level ?? 'EASY' },
  ];
  let s = await start(t, user, 'DEDUCTION', { settings, seats });
  let seed = await sessionSeed(t, s.sessionId);
  for (let attempt = 1; !accept(plannedGame(seed, settings, seats, plan)); attempt++) {
    if (attempt >= 30) throw new Error('no seed gave a game the plan accepts');
    s = await start(t, user, 'DEDUCTION', { settings, seats }); // replaces (abandons) the previous session
    seed = await sessionSeed(t, s.sessionId);
  }
  const answers = new DeductionGame(seed, settings, seats).deal.answers;
  let play = (await deductionPlayOf(t, user, s.sessionId)).body.data as DeductionPlay;
  let made = 0;
  let revealed = false;
  while (!play.final) {
    const v = play.view;
    const seat = v.activeSeat!;
    const spec = seats[seat]!;
    let r;
    if (seat === 0 && !revealed && plan.reveals?.length) {
      for (const kind of plan.reveals) r = await deductionReveal(t, user, s.sessionId, { turn: v.turn, kind });
      revealed = true;
      play = r!.body.data as DeductionPlay;
      continue;
    }
    if (spec.kind !== 'AI') {
      // The player answers "instantly": the turn clock is set ahead, so its thinking time is 0 ms
      // whatever the machine's speed (scores depend on it).
      await t.ctx.database.exec(`update deduction_session_logs set turn_started_at = now() + interval '1 hour' where session_id = $1`, [
        s.sessionId,
      ]);
    }
    if (spec.kind === 'AI') r = await deductionTurn(t, user, s.sessionId, { turn: v.turn });
    else if (spec.kind === 'BOT') r = await deductionTurn(t, user, s.sessionId, { turn: v.turn, skip: 'BOT_ERROR' });
    else {
      if (seat === 0) made++;
      r = await deductionTurn(t, user, s.sessionId, {
        turn: v.turn,
        guess: plannedGuess(plan, answers, settings.poolSize, seat, made, v.turn),
      });
    }
    if (r.status !== 200) throw new Error(`turn failed: ${JSON.stringify(r.body)}`);
    play = r.body.data as DeductionPlay;
  }
  const result = { ...play.final.result, gameData: play.final.gameData };
  if (plan.keepOpen) return { session: s, seed, play, result, record: null };
  const r = await end(t, user, s.sessionId, result);
  if (r.status !== 200) throw new Error(`end failed: ${JSON.stringify(r.body)}`);
  return {
    session: s,
    seed,
    play,
    result,
    record: r.body.data as { recordId: string; isPersonalBest: boolean; score: number; playedAt: string; verified: boolean; rank: unknown },
  };
}

/**
 * A win at the planned guess count. The opponent may solve first (an EASY AI guesses at random
 * from the server's seed: about 1 game in 150 before the player's 6th guess, 1 in 5 before the
 * 15th); such a seed is not played but replaced, so the player's record holds only this win.
 */
export async function playDeductionWin(t: TestApp, user: TestUser, plan: DeductionPlan = {}) {
  const g = await playDeductionGame(t, user, plan, (game) => game.standing(0) === 'WON');
  if (!g.result.won) throw new Error(`the planned win was lost: ${JSON.stringify(g.result)}`);
  return g;
}

/** The score a plan earns when the player wins at its guess count in no time (from the engine). */
export function winScore(
  preset: DeductionPresetId,
  level: AiLevel,
  guesses: number,
  reveals: { answer?: number; wrong?: number } = {},
): number {
  return scoreDeduction({
    standing: 'WON',
    guesses,
    seconds: 0,
    settings: presetSettings(preset, 'ANIMALS'),
    opponents: [{ kind: 'AI', level }],
    answerReveals: reveals.answer ?? 0,
    wrongReveals: reveals.wrong ?? 0,
    progress: 1,
  }).score;
}
