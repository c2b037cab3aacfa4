/**
 * A player's Tetris controls, the plain part (no zod, so the game page can use it without the
 * validator library): the actions, the limits, the defaults, conflicts and a reader for a value
 * kept in the browser. The wire schema is `tetrisSettings` (tetris-settings.ts), which applies
 * the same rules.
 */

/** The actions a key can be bound to, in the order the settings list them. */
export const TETRIS_CONTROLS = ['left', 'right', 'softDrop', 'hardDrop', 'rotateCW', 'rotateCCW', 'hold', 'pause'] as const;
export type TetrisControl = (typeof TETRIS_CONTROLS)[number];

export const TETRIS_SETTINGS_LIMITS = {
  /** delayed auto shift: how long a held ←/→ waits before repeating */
  dasMs: { min: 0, max: 500 },
  /** auto repeat rate: the time between repeated shifts; 0 = to the wall at once */
  arrMs: { min: 0, max: 200 },
  /** soft drop: gravity × this while held; 0 = instant (20 rows a tick) */
  softDropFactor: { min: 0, max: 40 },
  keysPerControl: 3,
} as const;

/**
 * The defaults of modern guideline clients: DAS 167 ms (10 ticks at 60 Hz), ARR 33 ms (2 ticks),
 * soft drop ×20, and the guideline keys.
 */
export const DEFAULT_TETRIS_SETTINGS: TetrisSettings = {
  dasMs: 167,
  arrMs: 33,
  softDropFactor: 20,
  bindings: {
    left: ['ArrowLeft'],
    right: ['ArrowRight'],
    softDrop: ['ArrowDown'],
    hardDrop: ['Space'],
    rotateCW: ['ArrowUp', 'KeyX'],
    rotateCCW: ['KeyZ'],
    hold: ['KeyC', 'ShiftLeft', 'ShiftRight'],
    pause: ['KeyP', 'Escape'],
  },
};

export type TetrisSettings = {
  dasMs: number;
  arrMs: number;
  softDropFactor: number;
  bindings: Record<TetrisControl, string[]>;
};

/** The controls a key is bound to (more than one is a conflict the settings refuse). */
export function bindingConflicts(bindings: Record<TetrisControl, readonly string[]>, key: string): TetrisControl[] {
  return TETRIS_CONTROLS.filter((c) => bindings[c].includes(key));
}

const KEY_CODE = /^[A-Za-z][A-Za-z0-9]{0,31}$/;

/** A key a binding may use: a `KeyboardEvent.code` name, never Tab (it moves the focus). */
export function isTetrisKeyCode(key: unknown): key is string {
  return typeof key === 'string' && KEY_CODE.test(key) && key !== 'Tab';
}

const within = (v: unknown, { min, max }: { min: number; max: number }) =>
  Number.isInteger(v) && (v as number) >= min && (v as number) <= max;

/**
 * The settings in `value` when they keep every rule of the wire schema (ranges, the soft-drop
 * factors the engine plays, 1–3 valid keys per action, no key on two actions), else null: for a
 * value read back from the browser's storage, which anything may have changed.
 */
export function readTetrisSettings(value: unknown): TetrisSettings | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const L = TETRIS_SETTINGS_LIMITS;
  if (!within(v.dasMs, L.dasMs) || !within(v.arrMs, L.arrMs) || !within(v.softDropFactor, L.softDropFactor)) return null;
  if (v.softDropFactor === 1) return null;
  const b = v.bindings as Record<string, unknown> | null;
  if (typeof b !== 'object' || b === null || Object.keys(b).some((k) => !(TETRIS_CONTROLS as readonly string[]).includes(k))) return null;
  const bindings = {} as Record<TetrisControl, string[]>;
  for (const c of TETRIS_CONTROLS) {
    const keys = b[c];
    if (!Array.isArray(keys) || keys.length < 1 || keys.length > L.keysPerControl || !keys.every(isTetrisKeyCode)) return null;
    bindings[c] = [...keys];
  }
  for (const c of TETRIS_CONTROLS)
    if (bindings[c].some((key, i) => bindings[c].indexOf(key) !== i || bindingConflicts(bindings, key).length > 1)) return null;
  return { dasMs: v.dasMs as number, arrMs: v.arrMs as number, softDropFactor: v.softDropFactor as number, bindings };
}
