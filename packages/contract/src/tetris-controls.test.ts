import { describe, expect, it } from 'vitest';
import { bindingConflicts, DEFAULT_TETRIS_SETTINGS, readTetrisSettings } from './tetris-controls.ts';
import { tetrisSettings } from './tetris-settings.ts';

const d = DEFAULT_TETRIS_SETTINGS;
const cases: unknown[] = [
  d,
  { ...d, dasMs: 0, arrMs: 0, softDropFactor: 0 },
  { ...d, dasMs: 500, arrMs: 200, softDropFactor: 40 },
  { ...d, dasMs: 501 },
  { ...d, arrMs: -1 },
  { ...d, dasMs: 16.5 },
  { ...d, softDropFactor: 1 },
  { ...d, softDropFactor: 41 },
  { ...d, bindings: { ...d.bindings, hold: ['KeyZ'] } }, // rotateCCW's key
  { ...d, bindings: { ...d.bindings, hold: ['KeyQ', 'KeyQ'] } },
  { ...d, bindings: { ...d.bindings, pause: ['Tab'] } },
  { ...d, bindings: { ...d.bindings, pause: [] } },
  { ...d, bindings: { ...d.bindings, pause: ['KeyP', 'KeyO', 'KeyI', 'KeyU'] } },
  { ...d, bindings: { ...d.bindings, pause: ['1up'] } },
  { ...d, bindings: { ...d.bindings, extra: ['KeyQ'] } },
  { ...d, bindings: { left: ['KeyA'] } },
  null,
  'settings',
];

describe('Tetris controls', () => {
  it('the plain reader keeps exactly the values the wire schema accepts', () => {
    for (const c of cases) expect(readTetrisSettings(c) !== null, JSON.stringify(c)).toBe(tetrisSettings.safeParse(c).success);
    expect(readTetrisSettings(d)).toEqual(d);
  });

  it('names every action a key is bound to', () => {
    expect(bindingConflicts(d.bindings, 'KeyX')).toEqual(['rotateCW']);
    expect(bindingConflicts({ ...d.bindings, hold: ['KeyX'] }, 'KeyX')).toEqual(['rotateCW', 'hold']);
    expect(bindingConflicts(d.bindings, 'KeyQ')).toEqual([]);
  });
});
