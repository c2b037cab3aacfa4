/**
 * What the "around me" part of a board shows, next to the top rows above it: never the same
 * rows twice. A player among the top rows is told so; a player below them sees only the rows
 * around them that the top rows do not already show; a player without a score on this board
 * is told that instead of an empty table.
 */
import type { Leaderboard } from '@moim/contract';

export type AroundView =
  { kind: 'unranked' } | { kind: 'inTop'; rank: number } | { kind: 'rows'; entries: Leaderboard['entries']; rank: number };

export function aroundView(top: Pick<Leaderboard, 'entries'> | undefined, around: Leaderboard, meId: string): AroundView {
  const rank = around.userRank?.rank ?? around.entries.find((e) => e.userId === meId)?.rank ?? null;
  if (rank === null) return { kind: 'unranked' };
  const shown = top?.entries ?? [];
  if (shown.some((e) => e.userId === meId)) return { kind: 'inTop', rank };
  const last = shown.reduce((m, e) => Math.max(m, e.rank), 0);
  return { kind: 'rows', rank, entries: around.entries.filter((e) => e.rank > last) };
}
