import { describe, expect, it } from 'vitest';
import { fromSearchParams, makeTeams, parseNames, teamCount, teamsAsText, toSearchParams } from './team-shuffle';

const names = parseNames('가\n나\n다, 라\n마\n\n바\n사\n가');

describe('team shuffle', () => {
  it('parses one name per line or comma, dropping blanks and repeats', () => {
    expect(names).toEqual(['가', '나', '다', '라', '마', '바', '사']);
  });

  it('balances teams by count or by size', () => {
    expect(teamCount(7, 'count', 3)).toBe(3);
    expect(teamCount(7, 'size', 3)).toBe(3);
    expect(teamCount(7, 'size', 7)).toBe(1);
    expect(teamCount(2, 'count', 5)).toBe(2);
    for (const value of [1, 2, 3, 4, 7]) {
      const teams = makeTeams({ names, mode: 'count', value, seed: 'abc' });
      const sizes = teams.map((t) => t.length);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      expect(teams.flat().sort()).toEqual([...names].sort());
    }
  });

  it('gives the same teams for the same seed and other teams for another', () => {
    const a = makeTeams({ names, mode: 'count', value: 3, seed: 's1' });
    expect(makeTeams({ names, mode: 'count', value: 3, seed: 's1' })).toEqual(a);
    const others = ['s2', 's3', 's4'].map((seed) => JSON.stringify(makeTeams({ names, mode: 'count', value: 3, seed })));
    expect(others.some((o) => o !== JSON.stringify(a))).toBe(true);
  });

  it('round-trips a shareable link and formats as text', () => {
    const setup = { names, mode: 'size' as const, value: 2, seed: 'xyz' };
    expect(fromSearchParams(new URLSearchParams(toSearchParams(setup).toString()))).toEqual(setup);
    expect(fromSearchParams(new URLSearchParams('names=&seed=x'))).toBeNull();
    expect(teamsAsText([['a', 'b'], ['c']], (i) => `팀 ${i + 1}`)).toBe('팀 1: a, b\n팀 2: c');
  });
});
