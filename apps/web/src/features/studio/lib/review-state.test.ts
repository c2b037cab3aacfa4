import type { StudioSuggestion } from '@moim/contract';
import { describe, expect, it } from 'vitest';
import { nextPending, piecesOf, revisedText, usableSuggestions } from './review-state';

const text = '할수 있다. 책를 읽는다.';
const s = (id: string, offset: number, original: string, replacement: string): StudioSuggestion => ({
  id,
  offset,
  length: original.length,
  original,
  message: 'm',
  shortMessage: 's',
  replacements: [replacement],
  rule: { id: 'R', category: 'SPACING' },
  severity: 'ERROR',
  paragraph: 0,
});
const a = s('a', 0, '할수', '할 수');
const b = s('b', 7, '책를', '책을');

describe('review state', () => {
  it('applies accepted replacements and leaves ignored ones', () => {
    expect(revisedText(text, [a, b], { a: { kind: 'accepted', replacement: '할 수' }, b: { kind: 'ignored' } })).toBe(
      '할 수 있다. 책를 읽는다.',
    );
    expect(revisedText(text, [a, b], { a: { kind: 'accepted', replacement: '할 수' }, b: { kind: 'accepted', replacement: '책을' } })).toBe(
      '할 수 있다. 책을 읽는다.',
    );
  });

  it('splits the text into plain pieces and suggestions in order', () => {
    const pieces = piecesOf(text, [b, a], {});
    expect(pieces.map((p) => (p.kind === 'text' ? p.text : `[${p.suggestion.original}]`)).join('')).toBe('[할수] 있다. [책를] 읽는다.');
  });

  it('drops suggestions that overlap or no longer match the text', () => {
    const stale = s('c', 1, '수 있', '수있');
    const wrong = s('d', 3, '없다', '있다');
    expect(usableSuggestions(text, [a, stale, wrong, b]).map((x) => x.id)).toEqual(['a', 'b']);
  });

  it('moves to the next suggestion waiting for a decision', () => {
    expect(nextPending([a, b], {}, null)?.id).toBe('a');
    expect(nextPending([a, b], { a: { kind: 'ignored' } }, 'a')?.id).toBe('b');
    expect(nextPending([a, b], { b: { kind: 'ignored' } }, 'b')?.id).toBe('a');
    expect(nextPending([a, b], { a: { kind: 'ignored' }, b: { kind: 'ignored' } }, 'b')).toBeNull();
  });
});
