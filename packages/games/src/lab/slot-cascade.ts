/**
 * Slot cascade: every participant gets a 4 × 4 grid of symbols. Lines of three or more equal
 * symbols (across or down) clear, the symbols above fall, new ones drop in, and each cascade
 * raises the multiplier (×1, ×2, ×3 …). Points: the cleared symbols' values × the multiplier.
 * The highest totals win, reached by handing the draw's picks the best grids (show-support.ts).
 */
import { Rng } from '../rng.ts';
import { assignPerformances, checkHeat, rankedPerformances } from './show-support.ts';

export const SLOT_COLS = 4;
export const SLOT_ROWS = 4;
/** symbol values; the web draws them as shapes (SLOT_GLYPHS: ● ■ ▲ ◆ ★ 7), never as emoji */
export const SLOT_VALUES = [1, 2, 3, 4, 6, 10] as const;
const MAX_CASCADES = 8;

export interface SlotStep {
  /** cells (row * cols + col) cleared in this cascade */
  cleared: number[];
  multiplier: number;
  gained: number;
  /** the grid after the fall and refill */
  grid: number[];
}

export interface SlotReel {
  start: number[];
  steps: SlotStep[];
  score: number;
}

export interface SlotPlan {
  reels: SlotReel[];
  winners: number[];
}

/** Cells in a horizontal or vertical run of 3+ equal symbols. */
export function slotMatches(grid: readonly number[]): number[] {
  const hit = new Set<number>();
  const at = (r: number, c: number) => grid[r * SLOT_COLS + c]!;
  for (let r = 0; r < SLOT_ROWS; r++) {
    for (let c = 0; c < SLOT_COLS;) {
      let e = c + 1;
      while (e < SLOT_COLS && at(r, e) === at(r, c)) e++;
      if (e - c >= 3) for (let x = c; x < e; x++) hit.add(r * SLOT_COLS + x);
      c = e;
    }
  }
  for (let c = 0; c < SLOT_COLS; c++) {
    for (let r = 0; r < SLOT_ROWS;) {
      let e = r + 1;
      while (e < SLOT_ROWS && at(e, c) === at(r, c)) e++;
      if (e - r >= 3) for (let x = r; x < e; x++) hit.add(x * SLOT_COLS + c);
      r = e;
    }
  }
  return [...hit].sort((a, b) => a - b);
}

function symbol(rng: Rng): number {
  // lower symbols are commoner: weights 6 5 4 3 2 1
  let r = rng.nextInt(21);
  for (let s = 0; s < SLOT_VALUES.length; s++) if ((r -= 6 - s) < 0) return s;
  return 0;
}

export function spinReel(rng: Rng): SlotReel {
  const start = Array.from({ length: SLOT_COLS * SLOT_ROWS }, () => symbol(rng));
  let grid = start;
  const steps: SlotStep[] = [];
  let score = 0;
  for (let m = 1; m <= MAX_CASCADES; m++) {
    const cleared = slotMatches(grid);
    if (cleared.length === 0) break;
    const gained = cleared.reduce((s, cell) => s + SLOT_VALUES[grid[cell]!]!, 0) * m;
    const next = grid.slice();
    for (let c = 0; c < SLOT_COLS; c++) {
      const kept = [];
      for (let r = SLOT_ROWS - 1; r >= 0; r--) if (!cleared.includes(r * SLOT_COLS + c)) kept.push(grid[r * SLOT_COLS + c]!);
      for (let r = SLOT_ROWS - 1; r >= 0; r--) next[r * SLOT_COLS + c] = kept[SLOT_ROWS - 1 - r] ?? symbol(rng);
    }
    steps.push({ cleared, multiplier: m, gained, grid: next });
    score += gained;
    grid = next;
  }
  return { start, steps, score };
}

export function planSlotCascade(seed: string, n: number, heat: readonly number[]): SlotPlan {
  checkHeat(n, heat);
  const rng = new Rng(`slot-cascade:${seed}:${heat.join(',')}`);
  const ranked = rankedPerformances(
    n,
    heat.length,
    () => spinReel(rng),
    (a, b) => b.score - a.score,
  );
  return { reels: assignPerformances(n, heat, ranked, rng), winners: [...heat] };
}

/** The winners as a viewer reads them: replays each grid's cascades and ranks the totals. */
export function slotWinners(plan: SlotPlan, count: number): number[] {
  const totals = plan.reels.map((reel) => {
    let grid = reel.start;
    let total = 0;
    for (const step of reel.steps) {
      const cleared = slotMatches(grid);
      total += cleared.reduce((s, cell) => s + SLOT_VALUES[grid[cell]!]!, 0) * step.multiplier;
      grid = step.grid;
    }
    return total;
  });
  return totals
    .map((t, i) => [t, i] as const)
    .sort((a, b) => b[0] - a[0])
    .slice(0, count)
    .map(([, i]) => i);
}
