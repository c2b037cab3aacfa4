import type { Leaderboard } from '@moim/contract';
import { describe, expect, it } from 'vitest';
import { aroundView } from './around-me';

const entry = (rank: number) => ({
  rank,
  userId: `u${rank}`,
  name: `P${rank}`,
  profileImage: null,
  score: 10_000 - rank,
  playedAt: '2026-11-29T00:00:00+09:00',
});
const board = (ranks: number[], me: number | null, total = 40): Leaderboard => ({
  gameType: 'TETRIS',
  difficulty: null,
  period: 'ALL_TIME',
  periodStart: null,
  entries: ranks.map(entry),
  userRank: me === null ? null : { rank: me, totalPlayers: total },
});
const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

describe('around me next to the top rows', () => {
  it('says "in the top rows" instead of repeating them when I am among them', () => {
    // four players in all: the window around me is the whole board, the same rows as the top
    expect(aroundView(board(range(1, 4), null), board(range(1, 4), 2, 4), 'u2')).toEqual({ kind: 'inTop', rank: 2 });
  });

  it('shows only the rows below the top rows', () => {
    const v = aroundView(board(range(1, 10), null), board(range(7, 17), 12), 'u12');
    expect(v).toMatchObject({ kind: 'rows', rank: 12 });
    expect(v.kind === 'rows' && v.entries.map((e) => e.rank)).toEqual(range(11, 17));
  });

  it('shows the whole window when it is far below the top rows', () => {
    const v = aroundView(board(range(1, 10), null), board(range(25, 35), 30), 'u30');
    expect(v.kind === 'rows' && v.entries.map((e) => e.rank)).toEqual(range(25, 35));
  });

  it('says I have no score here rather than showing an empty table', () => {
    expect(aroundView(board(range(1, 3), null), board([], null), 'me')).toEqual({ kind: 'unranked' });
  });
});
