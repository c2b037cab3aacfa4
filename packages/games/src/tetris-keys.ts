/**
 * Held keys → the engine's actions, one 1/60 s tick at a time: what a client feeds `TetrisGame`.
 * Auto-repeat (DAS, delayed auto shift; ARR, auto repeat rate) is the client's, not the
 * keyboard's: a held ←/→ shifts once at once, then after `dasTicks` every `arrTicks`, each shift
 * its own 'L'/'R' in the tick it happens, so the log replays exactly what the player saw and
 * the replay needs nothing of the player's settings. `arrTicks` 0 ("instant") sends, each tick
 * after DAS, as many shifts as the piece can still move (the `room` the caller reads from the
 * game), so the log never holds shifts that could not happen. Soft drop is SDON/SDOFF; its speed
 * is the game's `softDropFactor` (in the log's header).
 */
import type { TetrisAction } from './tetris-engine.ts';

export type TetrisControlName = 'left' | 'right' | 'softDrop' | 'hardDrop' | 'rotateCW' | 'rotateCCW' | 'hold' | 'pause';

export interface TetrisRepeat {
  /** ticks a held direction waits before it repeats */
  dasTicks: number;
  /** ticks between repeats; 0 = to the wall at once */
  arrTicks: number;
}

/** 167 ms and 33 ms at 60 ticks a second. */
export const DEFAULT_TETRIS_REPEAT: TetrisRepeat = { dasTicks: 10, arrTicks: 2 };

/** Milliseconds (a setting) → whole ticks at 60 Hz: 167 → 10, 33 → 2, 0 → 0. */
export function msToTicks(ms: number): number {
  return Math.max(0, Math.round((ms * 60) / 1000));
}

/** How far the active piece can still shift each way (`tetrisShiftRoom` on the live state). */
export type ShiftRoom = (dir: -1 | 1) => number;

export class TetrisKeys {
  private queue: TetrisAction[] = [];
  private held = new Set<TetrisControlName>();
  /** The direction auto-repeating (the last one pressed and still held). */
  private dir: 'L' | 'R' | null = null;
  private dirTicks = 0;
  private repeat: TetrisRepeat;

  constructor(repeat: TetrisRepeat = DEFAULT_TETRIS_REPEAT) {
    this.repeat = { ...repeat };
  }

  /** New DAS/ARR (the settings changed); a held key keeps its charge. */
  setRepeat(repeat: TetrisRepeat): void {
    this.repeat = { ...repeat };
  }

  /** A control went down. Returns false for a key repeat the browser made (ignored). */
  down(control: TetrisControlName, repeat = false): boolean {
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

  up(control: TetrisControlName): void {
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

  /**
   * The actions of the next tick: what was pressed since the last one, plus auto-repeat.
   * `room` says how far the piece can move (needed for an instant ARR; without it, one a tick).
   */
  tick(room?: ShiftRoom): TetrisAction[] {
    const out = this.queue;
    this.queue = [];
    if (this.dir) {
      this.dirTicks++;
      const { dasTicks, arrTicks } = this.repeat;
      if (this.dirTicks >= dasTicks) {
        if (arrTicks === 0) {
          const dir = this.dir;
          const pressed = out.filter((a) => a === dir).length;
          const n = room ? Math.max(0, room(dir === 'L' ? -1 : 1) - pressed) : 1;
          for (let i = 0; i < n; i++) out.push(dir);
        } else if ((this.dirTicks - dasTicks) % arrTicks === 0) {
          out.push(this.dir);
        }
      }
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
