import { describe, expect, it } from 'vitest';
import {
  advanceTetris,
  BOARD_WIDTH,
  createTetrisState,
  ghostY,
  GRAVITY_TABLE,
  GRAVITY_UNITS_PER_ROW,
  LOCK_DELAY_TICKS,
  MAX_LOCK_RESETS,
  NEXT_QUEUE_SIZE,
  pieceCells,
  SPAWN_X,
  SPAWN_Y,
  stepTetris,
  summarizeTetris,
  type TetrisState,
} from './tetris-engine.ts';
import { CELLS, I_KICKS, JLSTZ_KICKS, PIECE_I, PIECE_J, PIECE_O, PIECE_T, type PieceKind } from './tetris-pieces.ts';
import { dropPiece, FULL_BUT_LAST, freshState, setBottomRows, setPiece } from './tetris-test-helpers.ts';

function spawnOrder(seed: string, count: number): PieceKind[] {
  const s = createTetrisState(seed);
  const out: PieceKind[] = [];
  while (out.length < count) {
    out.push(s.piece!.kind);
    s.board.fill(0);
    advanceTetris(s, ['HD']);
  }
  return out;
}

function idle(s: TetrisState, ticks: number): void {
  for (let i = 0; i < ticks; i++) advanceTetris(s, []);
}

describe('7-bag randomiser', () => {
  it('deals each of the 7 pieces once per bag', () => {
    const order = spawnOrder('bag-seed', 70);
    for (let bag = 0; bag < 10; bag++) {
      const pieces = order.slice(bag * 7, bag * 7 + 7).sort();
      expect(pieces).toEqual([1, 2, 3, 4, 5, 6, 7]);
    }
  });

  it('is determined by the seed', () => {
    expect(spawnOrder('same', 28)).toEqual(spawnOrder('same', 28));
    const others = ['a', 'b', 'c', 'd'].map((seed) => spawnOrder(seed, 14).join(''));
    expect(new Set(others).size).toBeGreaterThan(1);
  });

  it('shows exactly five next pieces, which then spawn in order', () => {
    const s = freshState();
    expect(s.next).toHaveLength(NEXT_QUEUE_SIZE);
    const shown = s.next.slice();
    for (const kind of shown) {
      s.board.fill(0);
      advanceTetris(s, ['HD']);
      expect(s.piece!.kind).toBe(kind);
      expect(s.next).toHaveLength(NEXT_QUEUE_SIZE);
    }
  });
});

