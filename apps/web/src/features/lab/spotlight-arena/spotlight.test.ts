import { describe, expect, it } from 'vitest';
import { emptySpotlight, pickNext, remaining, setNames, spotlightPath } from './spotlight';

describe('spotlight arena', () => {
  it('picks everyone once per round, then starts a new round', () => {
    let state = setNames(emptySpotlight(), ['A', 'B', 'C', 'D']);
    const picks: string[] = [];
    let r = 0.99;
    for (let i = 0; i < 4; i++) {
      const next = pickNext(state, () => (r = (r + 0.37) % 1))!;
      picks.push(next.name);
      state = next.state;
    }
    expect([...picks].sort()).toEqual(['A', 'B', 'C', 'D']);
    expect(remaining(state)).toEqual([]);
    expect(state.round).toBe(1);
    const fifth = pickNext(state, () => 0)!;
    expect(fifth.state.round).toBe(2);
    expect(fifth.state.picked).toEqual([fifth.name]);
    expect(fifth.state.history).toHaveLength(5);
  });

  it('nothing to pick without names; renaming keeps only known picks', () => {
    expect(pickNext(emptySpotlight(), Math.random)).toBeNull();
    const s = { ...setNames(emptySpotlight(), ['A', 'B']), picked: ['A'] };
    expect(setNames(s, ['B', 'C']).picked).toEqual([]);
  });

  it('plans a path that ends on the target and slows down', () => {
    const path = spotlightPath(5, 3, 2);
    expect(path.at(-1)!.index).toBe(3);
    expect(path).toHaveLength(2 * 5 + 4);
    expect(path.at(-1)!.ms).toBeGreaterThan(path[0]!.ms);
  });
});
