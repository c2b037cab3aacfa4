import { describe, expect, it } from 'vitest';
import { ARR_TICKS, DAS_TICKS, TetrisInput, controlForKey } from './tetris-input';

describe('TetrisInput', () => {
  it('maps the keys of the guideline layout', () => {
    expect(controlForKey('ArrowLeft')).toBe('left');
    expect(controlForKey('Space')).toBe('hardDrop');
    expect(controlForKey('KeyX')).toBe('rotateCW');
    expect(controlForKey('ArrowUp')).toBe('rotateCW');
    expect(controlForKey('KeyZ')).toBe('rotateCCW');
    expect(controlForKey('ShiftLeft')).toBe('hold');
    expect(controlForKey('Escape')).toBe('pause');
    expect(controlForKey('', 'c')).toBe('hold');
    expect(controlForKey('KeyQ')).toBeNull();
  });

  it('shifts at once, then auto-repeats after DAS every ARR, each shift logged', () => {
    const input = new TetrisInput();
    input.down('right');
    const ticks: string[][] = [];
    for (let i = 0; i < DAS_TICKS + 3 * ARR_TICKS - 1; i++) ticks.push(input.tick());
    const shifts = ticks.flat().filter((a) => a === 'R').length;
    expect(ticks[0]).toEqual(['R']);
    expect(shifts).toBe(1 + 3);
    input.up('right');
    expect(input.tick()).toEqual([]);
  });

  it('ignores browser key repeats, pairs soft drop on/off, and hands over to the other direction', () => {
    const input = new TetrisInput();
    expect(input.down('left')).toBe(true);
    expect(input.down('left', true)).toBe(false);
    input.down('softDrop');
    expect(input.tick()).toEqual(['L', 'SDON']);
    input.down('right');
    input.up('right');
    input.up('softDrop');
    expect(input.tick()).toEqual(['R', 'SDOFF']);
    input.up('left');
    for (let i = 0; i < 20; i++) expect(input.tick()).toEqual([]);
  });

  it('keeps only a pause toggle while paused and releases a held soft drop on blur', () => {
    const input = new TetrisInput();
    input.down('hardDrop');
    input.down('pause');
    expect(input.takePause()).toBe(true);
    expect(input.tick()).toEqual([]);
    input.down('softDrop');
    input.tick();
    input.releaseAll();
    expect(input.tick()).toEqual(['SDOFF']);
  });
});
