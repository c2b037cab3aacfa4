/**
 * Draws a Tetris state on a 2D canvas: the 20 visible rows, the ghost piece, the falling
 * piece, and small previews (hold, next). Colours of the board come from the design tokens
 * (light/dark), the pieces keep their guideline colours in both themes.
 */
import { BOARD_WIDTH, HIDDEN_ROWS, VISIBLE_ROWS, ghostY, pieceCells, type PieceKind, type TetrisState } from '@moim/games';

export const PIECE_COLORS = ['', '#22c3e6', '#3b6cf6', '#f08a24', '#f5c518', '#2fb85a', '#a24de8', '#e5484d'] as const;

export interface BoardTheme {
  background: string;
  grid: string;
  border: string;
  text: string;
}

/**
 * The board's colours from the tokens at `el`. A token may be `light-dark(…, …)` (tokens.css), which
 * only a CSS property resolves, not a canvas: each is read back as the computed `color` of a hidden
 * probe inside `el`'s parent, so the theme in effect there decides.
 */
export function readTheme(el: Element): BoardTheme {
  const host = el.parentElement ?? document.body;
  const probe = document.createElement('span');
  probe.hidden = true;
  host.appendChild(probe);
  const v = (name: string, fallback: string) => {
    probe.style.color = `var(${name}, ${fallback})`;
    return getComputedStyle(probe).color || fallback;
  };
  try {
    return {
      background: v('--color-bg-subtle', '#f6f7fb'),
      grid: v('--color-border', '#e3e5ee'),
      border: v('--color-border', '#e3e5ee'),
      text: v('--color-text-muted', '#555b6e'),
    };
  } finally {
    probe.remove();
  }
}

function block(ctx: CanvasRenderingContext2D, x: number, y: number, size: number, color: string) {
  const inset = Math.max(1, Math.round(size * 0.06));
  ctx.fillStyle = color;
  ctx.fillRect(x + inset, y + inset, size - 2 * inset, size - 2 * inset);
  // A light top-left edge gives the blocks some depth.
  ctx.fillStyle = 'rgba(255,255,255,0.28)';
  ctx.fillRect(x + inset, y + inset, size - 2 * inset, Math.max(1, Math.round(size * 0.12)));
}

/** Sizes the canvas for the device pixel ratio; returns the cell size in CSS pixels. */
export function fitCanvas(canvas: HTMLCanvasElement, cssWidth: number, cols: number, rows: number): number {
  const cell = Math.max(8, Math.floor(cssWidth / cols));
  const dpr = Math.min(3, window.devicePixelRatio || 1);
  const w = cell * cols;
  const h = cell * rows;
  if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(h * dpr);
    canvas.style.width = `${w}px`;
    canvas.style.height = `${h}px`;
  }
  const ctx = canvas.getContext('2d');
  ctx?.setTransform(dpr, 0, 0, dpr, 0, 0);
  return cell;
}

export function drawBoard(canvas: HTMLCanvasElement, state: TetrisState, cell: number, theme: BoardTheme): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const w = cell * BOARD_WIDTH;
  const h = cell * VISIBLE_ROWS;
  ctx.fillStyle = theme.background;
  ctx.fillRect(0, 0, w, h);
  ctx.strokeStyle = theme.grid;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let x = 1; x < BOARD_WIDTH; x++) {
    ctx.moveTo(x * cell + 0.5, 0);
    ctx.lineTo(x * cell + 0.5, h);
  }
  for (let y = 1; y < VISIBLE_ROWS; y++) {
    ctx.moveTo(0, y * cell + 0.5);
    ctx.lineTo(w, y * cell + 0.5);
  }
  ctx.stroke();

  const board = state.board;
  for (let y = HIDDEN_ROWS; y < HIDDEN_ROWS + VISIBLE_ROWS; y++) {
    for (let x = 0; x < BOARD_WIDTH; x++) {
      const k = board[y * BOARD_WIDTH + x] as number;
      if (k) block(ctx, x * cell, (y - HIDDEN_ROWS) * cell, cell, state.gameOver ? '#8a8fa3' : (PIECE_COLORS[k] as string));
    }
  }

  const p = state.piece;
  if (p && !state.gameOver) {
    const color = PIECE_COLORS[p.kind] as string;
    const gy = ghostY(state);
    if (gy !== null && gy !== p.y) {
      const ghost = pieceCells({ ...p, y: gy });
      ctx.globalAlpha = 0.28;
      for (let i = 0; i < ghost.length; i += 2) {
        const gyRow = (ghost[i + 1] as number) - HIDDEN_ROWS;
        if (gyRow >= 0) block(ctx, (ghost[i] as number) * cell, gyRow * cell, cell, color);
      }
      ctx.globalAlpha = 1;
    }
    const cells = pieceCells(p);
    for (let i = 0; i < cells.length; i += 2) {
      const row = (cells[i + 1] as number) - HIDDEN_ROWS;
      if (row >= 0) block(ctx, (cells[i] as number) * cell, row * cell, cell, color);
    }
  }
}

/** A piece centred in a small box (hold / next previews). */
export function drawMini(canvas: HTMLCanvasElement, kind: PieceKind | null, cell: number, theme: BoardTheme, dim = false): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const w = cell * 4;
  const h = cell * 2.5;
  ctx.clearRect(0, 0, w, h);
  ctx.fillStyle = theme.background;
  ctx.fillRect(0, 0, w, h);
  if (!kind) return;
  const cells = pieceCells({ kind, rotation: 0, x: 0, y: 0 });
  let minX = 9;
  let maxX = 0;
  let minY = 9;
  let maxY = 0;
  for (let i = 0; i < cells.length; i += 2) {
    minX = Math.min(minX, cells[i] as number);
    maxX = Math.max(maxX, cells[i] as number);
    minY = Math.min(minY, cells[i + 1] as number);
    maxY = Math.max(maxY, cells[i + 1] as number);
  }
  const ox = (w - (maxX - minX + 1) * cell) / 2;
  const oy = (h - (maxY - minY + 1) * cell) / 2;
  ctx.globalAlpha = dim ? 0.35 : 1;
  for (let i = 0; i < cells.length; i += 2) {
    block(
      ctx,
      ox + ((cells[i] as number) - minX) * cell,
      oy + ((cells[i + 1] as number) - minY) * cell,
      cell,
      PIECE_COLORS[kind] as string,
    );
  }
  ctx.globalAlpha = 1;
}
