/**
 * A finished Spotlight Arena draw as kept in the history (browser and account), its replay
 * check (the same seed and pool must give the same winners: the server refuses a record that
 * does not replay), and per-participant statistics for the history charts.
 */
import { type DrawEntry, drawWinners, DrawInputError } from './fair-draw.ts';

export const ARENA_GAMES = ['SNAIL_RACE', 'DART_WHEEL', 'SLOT_CASCADE'] as const;
export type ArenaGame = (typeof ARENA_GAMES)[number];

export interface ArenaDrawRecord {
  /** the pool the draw was made from (after "exclude past winners"), with weights */
  entries: DrawEntry[];
  count: number;
  allowRepeat: boolean;
  seed: string;
  /** winners' names, in pick order */
  winners: string[];
  /** names left out as past winners (shown, not drawn) */
  excluded?: string[];
}

/** True when the record's seed and pool give exactly its winners. */
export function replaysTo(record: ArenaDrawRecord): boolean {
  try {
    const picks = drawWinners({ seed: record.seed, entries: record.entries, count: record.count, allowRepeat: record.allowRepeat });
    return picks.length === record.winners.length && picks.every((p, i) => record.entries[p]!.name === record.winners[i]);
  } catch (err) {
    if (err instanceof DrawInputError) return false;
    throw err;
  }
}

export interface ParticipantStats {
  name: string;
  appearances: number;
  wins: number;
  /** sum over the draws they were in of their chance to be picked at least once (weights approximated) */
  expectedWins: number;
}

/** Wins and appearances per name, most wins first. */
export function arenaStats(records: readonly ArenaDrawRecord[]): ParticipantStats[] {
  const by = new Map<string, ParticipantStats>();
  for (const r of records) {
    const total = r.entries.reduce((s, e) => s + (e.weight ?? 1), 0);
    for (const e of r.entries) {
      const s = by.get(e.name) ?? { name: e.name, appearances: 0, wins: 0, expectedWins: 0 };
      const p = (e.weight ?? 1) / total;
      s.appearances++;
      s.expectedWins += r.allowRepeat ? 1 - (1 - p) ** r.count : Math.min(1, p * r.count);
      by.set(e.name, s);
    }
    for (const w of new Set(r.winners)) {
      const s = by.get(w);
      if (s) s.wins++;
    }
  }
  return [...by.values()].sort((a, b) => b.wins - a.wins || b.appearances - a.appearances || a.name.localeCompare(b.name));
}
