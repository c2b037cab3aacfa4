import { REVIEW_TAGS, reviewTagIssues, type ReviewTag } from '@moim/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../shared/test/render';
import { TagPicker, tagBlocked } from './tag-picker';

beforeAll(() => initTestI18n());
afterEach(() => cleanup());

function Harness({ onChange }: { onChange?: (t: ReviewTag[]) => void }) {
  const [tags, setTags] = useState<ReviewTag[]>([]);
  return (
    <TagPicker
      value={tags}
      onChange={(t) => {
        setTags(t);
        onChange?.(t);
      }}
    />
  );
}
const box = (tag: ReviewTag) => screen.getByLabelText(REVIEW_TAGS[tag].ko) as HTMLInputElement;

describe('review tags: at most 5, at most 2 per category', () => {
  it('blocks a third tag of the same category', () => {
    expect(tagBlocked(['SOLID_CURRICULUM', 'PRACTICAL'], 'RICH_MATERIALS')).toBe('category');
    expect(tagBlocked(['SOLID_CURRICULUM', 'PRACTICAL'], 'WARM')).toBeNull();
    expect(tagBlocked(['SOLID_CURRICULUM', 'PRACTICAL', 'WARM', 'EXPERT', 'SKILL_UP'], 'GOOD_PEERS')).toBe('total');
    expect(tagBlocked(['SOLID_CURRICULUM', 'PRACTICAL'], 'PRACTICAL')).toBeNull();
  });

  it('disables the rest of a category once two are chosen and says why', async () => {
    render(<Harness />);
    fireEvent.click(box('SOLID_CURRICULUM'));
    fireEvent.click(box('PRACTICAL'));
    expect(box('RICH_MATERIALS').disabled).toBe(true);
    expect(box('GOOD_PACE').disabled).toBe(true);
    expect(box('WARM').disabled).toBe(false);
    expect(screen.getByText('이 분류는 2개까지 고를 수 있어요')).toBeTruthy();
    // unchecking frees the category again
    fireEvent.click(box('PRACTICAL'));
    expect(box('RICH_MATERIALS').disabled).toBe(false);
  });

  it('disables everything else at five tags, and the selection always passes the contract rule', async () => {
    let last: ReviewTag[] = [];
    render(<Harness onChange={(t) => (last = t)} />);
    for (const t of ['SOLID_CURRICULUM', 'PRACTICAL', 'WARM', 'EXPERT', 'SKILL_UP'] as ReviewTag[]) fireEvent.click(box(t));
    expect(last).toHaveLength(5);
    expect(reviewTagIssues(last)).toEqual([]);
    expect(box('GOOD_PEERS').disabled).toBe(true);
    expect(box('KIND_GUIDANCE').disabled).toBe(true);
    expect(box('SKILL_UP').disabled).toBe(false);
    expect(screen.getByRole('status').textContent).toContain('5개까지');
    expect(screen.getByText('5/5개 선택 · 분류마다 2개까지')).toBeTruthy();
  });
});
