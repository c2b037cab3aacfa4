import { describe, expect, it } from 'vitest';
import { arenaStats, replaysTo, type ArenaDrawRecord } from './arena-record.ts';
import { drawWinners } from './fair-draw.ts';

const entries = ['가람', '나래', '다온', '라희'].map((name) => ({ name }));

function record(seed: string, count = 1): ArenaDrawRecord {
  const picks = drawWinners({ seed, entries, count, allowRepeat: false });
  return { entries, count, allowRepeat: false, seed, winners: picks.map((p) => entries[p]!.name) };
}

describe('arena records', () => {
  it('replay to their winners, and only to them', () => {
    const r = record('replay-1', 2);
    expect(replaysTo(r)).toBe(true);
    expect(replaysTo({ ...r, winners: [...r.winners].reverse() })).toBe(false);
    expect(replaysTo({ ...r, seed: 'replay-2' })).toBe(replaysTo({ ...record('replay-2', 2), winners: r.winners }));
    expect(replaysTo({ ...r, count: 9 })).toBe(false);
    expect(replaysTo({ ...r, entries: [] })).toBe(false);
  });

  it('counts wins, appearances and expected wins per name', () => {
    const a = record('s-1');
    const b = { ...record('s-2'), entries: entries.slice(0, 2) };
    b.winners = [entries[drawWinners({ seed: 's-2', entries: b.entries, count: 1, allowRepeat: false })[0]!]!.name];
    const stats = arenaStats([a, b]);
    const byName = new Map(stats.map((s) => [s.name, s]));
    expect(byName.get('가람')!.appearances).toBe(2);
    expect(byName.get('라희')!.appearances).toBe(1);
    expect(byName.get('가람')!.expectedWins).toBeCloseTo(0.25 + 0.5);
    expect(stats.reduce((s, x) => s + x.wins, 0)).toBe(2);
    expect(stats[0]!.wins).toBeGreaterThanOrEqual(stats[stats.length - 1]!.wins);
  });
});
