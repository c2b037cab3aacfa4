/**
 * Tetromino geometry for the Super Rotation System (SRS).
 *
 * Coordinates: x grows to the right, y grows DOWNWARD (row 0 is the top of the 40-row
 * buffer). A piece's (x, y) is the top-left corner of its bounding box (4×4 for I,
 * 3×3 for the others, O uses cells 1–2 of a 3-wide box). Rotation states follow the
 * SRS names 0, R, 2, L = 0, 1, 2, 3 (clockwise order).
 *
 * Wall kicks are the standard guideline tables (tetris.wiki/Super_Rotation_System),
 * written there with y up; here they are stored with y negated.
 */

export const PIECE_I = 1;
export const PIECE_J = 2;
export const PIECE_L = 3;
export const PIECE_O = 4;
export const PIECE_S = 5;
export const PIECE_T = 6;
export const PIECE_Z = 7;

/** 1..7 = I, J, L, O, S, T, Z. A board cell holds one of these or 0 (empty). */
export type PieceKind = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export type Rotation = 0 | 1 | 2 | 3;

export const PIECE_KINDS: readonly PieceKind[] = [1, 2, 3, 4, 5, 6, 7];
export const PIECE_LETTERS = ['', 'I', 'J', 'L', 'O', 'S', 'T', 'Z'] as const;
export type PieceLetter = 'I' | 'J' | 'L' | 'O' | 'S' | 'T' | 'Z';

export function pieceLetter(kind: PieceKind): PieceLetter {
  return PIECE_LETTERS[kind] as PieceLetter;
}

/** Spawn orientation cells, (x, y) pairs within the bounding box. */
const SPAWN_CELLS: Record<PieceKind, readonly number[]> = {
  1: [0, 1, 1, 1, 2, 1, 3, 1],
  2: [0, 0, 0, 1, 1, 1, 2, 1],
  3: [2, 0, 0, 1, 1, 1, 2, 1],
  4: [1, 0, 2, 0, 1, 1, 2, 1],
  5: [1, 0, 2, 0, 0, 1, 1, 1],
  6: [1, 0, 0, 1, 1, 1, 2, 1],
  7: [0, 0, 1, 0, 1, 1, 2, 1],
};

/**
 * CELLS[(kind * 4 + rotation) * 8 + 2 * i] = dx of cell i, [+1] = dy.
 * Clockwise rotation inside an n×n box maps (x, y) → (n − 1 − y, x); O never changes.
 */
export const CELLS: Int8Array = (() => {
  const out = new Int8Array(8 * 4 * 8);
  for (const kind of PIECE_KINDS) {
    const size = kind === PIECE_I ? 4 : 3;
    let cells = SPAWN_CELLS[kind].slice();
    for (let rot = 0; rot < 4; rot++) {
      out.set(cells, (kind * 4 + rot) * 8);
      if (kind !== PIECE_O) {
        const next: number[] = [];
        for (let i = 0; i < 8; i += 2) {
          const x = cells[i] as number;
          const y = cells[i + 1] as number;
          next.push(size - 1 - y, x);
        }
        cells = next;
      }
    }
  }
  return out;
})();

/** Kick tests as written in the guideline (y up), keyed "from>to". */
const JLSTZ_KICKS_Y_UP: Record<string, readonly number[]> = {
  '0>1': [0, 0, -1, 0, -1, 1, 0, -2, -1, -2],
  '1>0': [0, 0, 1, 0, 1, -1, 0, 2, 1, 2],
  '1>2': [0, 0, 1, 0, 1, -1, 0, 2, 1, 2],
  '2>1': [0, 0, -1, 0, -1, 1, 0, -2, -1, -2],
  '2>3': [0, 0, 1, 0, 1, 1, 0, -2, 1, -2],
  '3>2': [0, 0, -1, 0, -1, -1, 0, 2, -1, 2],
  '3>0': [0, 0, -1, 0, -1, -1, 0, 2, -1, 2],
  '0>3': [0, 0, 1, 0, 1, 1, 0, -2, 1, -2],
};

const I_KICKS_Y_UP: Record<string, readonly number[]> = {
  '0>1': [0, 0, -2, 0, 1, 0, -2, -1, 1, 2],
  '1>0': [0, 0, 2, 0, -1, 0, 2, 1, -1, -2],
  '1>2': [0, 0, -1, 0, 2, 0, -1, 2, 2, -1],
  '2>1': [0, 0, 1, 0, -2, 0, 1, -2, -2, 1],
  '2>3': [0, 0, 2, 0, -1, 0, 2, 1, -1, -2],
  '3>2': [0, 0, -2, 0, 1, 0, -2, -1, 1, 2],
  '3>0': [0, 0, 1, 0, -2, 0, 1, -2, -2, 1],
  '0>3': [0, 0, -1, 0, 2, 0, -1, 2, 2, -1],
};

function buildKicks(table: Record<string, readonly number[]>): Int8Array {
  // KICKS[(from * 4 + to) * 10 + 2 * test] = dx, [+1] = dy (y down). Non-adjacent pairs stay 0.
  const out = new Int8Array(16 * 10);
  for (const [key, tests] of Object.entries(table)) {
    const from = Number(key[0]);
    const to = Number(key[2]);
    for (let i = 0; i < 10; i += 2) {
      out[(from * 4 + to) * 10 + i] = tests[i] as number;
      out[(from * 4 + to) * 10 + i + 1] = -(tests[i + 1] as number);
    }
  }
  return out;
}

export const JLSTZ_KICKS: Int8Array = buildKicks(JLSTZ_KICKS_Y_UP);
export const I_KICKS: Int8Array = buildKicks(I_KICKS_Y_UP);
export const KICK_TESTS = 5;
