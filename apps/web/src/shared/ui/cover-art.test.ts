import { describe, expect, it } from 'vitest';
import { coverArt, coverInitials, hash32 } from './cover-art';

describe('generated study cover', () => {
  const input = { seed: '1-tecoteco', title: '테코테코 알고리즘', topic: 'PARTICIPATORY' };

  it('is deterministic: the same study gives the same art every time', () => {
    const a = coverArt(input);
    const b = coverArt({ ...input });
    expect(b).toEqual(a);
    // pinned: a change of the algorithm changes every study's cover (and must be deliberate)
    expect(hash32('1-tecoteco|PARTICIPATORY')).toBe(2297054904);
    expect(a).toMatchObject({ from: 'hsl(24 62% 42%)', to: 'hsl(93 70% 30%)', angle: 340, pattern: 'rings' });
    expect(a.shapes[0]).toEqual({
      kind: 'circle',
      attrs: { cx: 34.3, cy: 18.6, r: 26.9, fill: 'none', stroke: '#fff', 'stroke-opacity': 0.22, 'stroke-width': 1.2 },
    });
    expect(a.initials).toBe('테알');
  });

  it('differs between studies and follows the topic', () => {
    const other = coverArt({ ...input, seed: '2-11routine' });
    expect(other.from === coverArt(input).from && other.angle === coverArt(input).angle).toBe(false);
    expect(coverArt({ ...input, topic: 'PARTICIPATORY' }).pattern).toBe('rings');
    expect(coverArt({ ...input, topic: 'EDUCATIONAL' }).pattern).toBe('grid');
    expect(coverArt({ ...input, topic: 'ONE_TIME' }).pattern).toBe('burst');
    // the topic is part of the hash: the same slug under another type gets other colours
    const seen = new Set(['PARTICIPATORY', 'EDUCATIONAL', 'ONE_TIME'].map((topic) => coverArt({ ...input, topic }).from));
    expect(seen.size).toBeGreaterThan(1);
  });

  it('spreads hues over the wheel (no two of 50 slugs in a row all the same colour)', () => {
    const hues = new Set(Array.from({ length: 50 }, (_, i) => coverArt({ seed: `${i + 1}-study`, title: 'x' }).from));
    expect(hues.size).toBeGreaterThan(30);
  });

  it('takes initials from the first two words, any script', () => {
    expect(coverInitials('SQL 첫걸음')).toBe('S첫');
    expect(coverInitials('deep dive into react')).toBe('DD');
    expect(coverInitials('  [모각코]  ')).toBe('모');
    expect(coverInitials('')).toBe('?');
  });
});
