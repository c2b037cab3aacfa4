/**
 * Keyboard and touch input for the Tetris page, turned into the engine's actions one
 * simulation tick (1/60 s) at a time. Auto-repeat is ours, not the browser's: a held ←/→
 * shifts once at once, then after DAS (10 ticks ≈ 167 ms) every ARR (2 ticks); each shift is
 * its own logged 'L'/'R', so the server replays exactly what the player saw.
 *
 *   ← →  shift          ↓  soft drop (held)      Space  hard drop
 *   ↑ X  rotate right   Z  rotate left           C Shift  hold       P Esc  pause
 */
import type { TetrisAction } from '@moim/games';

export const DAS_TICKS = 10;
export const ARR_TICKS = 2;

export type Control = 'left' | 'right' | 'softDrop' | 'hardDrop' | 'rotateCW' | 'rotateCCW' | 'hold' | 'pause';

const KEYS: Record<string, Control> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowDown: 'softDrop',
  ArrowUp: 'rotateCW',
  Space: 'hardDrop',
  KeyX: 'rotateCW',
  KeyZ: 'rotateCCW',
  KeyC: 'hold',
  ShiftLeft: 'hold',
  ShiftRight: 'hold',
  KeyP: 'pause',
  Escape: 'pause',
};

/** The control a KeyboardEvent.code stands for (also matches `key` for layouts without codes). */
export function controlForKey(code: string, key?: string): Control | null {
  if (KEYS[code]) return KEYS[code];
  if (key === ' ') return 'hardDrop';
  const k = key?.length === 1 ? `Key${key.toUpperCase()}` : key;
  return (k && KEYS[k]) || null;
}

export class TetrisInput {
  private queue: TetrisAction[] = [];
  private held = new Set<Control>();
  /** The direction auto-repeating (the last one pressed and still held). */
  private dir: 'L' | 'R' | null = null;
  private dirTicks = 0;

  /** A control went down. Returns false for a key repeat the browser made (ignored). */
  down(control: Control, repeat = false): boolean {
    if (repeat || this.held.has(control)) return false;
    this.held.add(control);
    switch (control) {
      case 'left':
      case 'right': {
        const a = control === 'left' ? 'L' : 'R';
        this.queue.push(a);
        this.dir = a;
        this.dirTicks = 0;
        break;
      }
      case 'softDrop':
        this.queue.push('SDON');
        break;
      case 'hardDrop':
        this.queue.push('HD');
        break;
      case 'rotateCW':
        this.queue.push('CW');
        break;
      case 'rotateCCW':
        this.queue.push('CCW');
        break;
      case 'hold':
        this.queue.push('HOLD');
        break;
      case 'pause':
        this.queue.push('P');
        break;
    }
    return true;
  }

  up(control: Control): void {
    if (!this.held.delete(control)) return;
    if (control === 'softDrop') this.queue.push('SDOFF');
    if (control === 'left' || control === 'right') {
      const a = control === 'left' ? 'L' : 'R';
      if (this.dir === a) {
        // The other direction, still held, takes over (after its own DAS).
        const other = a === 'L' ? 'right' : 'left';
        this.dir = this.held.has(other) ? (a === 'L' ? 'R' : 'L') : null;
        this.dirTicks = 0;
      }
    }
  }

  /** The actions of the next tick: what was pressed since the last one, plus auto-repeat. */
  tick(): TetrisAction[] {
    const out = this.queue;
    this.queue = [];
    if (this.dir) {
      this.dirTicks++;
      if (this.dirTicks >= DAS_TICKS && (this.dirTicks - DAS_TICKS) % ARR_TICKS === 0) out.push(this.dir);
    }
    return out;
  }

  /** While paused only a pause toggle matters; everything else is dropped. */
  takePause(): boolean {
    const wants = this.queue.includes('P');
    this.queue = [];
    return wants;
  }

  /** Forget held keys (focus lost, game over); a held soft drop is released in the log. */
  releaseAll(): void {
    if (this.held.has('softDrop')) this.queue.push('SDOFF');
    this.held.clear();
    this.dir = null;
    this.dirTicks = 0;
  }

  clear(): void {
    this.queue = [];
    this.held.clear();
    this.dir = null;
    this.dirTicks = 0;
  }
}
