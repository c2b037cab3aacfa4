/** Inline suggestions: keyboard selection, accept with A, ignore with I, undo, and the revised text. */
import type { StudioSuggestion } from '@moim/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../shared/test/i18n';
import { type Decision, type Decisions, revisedText } from '../lib/review-state';
import { SuggestionReview } from './suggestion-review';

afterEach(() => cleanup());
beforeAll(() => initTestI18n());

const text = '혼자서도 할수 있다. 책를 읽었다.';
const s = (id: string, original: string, replacement: string, category: 'SPACING' | 'GRAMMAR'): StudioSuggestion => ({
  id,
  offset: text.indexOf(original),
  length: original.length,
  original,
  message: `${original} 설명`,
  shortMessage: category === 'SPACING' ? '띄어쓰기' : '조사',
  replacements: [replacement],
  rule: { id, category },
  severity: 'ERROR',
  paragraph: 0,
});
const suggestions = [s('su', '할수', '할 수', 'SPACING'), s('eul', '책를', '책을', 'GRAMMAR')];

function Harness() {
  const [decisions, setDecisions] = useState<Decisions>({});
  const decide = (id: string, d: Decision | null) =>
    setDecisions((p) => {
      const n = { ...p };
      if (d) n[id] = d;
      else delete n[id];
      return n;
    });
  return (
    <>
      <SuggestionReview text={text} suggestions={suggestions} decisions={decisions} onDecide={decide} />
      <output data-testid="revised">{revisedText(text, suggestions, decisions)}</output>
    </>
  );
}

const revised = () => screen.getByTestId('revised').textContent;

describe('SuggestionReview', () => {
  it('accepts from the keyboard and moves to the next suggestion, ignores, and undoes', async () => {
    render(<Harness />);
    const first = screen.getByRole('button', { name: '띄어쓰기: 할수' });
    expect(first.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('할수 설명')).toBeTruthy();
    first.focus();
    await act(async () => {
      fireEvent.keyDown(first, { key: 'a' });
    });
    expect(revised()).toBe('혼자서도 할 수 있다. 책를 읽었다.');
    expect(screen.queryByRole('button', { name: '띄어쓰기: 할수' })).toBeNull();
    expect(screen.getByText('제안 2개 중 1개 남음')).toBeTruthy();
    const second = screen.getByRole('button', { name: '조사: 책를' });
    expect(second.getAttribute('aria-pressed')).toBe('true');
    await act(async () => {
      fireEvent.keyDown(second, { key: 'i' });
    });
    expect(revised()).toBe('혼자서도 할 수 있다. 책를 읽었다.');
    expect(screen.getByText('제안 2개 중 0개 남음')).toBeTruthy();
    // select the accepted one again with N/P and undo it
    fireEvent.click(screen.getByRole('button', { name: /이전/ }));
    fireEvent.click(screen.getByRole('button', { name: '되돌리기' }));
    expect(revised()).toBe(text);
  });
});
