/**
 * One arena draw, from the lobby's setup: the pool (past winners left out when asked), the
 * draw itself (made here, before any show, from the seeded cryptographic source), its heats,
 * and the record kept in the history.
 */
import type { DrawBody } from '@moim/contract';
import { type ArenaGame, type DartMode, drawWinners, heatsOf } from '@moim/games';

export interface ArenaPerson {
  name: string;
  weight: number;
}

export interface LobbySetup {
  people: ArenaPerson[];
  count: number;
  excludePast: boolean;
  allowRepeat: boolean;
  useWeights: boolean;
  game: ArenaGame;
  mode: DartMode;
}

export interface DrawRun {
  clientId: string;
  game: ArenaGame;
  mode: DartMode | null;
  seed: string;
  /** the pool drawn from */
  entries: ArenaPerson[];
  count: number;
  allowRepeat: boolean;
  excluded: string[];
  picks: number[];
  heats: number[][];
  winners: string[];
  playedAt: string;
}

export type DrawProblem = 'empty' | 'allExcluded' | 'tooFew';

export function poolOf(setup: LobbySetup, pastWinners: ReadonlySet<string>): { entries: ArenaPerson[]; excluded: string[] } {
  const excluded = setup.excludePast ? setup.people.filter((p) => pastWinners.has(p.name)).map((p) => p.name) : [];
  const entries = setup.people
    .filter((p) => !excluded.includes(p.name))
    .map((p) => ({ name: p.name, weight: setup.useWeights ? p.weight : 1 }));
  return { entries, excluded };
}

export function problemOf(setup: LobbySetup, pastWinners: ReadonlySet<string>): DrawProblem | null {
  if (setup.people.length === 0) return 'empty';
  const { entries } = poolOf(setup, pastWinners);
  if (entries.length === 0) return 'allExcluded';
  if (!setup.allowRepeat && setup.count > entries.length) return 'tooFew';
  return null;
}

export function makeRun(setup: LobbySetup, pastWinners: ReadonlySet<string>, seed: string, now = new Date()): DrawRun {
  const { entries, excluded } = poolOf(setup, pastWinners);
  const picks = drawWinners({ seed, entries, count: setup.count, allowRepeat: setup.allowRepeat });
  return {
    clientId: crypto.randomUUID(),
    game: setup.game,
    mode: setup.game === 'DART_WHEEL' ? setup.mode : null,
    seed,
    entries,
    count: setup.count,
    allowRepeat: setup.allowRepeat,
    excluded,
    picks,
    heats: heatsOf(picks),
    winners: picks.map((p) => entries[p]!.name),
    playedAt: now.toISOString(),
  };
}

export function runToBody(run: DrawRun): DrawBody {
  return {
    clientId: run.clientId,
    game: run.game,
    mode: run.mode,
    seed: run.seed,
    entries: run.entries,
    count: run.count,
    allowRepeat: run.allowRepeat,
    excluded: run.excluded,
    winners: run.winners,
    playedAt: run.playedAt,
  };
}

/** A history record played again: the same draw, its picks recomputed from the seed. */
export function runOfRecord(r: DrawBody & { playedAt?: string }): DrawRun {
  const entries = r.entries.map((e) => ({ name: e.name, weight: e.weight ?? 1 }));
  const picks = drawWinners({ seed: r.seed, entries, count: r.count, allowRepeat: r.allowRepeat });
  return {
    clientId: r.clientId,
    game: r.game,
    mode: r.mode ?? null,
    seed: r.seed,
    entries,
    count: r.count,
    allowRepeat: r.allowRepeat,
    excluded: r.excluded ?? [],
    picks,
    heats: heatsOf(picks),
    winners: picks.map((p) => entries[p]!.name),
    playedAt: r.playedAt ?? new Date().toISOString(),
  };
}
