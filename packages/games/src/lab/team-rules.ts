/**
 * Team Shuffle's vocabulary: the input, how many teams a split gives, and an independent check
 * of a result against every constraint. The solver (team-shuffle.ts) reports what it relaxed
 * from this check of its final teams, never from its own bookkeeping, so the report cannot
 * claim a constraint that does not hold.
 */

export interface ShufflePerson {
  id: string;
  /** tag values by column (skill, role, gender, any CSV column) */
  tags?: Readonly<Record<string, string>>;
}

export interface TeamSplit {
  by: 'count' | 'size';
  value: number;
  /** a team of one is allowed (otherwise only when asked for: size 1, or as many teams as people) */
  allowSingles?: boolean;
}

export interface ShuffleInput {
  people: readonly ShufflePerson[];
  split: TeamSplit;
  /** groups of ids that should share a team */
  together?: readonly (readonly string[])[];
  /** groups of ids that should all be in different teams */
  apart?: readonly (readonly string[])[];
  /** a tag column whose values should spread evenly over the teams */
  balanceBy?: string | null;
  /** earlier results of the same roster (teams of ids), most recent first */
  past?: readonly (readonly (readonly string[])[])[];
  /** avoid pairs that shared a team in the last N results (0: off) */
  spreadLast?: number;
  seed: string;
}

export type Relaxation =
  | { kind: 'split'; reason: 'singles' | 'fewPeople'; requested: number; teams: number }
  | { kind: 'together'; group: number; reason: 'tooLarge' | 'noRoom' }
  | { kind: 'apart'; group: number; reason: 'sameTogether' | 'tooManyForTeams' | 'noSolution'; pairs: number }
  | { kind: 'balance'; key: string; spread: number }
  | { kind: 'spread'; repeatedPairs: number };

export interface ShuffleResult {
  /** teams of ids, members in roster order */
  teams: string[][];
  relaxed: Relaxation[];
  /** pairs that shared a team in the last N results and do again (pairs kept together on purpose excepted) */
  repeatedPairs: number;
}

export const SHUFFLE_LIMITS = { maxPeople: 1000, maxGroups: 100, maxPast: 10 } as const;

export interface TeamPlan {
  count: number;
  /** every team has `base` or `base + 1` members; `extra` teams have base + 1 */
  base: number;
  extra: number;
  relaxed: Relaxation | null;
}

/** How many teams a split of n people gives, and their sizes (differing by at most one). */
export function planTeams(n: number, split: TeamSplit): TeamPlan {
  if (n === 0) return { count: 0, base: 0, extra: 0, relaxed: null };
  const v = Math.max(1, Math.floor(split.value) || 1);
  let count: number;
  let singlesAsked = split.allowSingles === true;
  let relaxed: Relaxation | null = null;
  if (split.by === 'count') {
    count = Math.min(v, n);
    if (v >= n) singlesAsked = true;
    if (count < v) relaxed = { kind: 'split', reason: 'fewPeople', requested: v, teams: count };
  } else {
    count = Math.ceil(n / Math.min(v, n));
    if (v === 1) singlesAsked = true;
  }
  if (!singlesAsked && n >= 2 && Math.floor(n / count) < 2) {
    const fewer = Math.floor(n / 2);
    relaxed = { kind: 'split', reason: 'singles', requested: v, teams: fewer };
    count = fewer;
  }
  return { count, base: Math.floor(n / count), extra: n % count, relaxed };
}

export interface TeamCheck {
  sizesBalanced: boolean;
  /** indexes of together groups not kept in one team */
  brokenTogether: number[];
  /** per apart group index: how many of its pairs share a team */
  brokenApart: Map<number, number>;
  /** per balance value: max − min count over teams */
  balanceSpread: Map<string, number>;
  repeatedPairs: number;
}

const pairKey = (a: number, b: number) => (a < b ? a * 1_048_576 + b : b * 1_048_576 + a);

/** Checks teams (of ids) against the input's constraints. */
export function checkTeams(input: ShuffleInput, teams: readonly (readonly string[])[]): TeamCheck {
  const teamOf = new Map<string, number>();
  teams.forEach((t, i) => t.forEach((id) => teamOf.set(id, i)));
  const sizes = teams.map((t) => t.length);
  const sizesBalanced = sizes.length === 0 || Math.max(...sizes) - Math.min(...sizes) <= 1;

  const brokenTogether: number[] = [];
  (input.together ?? []).forEach((g, gi) => {
    const known = [...new Set(g)].filter((id) => teamOf.has(id));
    if (known.length >= 2 && new Set(known.map((id) => teamOf.get(id))).size > 1) brokenTogether.push(gi);
  });

  const brokenApart = new Map<number, number>();
  (input.apart ?? []).forEach((g, gi) => {
    const known = [...new Set(g)].filter((id) => teamOf.has(id));
    let pairs = 0;
    for (let i = 0; i < known.length; i++)
      for (let j = i + 1; j < known.length; j++) if (teamOf.get(known[i]!) === teamOf.get(known[j]!)) pairs++;
    if (pairs > 0) brokenApart.set(gi, pairs);
  });

  const balanceSpread = new Map<string, number>();
  if (input.balanceBy) {
    const key = input.balanceBy;
    const tagOf = new Map(input.people.map((p) => [p.id, p.tags?.[key] ?? '']));
    const counts = new Map<string, number[]>();
    teams.forEach((t, ti) =>
      t.forEach((id) => {
        const v = tagOf.get(id) ?? '';
        if (!counts.has(v)) counts.set(v, new Array<number>(teams.length).fill(0));
        counts.get(v)![ti]!++;
      }),
    );
    for (const [v, c] of counts) balanceSpread.set(v, Math.max(...c) - Math.min(...c));
  }

  let repeatedPairs = 0;
  const last = Math.max(0, Math.floor(input.spreadLast ?? 0));
  if (last > 0 && input.past?.length) {
    const index = new Map(input.people.map((p, i) => [p.id, i]));
    // pairs a keep-together group asks for are not repeats to avoid
    const root = input.people.map((_, i) => i);
    const find = (x: number): number => (root[x] === x ? x : (root[x] = find(root[x]!)));
    for (const g of input.together ?? []) {
      const ids = g.map((id) => index.get(id)).filter((i): i is number => i !== undefined);
      for (const i of ids.slice(1)) root[find(i)] = find(ids[0]!);
    }
    const seen = new Set<number>();
    for (const result of input.past.slice(0, last)) {
      for (const team of result) {
        const ids = team.map((id) => index.get(id)).filter((i): i is number => i !== undefined);
        for (let i = 0; i < ids.length; i++)
          for (let j = i + 1; j < ids.length; j++) {
            const a = ids[i]!;
            const b = ids[j]!;
            const k = pairKey(a, b);
            if (seen.has(k) || find(a) === find(b)) continue;
            seen.add(k);
            if (teamOf.get(input.people[a]!.id) === teamOf.get(input.people[b]!.id)) repeatedPairs++;
          }
      }
    }
  }
  return { sizesBalanced, brokenTogether, brokenApart, balanceSpread, repeatedPairs };
}
