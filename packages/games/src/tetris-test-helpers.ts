/** Board and piece set-up shortcuts for the Tetris tests (not exported by the package). */

import { advanceTetris, BOARD_HEIGHT, BOARD_WIDTH, createTetrisState, type TetrisOptions, type TetrisState } from './tetris-engine.ts';
import type { PieceKind, Rotation } from './tetris-pieces.ts';

/**
 * Fills the bottom rows of the board from text, top row first: '#' = filled (as a J
 * block, kind 2), '.' = empty. Everything above is emptied.
 */
export function setBottomRows(s: TetrisState, rows: readonly string[]): void {
  s.board.fill(0);
  const top = BOARD_HEIGHT - rows.length;
  rows.forEach((row, i) => {
    if (row.length !== BOARD_WIDTH) throw new Error(`row "${row}" must be ${BOARD_WIDTH} wide`);
    for (let x = 0; x < BOARD_WIDTH; x++) {
      if (row[x] === '#') s.board[(top + i) * BOARD_WIDTH + x] = 2;
    }
  });
}

export function setPiece(s: TetrisState, kind: PieceKind, rotation: Rotation, x: number, y: number): void {
  s.piece = { kind, rotation, x, y };
  s.lowestY = y;
  s.lockTimer = 0;
  s.lockResets = 0;
  s.gravityAcc = 0;
  s.lastRotate = false;
  s.lastKick = -1;
}

/** Puts a piece at (x, y) with the given rotation and hard-drops it (one tick). */
export function dropPiece(s: TetrisState, kind: PieceKind, rotation: Rotation, x: number, y = 10): void {
  setPiece(s, kind, rotation, x, y);
  advanceTetris(s, ['HD']);
}

export function freshState(options: TetrisOptions = {}, seed = 'test-seed'): TetrisState {
  return createTetrisState(seed, options);
}

export const FULL_BUT_LAST = '#########.';
