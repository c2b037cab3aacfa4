import { describe, expect, it } from 'vitest';
import { summarizeTetris } from './tetris-engine.ts';
import { decodeTetrisLog, encodeTetrisLog, MAX_LOG_INPUTS, parseTetrisLog, replayTetris, TetrisGame } from './tetris-log.ts';
import { chooseTetrisMove, playTetrisBot } from './tetris-bot.ts';
import { verifyTetrisResult } from './tetris-verify.ts';

function shortGame(seed = 'verify-seed') {
  const game = new TetrisGame(seed);
  for (let i = 0; i < 600; i++) game.step(i % 40 === 39 ? ['R', 'CW', 'HD'] : i % 7 === 0 ? ['L'] : []);
  return game;
}

describe('input log', () => {
  it('round-trips through encode/decode', () => {
    const game = shortGame();
    const text = encodeTetrisLog(game.log());
    const decoded = decodeTetrisLog(text);
    expect(decoded.ok).toBe(true);
    if (decoded.ok) expect(replayTetris(decoded.log)).toEqual(game.state);
  });

  it('records [tick, action] pairs with the tick the action was pressed in', () => {
    const game = new TetrisGame('s');
    game.step([]);
    game.step(['L', 'HD']);
    game.step(['P']);
    expect(game.log()).toEqual({
      v: 1,
      seed: 's',
      ticks: 3,
      inputs: [
        [1, 'L'],
        [1, 'HD'],
        [2, 'P'],
      ],
    });
  });

  it('keeps the start level in the log when it is not 1', () => {
    const game = new TetrisGame('s', { startLevel: 5 });
    game.step(['HD']);
    const log = game.log();
    expect(log.startLevel).toBe(5);
    expect(replayTetris(log)).toEqual(game.state);
  });

  it('refuses oversized and non-JSON input', () => {
    expect(parseTetrisLog('{not json').ok).toBe(false);
    expect(parseTetrisLog(null).ok).toBe(false);
    expect(parseTetrisLog([]).ok).toBe(false);
    const inputs = Array.from({ length: MAX_LOG_INPUTS + 1 }, (_, i) => [Math.floor(i / 20), 'L']);
    expect(parseTetrisLog({ v: 1, seed: 's', ticks: 100_000, inputs }).ok).toBe(false);
    expect(parseTetrisLog({ v: 1, seed: 'x'.repeat(129), ticks: 1, inputs: [] }).ok).toBe(false);
  });
});

describe('verifyTetrisResult', () => {
  it('accepts an honest result, with gameData as an object or as JSON text', () => {
    const game = shortGame();
    const summary = summarizeTetris(game.state);
    expect(verifyTetrisResult({ ...summary, gameData: game.log() }, 'verify-seed')).toEqual({
      ok: true,
      summary,
      gameOver: game.state.gameOver,
      piecesPlaced: game.state.piecesPlaced,
    });
    expect(verifyTetrisResult({ ...summary, gameData: JSON.stringify(game.log()) }, 'verify-seed').ok).toBe(true);
  });

  it('refuses claimed figures that are not non-negative integers', () => {
    const game = shortGame();
    const summary = summarizeTetris(game.state);
    for (const bad of [-1, 1.5, '10', null, Number.NaN]) {
      expect(verifyTetrisResult({ ...summary, score: bad, gameData: game.log() }, 'verify-seed')).toMatchObject({
        ok: false,
        reason: 'INVALID_CLAIM',
        field: 'score',
      });
    }
  });

  it('refuses a log that goes on after the game ended', () => {
    const game = new TetrisGame('over');
    while (!game.state.gameOver) game.step(['HD']);
    const summary = summarizeTetris(game.state);
    const log = game.log();
    expect(verifyTetrisResult({ ...summary, gameData: log }, 'over').ok).toBe(true);
    expect(verifyTetrisResult({ ...summary, gameData: { ...log, ticks: log.ticks + 60 } }, 'over')).toMatchObject({
      ok: false,
      reason: 'INPUT_AFTER_GAME_OVER',
    });
  });

  it('refuses a start level the server did not allow', () => {
    const game = new TetrisGame('lvl', { startLevel: 10 });
    game.step(['HD']);
    const claim = { ...summarizeTetris(game.state), gameData: game.log() };
    expect(verifyTetrisResult(claim, 'lvl')).toMatchObject({ ok: false, reason: 'START_LEVEL_MISMATCH' });
    expect(verifyTetrisResult(claim, 'lvl', { expectedStartLevel: 10 }).ok).toBe(true);
  });

  it('refuses a log whose time was inflated with idle ticks', () => {
    const game = shortGame();
    const summary = summarizeTetris(game.state);
    const padded = { ...game.log(), ticks: game.log().ticks + 600 };
    const result = verifyTetrisResult({ ...summary, gameData: padded }, 'verify-seed');
    expect(result.ok).toBe(false);
  });
});

describe('bot', () => {
  it('plays a deterministic, honest game that clears lines', () => {
    const a = playTetrisBot('bot-test', { maxActiveTicks: 3600, pauses: [{ atTick: 600, forTicks: 120 }] });
    const b = playTetrisBot('bot-test', { maxActiveTicks: 3600, pauses: [{ atTick: 600, forTicks: 120 }] });
    expect(a.log).toEqual(b.log);
    expect(a.state.gameOver).toBe(false);
    expect(a.state.activeTicks).toBe(3600);
    expect(a.log.ticks).toBe(3600 + 120);
    expect(a.summary.linesCleared).toBeGreaterThan(5);
    expect(a.summary.timeElapsedSeconds).toBe(60);
    expect(verifyTetrisResult({ ...a.summary, gameData: a.log }, 'bot-test')).toMatchObject({ ok: true });
  });

  it('plans a move that ends with a hard drop', () => {
    const game = new TetrisGame('plan');
    const plan = chooseTetrisMove(game.state);
    expect(plan[plan.length - 1]).toBe('HD');
  });
});
