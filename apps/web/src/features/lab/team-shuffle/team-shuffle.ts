/**
 * Team Shuffle: names → balanced teams (sizes differ by at most one), shuffled with a seed so
 * the same link always shows the same teams.
 */
import { Rng } from '@moim/games';

export type TeamMode = 'count' | 'size';
export const MAX_NAMES = 200;
export const MAX_NAME_LENGTH = 40;

export interface ShuffleSetup {
  names: string[];
  mode: TeamMode;
  value: number;
  seed: string;
}

/** One name per line (or comma-separated); blanks dropped, duplicates kept once. */
export function parseNames(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(/[\n,]/)) {
    const name = raw.trim().slice(0, MAX_NAME_LENGTH);
    if (!name || seen.has(name)) continue;
    seen.add(name);
    out.push(name);
    if (out.length >= MAX_NAMES) break;
  }
  return out;
}

export function teamCount(n: number, mode: TeamMode, value: number): number {
  if (n === 0) return 0;
  const v = Math.max(1, Math.floor(value) || 1);
  return mode === 'count' ? Math.min(v, n) : Math.ceil(n / Math.min(v, n));
}

export function makeTeams({ names, mode, value, seed }: ShuffleSetup): string[][] {
  const count = teamCount(names.length, mode, value);
  if (count === 0) return [];
  const order = new Rng(`team-shuffle:${seed}`).shuffle([...names]);
  const teams: string[][] = Array.from({ length: count }, () => []);
  order.forEach((name, i) => teams[i % count]!.push(name));
  return teams;
}

export function teamsAsText(teams: string[][], label: (index: number) => string): string {
  return teams.map((team, i) => `${label(i)}: ${team.join(', ')}`).join('\n');
}

export function newSeed(): string {
  const bytes = new Uint8Array(4);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(36).padStart(2, '0'))
    .join('')
    .slice(0, 6);
}

export function toSearchParams(s: ShuffleSetup): URLSearchParams {
  return new URLSearchParams({ names: s.names.join('\n'), mode: s.mode, n: String(s.value), seed: s.seed });
}

export function fromSearchParams(params: URLSearchParams): ShuffleSetup | null {
  const names = parseNames(params.get('names') ?? '');
  const seed = (params.get('seed') ?? '').replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32);
  if (names.length === 0 || !seed) return null;
  const mode: TeamMode = params.get('mode') === 'size' ? 'size' : 'count';
  const value = Math.min(MAX_NAMES, Math.max(1, Number(params.get('n')) || 2));
  return { names, mode, value, seed };
}