describe('spawn and geometry', () => {
  it('spawns in rotation 0 just above the field and drops one row at once', () => {
    const s = freshState();
    expect(s.piece).toMatchObject({ rotation: 0, x: SPAWN_X, y: SPAWN_Y + 1 });
  });

  it('has the SRS shapes (T, I) in every rotation', () => {
    // As sorted "x,y" strings so the order of the four cells does not matter.
    const cells = (kind: number, rot: number): string[] => {
      const flat = Array.from(CELLS.subarray((kind * 4 + rot) * 8, (kind * 4 + rot) * 8 + 8));
      return [0, 2, 4, 6].map((i) => `${flat[i]},${flat[i + 1]}`).sort();
    };
    expect(cells(PIECE_T, 0)).toEqual(['0,1', '1,0', '1,1', '2,1']);
    expect(cells(PIECE_T, 1)).toEqual(['1,0', '1,1', '1,2', '2,1']);
    expect(cells(PIECE_T, 2)).toEqual(['0,1', '1,1', '1,2', '2,1']);
    expect(cells(PIECE_T, 3)).toEqual(['0,1', '1,0', '1,1', '1,2']);
    expect(cells(PIECE_I, 1)).toEqual(['2,0', '2,1', '2,2', '2,3']);
    expect(cells(PIECE_I, 3)).toEqual(['1,0', '1,1', '1,2', '1,3']);
    expect(cells(PIECE_O, 2)).toEqual(cells(PIECE_O, 0));
  });

  it('stores the guideline kick tables with y pointing down', () => {
    // JLSTZ 0→R: (0,0) (−1,0) (−1,+1) (0,−2) (−1,−2) in the guideline's y-up notation.
    expect(Array.from(JLSTZ_KICKS.subarray(1 * 10, 1 * 10 + 10))).toEqual([0, 0, -1, 0, -1, -1, 0, 2, -1, 2]);
    // I R→2: (0,0) (−1,0) (+2,0) (−1,+2) (+2,−1).
    expect(Array.from(I_KICKS.subarray(6 * 10, 6 * 10 + 10))).toEqual([0, 0, -1, 0, 2, 0, -1, -2, 2, 1]);
  });

  it('gives the ghost position', () => {
    const s = freshState();
    setPiece(s, PIECE_T, 0, 3, 19);
    expect(ghostY(s)).toBe(38);
    setBottomRows(s, ['#####.....', FULL_BUT_LAST]);
    expect(ghostY(s)).toBe(36);
  });

  it('follows the guideline gravity curve', () => {
    GRAVITY_TABLE.forEach((units, i) => {
      const level = i + 1;
      const secondsPerRow = Math.pow(0.8 - (level - 1) * 0.007, level - 1);
      const exact = Math.min(20, 1 / (secondsPerRow * 60)) * GRAVITY_UNITS_PER_ROW;
      expect(Math.abs(units - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
    });
    const s = freshState();
    const y = s.piece!.y;
    idle(s, 59);
    expect(s.piece!.y).toBe(y);
    idle(s, 1);
    expect(s.piece!.y).toBe(y + 1);
  });
});

describe('SRS rotation', () => {
  it('kicks a T off the left wall (R→0 succeeds on the second test)', () => {
    const s = freshState();
    setPiece(s, PIECE_T, 1, -1, 20); // pointing right, flush with the left wall
    advanceTetris(s, ['CCW']);
    expect(s.piece).toMatchObject({ kind: PIECE_T, rotation: 0, x: 0 });
    expect(s.lastKick).toBe(1);
  });

  it('kicks a T up out of a well (0→R with the (−1,+1) test)', () => {
    const s = freshState();
    // The T sits flat at the bottom; column 0 rows 37–38 are blocked so the plain rotation fails.
    setBottomRows(s, ['#.........', '#.........', '..........']);
    setPiece(s, PIECE_T, 0, 1, 38);
    advanceTetris(s, ['CW']);
    expect(s.piece!.rotation).toBe(1);
    expect(s.lastKick).toBeGreaterThan(0);
    for (let i = 0; i < 8; i += 2) {
      const [x, y] = [pieceCells(s.piece!)[i]!, pieceCells(s.piece!)[i + 1]!];
      expect(s.board[y * BOARD_WIDTH + x]).toBe(0);
    }
  });

  it('kicks an I off the left wall (R→2 succeeds on the third test, +2 columns)', () => {
    const s = freshState();
    setPiece(s, PIECE_I, 1, -2, 20); // vertical in column 0
    advanceTetris(s, ['CW']);
    expect(s.piece).toMatchObject({ kind: PIECE_I, rotation: 2, x: 0, y: 20 });
    expect(s.lastKick).toBe(2);
  });

  it('refuses a rotation when every kick test is blocked', () => {
    const s = freshState();
    setBottomRows(s, ['#.########', '#.########', '#.########', '#.########', '#.########']);
    setPiece(s, PIECE_I, 1, -1, 36); // vertical in the one-wide well
    advanceTetris(s, ['CW']);
    expect(s.piece).toMatchObject({ rotation: 1, x: -1, y: 36 });
  });

  it('does not rotate (or kick) the O piece', () => {
    const s = freshState();
    setPiece(s, PIECE_O, 0, 3, 20);
    advanceTetris(s, ['CW']);
    expect(s.piece).toMatchObject({ rotation: 0, x: 3, y: 20 });
  });
});

describe('hold', () => {
  it('holds once per piece', () => {
    const s = freshState();
    const first = s.piece!.kind;
    const second = s.next[0]!;
    advanceTetris(s, ['HOLD']);
    expect(s.hold).toBe(first);
    expect(s.piece!.kind).toBe(second);
    expect(s.canHold).toBe(false);
    advanceTetris(s, ['HOLD']);
    expect(s.hold).toBe(first);
    expect(s.piece!.kind).toBe(second);
    advanceTetris(s, ['HD']);
    expect(s.canHold).toBe(true);
    const current = s.piece!.kind;
    advanceTetris(s, ['HOLD']);
    expect(s.piece).toMatchObject({ kind: first, rotation: 0, x: SPAWN_X });
    expect(s.hold).toBe(current);
  });
});

describe('drop scoring', () => {
  it('gives 2 points per cell for a hard drop', () => {
    const s = freshState();
    setPiece(s, PIECE_T, 0, 3, 19);
    advanceTetris(s, ['HD']);
    expect(s.score).toBe(2 * (38 - 19));
    expect(s.piecesPlaced).toBe(1);
  });

  it('gives 1 point per soft-drop step and per row fallen with soft drop held', () => {
    const s = freshState();
    const y = s.piece!.y;
    advanceTetris(s, ['SD', 'SD']);
    expect(s.piece!.y).toBe(y + 2);
    expect(s.score).toBe(2);
    advanceTetris(s, ['SDON']); // 20× level-1 gravity: a row every 3 ticks
    idle(s, 5);
    expect(s.piece!.y).toBe(y + 4);
    expect(s.score).toBe(4);
    advanceTetris(s, ['SDOFF']);
    idle(s, 10);
    expect(s.piece!.y).toBe(y + 4);
    expect(s.score).toBe(4);
  });
});

describe('line clears', () => {
  const setups: Record<number, string[]> = {
    1: [FULL_BUT_LAST],
    2: [FULL_BUT_LAST, FULL_BUT_LAST],
    3: [FULL_BUT_LAST, FULL_BUT_LAST, FULL_BUT_LAST],
    4: [FULL_BUT_LAST, FULL_BUT_LAST, FULL_BUT_LAST, FULL_BUT_LAST],
  };
  const base = [0, 100, 300, 500, 800];

  for (const level of [1, 3, 7]) {
    for (const lines of [1, 2, 3, 4]) {
      it(`scores ${lines} line(s) at level ${level} as ${base[lines]} × ${level}`, () => {
        const s = freshState({ startLevel: level });
        setBottomRows(s, setups[lines]!);
        dropPiece(s, PIECE_I, 1, 7); // vertical I into column 9
        expect(s.linesCleared).toBe(lines);
        expect(s.lastClear).toMatchObject({ lines, tSpin: 'none', points: base[lines]! * level });
        const dropPoints = 2 * (40 - 4 - 10);
        expect(s.score).toBe(dropPoints + base[lines]! * level);
        // Cleared rows are gone: only the I's leftover cells remain.
        expect(s.board.reduce((n, c) => n + (c !== 0 ? 1 : 0), 0)).toBe(4 - lines);
      });
    }
  }

  it('adds 50 × combo × level for consecutive clears and resets the combo on a miss', () => {
    const s = freshState({ startLevel: 2 });
    setBottomRows(s, [FULL_BUT_LAST]);
    dropPiece(s, PIECE_I, 1, 7);
    expect(s.combo).toBe(0);
    expect(s.lastClear!.points).toBe(100 * 2);
    setBottomRows(s, [FULL_BUT_LAST]);
    dropPiece(s, PIECE_I, 1, 7);
    expect(s.combo).toBe(1);
    expect(s.lastClear!.points).toBe(100 * 2 + 50 * 1 * 2);
    setBottomRows(s, [FULL_BUT_LAST, FULL_BUT_LAST]);
    dropPiece(s, PIECE_I, 1, 7);
    expect(s.combo).toBe(2);
    expect(s.lastClear!.points).toBe(300 * 2 + 50 * 2 * 2);
    setBottomRows(s, []);
    dropPiece(s, PIECE_O, 0, 0);
    expect(s.combo).toBe(-1);
    expect(s.maxCombo).toBe(2);
  });

  it('multiplies consecutive tetrises by 1.5 (back-to-back) until a smaller clear', () => {
    const four = setups[4]!;
    const s = freshState();
    setBottomRows(s, four);
    dropPiece(s, PIECE_I, 1, 7);
    expect(s.backToBack).toBe(true);
    expect(s.lastClear!.points).toBe(800);
    setBottomRows(s, []); // a non-clearing lock in between keeps B2B but ends the combo
    dropPiece(s, PIECE_O, 0, 0);
    setBottomRows(s, four);
    dropPiece(s, PIECE_I, 1, 7);
    expect(s.lastClear).toMatchObject({ points: 1200, backToBack: true });
    setBottomRows(s, setups[1]!);
    dropPiece(s, PIECE_I, 1, 7);
    expect(s.backToBack).toBe(false);
    setBottomRows(s, []);
    dropPiece(s, PIECE_O, 0, 0);
    setBottomRows(s, four);
    dropPiece(s, PIECE_I, 1, 7);
    expect(s.lastClear).toMatchObject({ points: 800, backToBack: false });
  });

  it('raises the level every 10 lines and scores with the level before the clear', () => {
    const s = freshState();
    for (let i = 0; i < 2; i++) {
      setBottomRows(s, setups[4]!);
      dropPiece(s, PIECE_I, 1, 7);
    }
    expect(s.level).toBe(1);
    setBottomRows(s, setups[4]!);
    dropPiece(s, PIECE_I, 1, 7);
    expect(s.linesCleared).toBe(12);
    expect(s.level).toBe(2);
    expect(s.lastClear!.points).toBe(800 * 1.5 * 1 + 50 * 2 * 1);
    for (let i = 0; i < 2; i++) {
      setBottomRows(s, setups[4]!);
      dropPiece(s, PIECE_I, 1, 7);
    }
    expect(s.linesCleared).toBe(20);
    expect(s.level).toBe(3);
    expect(summarizeTetris(s)).toMatchObject({ level: 3, linesCleared: 20, maxCombo: 4 });
  });
});

describe('T-spins', () => {
  it('scores a rotated-in T-spin double as 1200 × level', () => {
    const s = freshState({ startLevel: 2 });
    setBottomRows(s, ['####......', '###...####', '####.#####']);
    setPiece(s, PIECE_T, 1, 3, 37);
    advanceTetris(s, ['CW', 'HD']);
    expect(s.lastClear).toMatchObject({ lines: 2, tSpin: 'full', points: 1200 * 2 });
    expect(s.backToBack).toBe(true);
  });

  it('scores a T-spin mini without lines as 100 × level and keeps B2B', () => {
    const s = freshState();
    s.backToBack = true;
    setBottomRows(s, ['#.........', '..........']);
    setPiece(s, PIECE_T, 0, 0, 38);
    s.lastRotate = true;
    s.lastKick = 0;
    advanceTetris(s, ['HD']);
    expect(s.lastClear).toMatchObject({ lines: 0, tSpin: 'mini', points: 100 });
    expect(s.backToBack).toBe(true);
    expect(s.combo).toBe(-1);
  });

  it('does not count a T that moved after its rotation', () => {
    const s = freshState();
    setBottomRows(s, ['#.........', '..........']);
    setPiece(s, PIECE_T, 0, 1, 38);
    s.lastRotate = true;
    advanceTetris(s, ['L', 'HD']);
    expect(s.lastClear).toBeNull();
  });
});

describe('lock delay', () => {
  it('locks a resting piece after 30 ticks', () => {
    const s = freshState();
    setPiece(s, PIECE_O, 0, 3, 38);
    idle(s, LOCK_DELAY_TICKS - 1);
    expect(s.piecesPlaced).toBe(0);
    idle(s, 1);
    expect(s.piecesPlaced).toBe(1);
  });

  it('restarts the delay on moves, but only 15 times', () => {
    const s = freshState();
    setPiece(s, PIECE_O, 0, 3, 38);
    for (let i = 0; i < MAX_LOCK_RESETS - 1; i++) {
      idle(s, 20);
      advanceTetris(s, [i % 2 === 0 ? 'L' : 'R']);
      expect(s.piecesPlaced).toBe(0);
    }
    expect(s.activeTicks).toBeGreaterThan(LOCK_DELAY_TICKS * 5);
    idle(s, 20);
    advanceTetris(s, ['L']); // the 15th reset: locks as soon as it rests
    expect(s.piecesPlaced).toBe(1);
  });

  it('gives the resets back when the piece reaches a new lowest row', () => {
    const s = freshState();
    setBottomRows(s, ['#####.....']);
    setPiece(s, PIECE_O, 0, 2, 37); // resting on the ledge, cells in columns 3–4
    for (let i = 0; i < MAX_LOCK_RESETS - 1; i++) advanceTetris(s, [i % 2 === 0 ? 'L' : 'R']);
    expect(s.lockResets).toBe(MAX_LOCK_RESETS - 1);
    advanceTetris(s, ['R', 'R', 'R']); // off the ledge (the first R uses the last reset…)
    expect(s.piecesPlaced).toBe(0);
    advanceTetris(s, ['SD']); // …and falling a row restores them
    expect(s.lockResets).toBe(0);
    expect(s.piecesPlaced).toBe(0);
  });
});

describe('pause', () => {
  it('stops gravity, time and input until resumed', () => {
    const s = freshState();
    const y = s.piece!.y;
    advanceTetris(s, ['P']);
    expect(s.paused).toBe(true);
    idle(s, 300);
    advanceTetris(s, ['L', 'HD', 'HOLD']);
    expect(s.piece!.y).toBe(y);
    expect(s.piece!.x).toBe(SPAWN_X);
    expect(s.score).toBe(0);
    expect(s.ticks).toBe(302);
    expect(s.activeTicks).toBe(0);
    advanceTetris(s, ['P', 'L']);
    expect(s.paused).toBe(false);
    expect(s.piece!.x).toBe(SPAWN_X - 1);
    expect(s.activeTicks).toBe(1);
    expect(summarizeTetris(s).timeElapsedSeconds).toBe(0);
    idle(s, 59);
    expect(summarizeTetris(s).timeElapsedSeconds).toBe(1);
  });
});

describe('game over', () => {
  it('ends on block-out when the next piece cannot spawn', () => {
    const s = freshState();
    const rows = Array.from({ length: 22 }, () => '..########');
    setBottomRows(s, rows); // rows 18–39 filled except columns 0–1
    dropPiece(s, PIECE_I, 1, -2, 0);
    expect(s.gameOver).toBe(true);
    expect(s.piece).toBeNull();
    const ticks = s.ticks;
    advanceTetris(s, ['L']);
    expect(s.ticks).toBe(ticks);
    expect(stepTetris(s, ['HD'])).toBe(s);
  });

  it('ends on lock-out when a piece locks entirely above the field', () => {
    const s = freshState();
    setBottomRows(
      s,
      Array.from({ length: 20 }, () => '.#########'),
    );
    setPiece(s, PIECE_J, 0, 3, 18);
    advanceTetris(s, ['HD']);
    expect(s.gameOver).toBe(true);
    expect(s.piecesPlaced).toBe(1);
  });
});

describe('stepTetris', () => {
  it('returns a new state and leaves its input untouched', () => {
    const s0 = freshState();
    const before = JSON.stringify({ ...s0, board: Array.from(s0.board) });
    const s1 = stepTetris(s0, ['L', 'CW', 'HD']);
    expect(JSON.stringify({ ...s0, board: Array.from(s0.board) })).toBe(before);
    expect(s1).not.toBe(s0);
    expect(s1.piecesPlaced).toBe(1);
  });
});
