import { describe, expect, it } from 'vitest';
import { Rng } from './rng.ts';
import { summarizeTetris, tetrisShiftRoom, type TetrisAction } from './tetris-engine.ts';
import { parseTetrisLog, replayTetris, TetrisGame } from './tetris-log.ts';
import { DEFAULT_TETRIS_REPEAT, msToTicks, TetrisKeys, type TetrisControlName, type TetrisRepeat } from './tetris-keys.ts';
import { verifyTetrisResult } from './tetris-verify.ts';

const { dasTicks: DAS, arrTicks: ARR } = DEFAULT_TETRIS_REPEAT;

/**
 * A player holding keys: presses and releases from a seeded script, several ticks at a time,
 * with the given repeat settings and soft-drop speed, until the game ends or `maxTicks`.
 */
function playWithHeldKeys(seed: string, repeat: TetrisRepeat, softDropFactor: number, maxTicks = 20_000) {
  const game = new TetrisGame(seed, { softDropFactor });
  const keys = new TetrisKeys(repeat);
  const rng = new Rng(`held:${seed}`);
  const controls: TetrisControlName[] = ['left', 'right', 'softDrop', 'rotateCW', 'rotateCCW', 'hold'];
  let releaseAt = new Map<TetrisControlName, number>();
  for (let t = 0; t < maxTicks && !game.state.gameOver; t++) {
    for (const [c, at] of releaseAt) if (at <= t) keys.up(c);
    releaseAt = new Map([...releaseAt].filter(([, at]) => at > t));
    if (t % 7 === 0) {
      const c = controls[rng.nextInt(controls.length)]!;
      if (keys.down(c)) releaseAt.set(c, t + 1 + rng.nextInt(40)); // held up to 40 ticks: DAS and ARR both run
    }
    if (t % 45 === 44) {
      keys.down('hardDrop');
      keys.up('hardDrop');
    }
    game.step(keys.tick((dir) => tetrisShiftRoom(game.state, dir)));
  }
  return game;
}

describe('TetrisKeys (held keys → logged actions)', () => {
  it('shifts at once, then auto-repeats after DAS every ARR, each shift logged', () => {
    const input = new TetrisKeys();
    input.down('right');
    const ticks: TetrisAction[][] = [];
    for (let i = 0; i < DAS + 3 * ARR - 1; i++) ticks.push(input.tick());
    expect(ticks[0]).toEqual(['R']);
    expect(ticks.flat().filter((a) => a === 'R').length).toBe(1 + 3);
    input.up('right');
    expect(input.tick()).toEqual([]);
  });

  it('ignores browser key repeats, pairs soft drop on/off, and hands over to the other direction', () => {
    const input = new TetrisKeys();
    expect(input.down('left')).toBe(true);
    expect(input.down('left', true)).toBe(false);
    input.down('softDrop');
    expect(input.tick()).toEqual(['L', 'SDON']);
    input.down('right');
    input.up('right');
    input.up('softDrop');
    expect(input.tick()).toEqual(['R', 'SDOFF']);
    input.up('left');
    for (let i = 0; i < 20; i++) expect(input.tick()).toEqual([]);
  });

  it('keeps only a pause toggle while paused and releases a held soft drop on blur', () => {
    const input = new TetrisKeys();
    input.down('hardDrop');
    input.down('pause');
    expect(input.takePause()).toBe(true);
    expect(input.tick()).toEqual([]);
    input.down('softDrop');
    input.tick();
    input.releaseAll();
    expect(input.tick()).toEqual(['SDOFF']);
  });

  it('turns the settings in milliseconds into ticks (167 ms → 10, 33 ms → 2)', () => {
    expect(msToTicks(167)).toBe(10);
    expect(msToTicks(33)).toBe(2);
    expect(msToTicks(0)).toBe(0);
    expect(msToTicks(500)).toBe(30);
  });

  it('follows a changed DAS and ARR', () => {
    const input = new TetrisKeys({ dasTicks: 3, arrTicks: 5 });
    input.down('left');
    const ticks = Array.from({ length: 14 }, () => input.tick().length);
    // pressed on the first tick, then at 3, 8 and 13 ticks held
    expect(ticks).toEqual([1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]);
  });

  it('with ARR 0 moves the piece to the wall in one tick after DAS, logging exactly the shifts that happened', () => {
    const game = new TetrisGame('arr-zero');
    const input = new TetrisKeys({ dasTicks: 4, arrTicks: 0 });
    const room = (dir: -1 | 1) => tetrisShiftRoom(game.state, dir);
    const start = game.state.piece!.x;
    const wall = start - tetrisShiftRoom(game.state, -1);
    input.down('left');
    for (let t = 0; t < 10; t++) game.step(input.tick(room));
    expect(game.state.piece!.x).toBe(wall);
    const shifts = game.log().inputs.filter(([, a]) => a === 'L');
    expect(shifts.length).toBe(start - wall); // no shift into the wall is logged
    expect(new Set(shifts.slice(1).map(([tick]) => tick)).size).toBe(1); // the rest in one tick
  });
});

describe('soft-drop speed (in the log)', () => {
  const fallIn = (softDropFactor: number, ticks: number) => {
    const game = new TetrisGame('sdf', { softDropFactor });
    const y0 = game.state.piece!.y;
    game.step(['SDON']);
    for (let t = 1; t < ticks; t++) game.step([]);
    return { rows: game.state.piece!.y - y0, game };
  };

  it('falls faster with a higher factor, and at once with 0 (instant)', () => {
    expect(fallIn(2, 30).rows).toBe(1);
    expect(fallIn(20, 30).rows).toBe(10);
    expect(fallIn(40, 30).rows).toBeGreaterThan(fallIn(20, 30).rows);
    const instant = fallIn(0, 1);
    expect(instant.rows).toBeGreaterThanOrEqual(18);
    expect(tetrisShiftRoom(instant.game.state, 1)).toBeGreaterThan(0);
  });

  it('is written in the log when not the default, and the replay falls the same way', () => {
    const { game } = fallIn(7, 40);
    expect(game.log().softDropFactor).toBe(7);
    expect(fallIn(20, 5).game.log().softDropFactor).toBeUndefined();
    expect(replayTetris(game.log())).toEqual(game.state);
  });

  it('refuses a factor the engine does not play', () => {
    const base = { v: 1, seed: 's', ticks: 1, inputs: [] };
    for (const softDropFactor of [1, 41, 2.5, -1, '20']) expect(parseTetrisLog({ ...base, softDropFactor }).ok).toBe(false);
    for (const softDropFactor of [0, 2, 20, 40]) expect(parseTetrisLog({ ...base, softDropFactor }).ok).toBe(true);
  });
});

describe('a game played with held keys', () => {
  for (const [name, repeat, sdf] of [
    ['default DAS/ARR, soft drop ×20', DEFAULT_TETRIS_REPEAT, 20],
    ['DAS 0, instant ARR, instant soft drop', { dasTicks: 0, arrTicks: 0 }, 0],
    ['slow DAS, ARR 5, soft drop ×5', { dasTicks: 18, arrTicks: 5 }, 5],
  ] as const)
    it(`replays to the same score (${name})`, () => {
      const game = playWithHeldKeys(`held-${name}`, repeat, sdf);
      const summary = summarizeTetris(game.state);
      expect(game.state.piecesPlaced).toBeGreaterThan(10);
      const log = game.log();
      expect(log.inputs.some(([, a]) => a === 'L' || a === 'R')).toBe(true);
      const v = verifyTetrisResult({ ...summary, gameData: JSON.stringify(log) }, log.seed);
      expect(v).toMatchObject({ ok: true, summary });
    });
});
