import { DEFAULT_TETRIS_SETTINGS } from '@moim/contract';
import { describe, expect, it } from 'vitest';
import { controlForKey, keyLabel, keyMapOf } from './tetris-input';

describe('Tetris key bindings', () => {
  const defaults = keyMapOf(DEFAULT_TETRIS_SETTINGS.bindings);

  it('maps the keys of the guideline layout by default', () => {
    expect(controlForKey(defaults, 'ArrowLeft')).toBe('left');
    expect(controlForKey(defaults, 'Space')).toBe('hardDrop');
    expect(controlForKey(defaults, 'KeyX')).toBe('rotateCW');
    expect(controlForKey(defaults, 'ArrowUp')).toBe('rotateCW');
    expect(controlForKey(defaults, 'KeyZ')).toBe('rotateCCW');
    expect(controlForKey(defaults, 'ShiftLeft')).toBe('hold');
    expect(controlForKey(defaults, 'Escape')).toBe('pause');
    expect(controlForKey(defaults, '', 'c')).toBe('hold');
    expect(controlForKey(defaults, '', ' ')).toBe('hardDrop');
    expect(controlForKey(defaults, 'KeyQ')).toBeNull();
  });

  it('follows the player’s own bindings, and a key no longer bound does nothing', () => {
    const wasd = keyMapOf({ ...DEFAULT_TETRIS_SETTINGS.bindings, left: ['KeyA'], right: ['KeyD'], softDrop: ['KeyS'] });
    expect(controlForKey(wasd, 'KeyA')).toBe('left');
    expect(controlForKey(wasd, 'KeyD')).toBe('right');
    expect(controlForKey(wasd, 'ArrowLeft')).toBeNull();
    expect(controlForKey(wasd, '', 's')).toBe('softDrop');
  });

  it('names keys for people', () => {
    const t = (k: string) => ({ 'keys.left': 'left', 'keys.right': 'right', 'keys.numpad': 'Numpad' })[k] ?? k;
    expect(keyLabel('ArrowLeft', t)).toBe('←');
    expect(keyLabel('KeyZ', t)).toBe('Z');
    expect(keyLabel('Digit5', t)).toBe('5');
    expect(keyLabel('ShiftLeft', t)).toBe('Shift (left)');
    expect(keyLabel('Numpad4', t)).toBe('Numpad 4');
    expect(keyLabel('Escape', t)).toBe('Esc');
  });
});
