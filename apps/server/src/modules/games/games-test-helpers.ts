/**
 * Helpers for the games integration tests: users inserted directly (the accounts module is
 * built in parallel), tokens signed with the app's key, and honest Tetris results made by the
 * deterministic bot from @moim/games.
 */
import { randomUUID } from 'node:crypto';
import { playTetrisBot } from '@moim/games';
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

export function deductionResult(score: number, overrides: Record<string, unknown> = {}) {
  return {
    score,
    won: true,
    difficulty: 'NORMAL',
    guessesCount: 3,
    hintsUsed: 1,
    wrongAnswerHintsUsed: 0,
    correctAnswerHintsUsed: 1,
    timeElapsedSeconds: 0,
    playersCount: 1,
    opponentType: 'NONE',
    opponentDifficulty: null,
    opponentId: null,
    gameData: { guesses: 3 },
    ...overrides,
  };
}

/** A DEDUCTION game with a chosen score: the easy way to put exact scores on a board. */
export async function playDeduction(t: TestApp, user: TestUser, score: number) {
  const s = await start(t, user, 'DEDUCTION');
  const r = await end(t, user, s.sessionId, deductionResult(score));
  if (r.status !== 200) throw new Error(`end failed: ${JSON.stringify(r.body)}`);
  return r.body.data as { recordId: string; isPersonalBest: boolean; score: number; playedAt: string };
}
