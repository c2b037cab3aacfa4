/**
 * Team Shuffle: people → teams whose sizes differ by at most one, under "keep together",
 * "keep apart", "balance by a tag" and "spread past teammates", reproducible from a seed.
 *
 * 1. A seeded random order of everyone (the source of every tie-break, so nobody is favoured).
 * 2. Together groups merge into blocks (union–find); a block larger than a team is split.
 * 3. Blocks that are larger than one person or take part in a keep-apart constraint are placed
 *    by a depth-first search over teams (exact for the sizes and apart rules, node budget).
 * 4. Everyone else is dealt: round-robin over the tag-sorted order when nothing was pre-placed
 *    (this alone gives every tag value a spread of at most one), otherwise greedily to the team
 *    with the fewest of their tag value, then fewest past teammates, then fewest members.
 * 5. Hill climbing by swaps of single people, comparing (apart breaks, tag imbalance, repeated
 *    pairs) lexicographically, so a lower-priority aim never costs a higher one.
 * 6. Team order is shuffled, and what could not hold is reported from an independent check.
 */
import { Rng } from '../rng.ts';
import { type Relaxation, type ShuffleInput, type ShuffleResult, checkTeams, planTeams, SHUFFLE_LIMITS } from './team-rules.ts';
import { improveBySwaps, type SearchState } from './team-search.ts';

export * from './team-rules.ts';

const DFS_BUDGET = 20_000;

/** A binary min-heap of (key, team). */
class MinHeap {
  private readonly keys: number[] = [];
  private readonly items: number[] = [];
  push(key: number, item: number): void {
    let i = this.keys.length;
    this.keys.push(key);
    this.items.push(item);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.keys[parent]! <= key) break;
      this.keys[i] = this.keys[parent]!;
      this.items[i] = this.items[parent]!;
      i = parent;
    }
    this.keys[i] = key;
    this.items[i] = item;
  }
  pop(): number {
    const top = this.items[0]!;
    const key = this.keys.pop()!;
    const item = this.items.pop()!;
    const n = this.keys.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        let c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && this.keys[c + 1]! < this.keys[c]!) c++;
        if (this.keys[c]! >= key) break;
        this.keys[i] = this.keys[c]!;
        this.items[i] = this.items[c]!;
        i = c;
      }
      this.keys[i] = key;
      this.items[i] = item;
    }
    return top;
  }
}

class UnionFind {
  private readonly parent: Int32Array;
  constructor(n: number) {
    this.parent = Int32Array.from({ length: n }, (_, i) => i);
  }
  find(x: number): number {
    while (this.parent[x] !== x) {
      this.parent[x] = this.parent[this.parent[x]!]!;
      x = this.parent[x]!;
    }
    return x;
  }
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[rb] = ra;
  }
}

function knownIndexes(group: readonly string[], index: Map<string, number>): number[] {
  const out: number[] = [];
  for (const id of group) {
    const i = index.get(id);
    if (i !== undefined && !out.includes(i)) out.push(i);
  }
  return out;
}

export function shuffleTeams(input: ShuffleInput): ShuffleResult {
  const n = input.people.length;
  if (n > SHUFFLE_LIMITS.maxPeople) throw new RangeError(`at most ${SHUFFLE_LIMITS.maxPeople} people`);
  const index = new Map<string, number>();
  input.people.forEach((p, i) => {
    if (index.has(p.id)) throw new RangeError(`duplicate id ${p.id}`);
    index.set(p.id, i);
  });
  const plan = planTeams(n, input.split);
  const relaxed: Relaxation[] = plan.relaxed ? [plan.relaxed] : [];
  if (n === 0) return { teams: [], relaxed, repeatedPairs: 0 };

  const T = plan.count;
  const hi = plan.base + (plan.extra > 0 ? 1 : 0);
  const rng = new Rng(`team-shuffle/v1:${input.seed}`);
  const order = rng.shuffle(Array.from({ length: n }, (_, i) => i));
  const rank = new Int32Array(n);
  order.forEach((p, r) => (rank[p] = r));

  // Blocks from together groups.
  const uf = new UnionFind(n);
  const togetherIdx = (input.together ?? []).map((g) => knownIndexes(g, index));
  for (const g of togetherIdx) for (let i = 1; i < g.length; i++) uf.union(g[0]!, g[i]!);
  const byRoot = new Map<number, number[]>();
  for (const p of order) {
    const r = uf.find(p);
    if (!byRoot.has(r)) byRoot.set(r, []);
    byRoot.get(r)!.push(p);
  }
  const tooLarge = new Set<number>();
  const blocks: number[][] = [];
  for (const members of byRoot.values()) {
    if (members.length <= hi) blocks.push(members);
    else {
      for (let i = 0; i < members.length; i += hi) blocks.push(members.slice(i, i + hi));
      togetherIdx.forEach((g, gi) => g.length > 1 && members.includes(g[0]!) && tooLarge.add(gi));
    }
  }
  const blockOf = new Int32Array(n);
  blocks.forEach((b, bi) => b.forEach((p) => (blockOf[p] = bi)));

  // Keep-apart pairs between blocks.
  const conflicts: number[][] = Array.from({ length: n }, () => []);
  const blockConflicts: Set<number>[] = blocks.map(() => new Set());
  for (const g of (input.apart ?? []).map((a) => knownIndexes(a, index))) {
    for (let i = 0; i < g.length; i++)
      for (let j = i + 1; j < g.length; j++) {
        const a = g[i]!;
        const b = g[j]!;
        if (blockOf[a] === blockOf[b]) continue; // contradicts a together group: reported by the check
        conflicts[a]!.push(b);
        conflicts[b]!.push(a);
        blockConflicts[blockOf[a]!]!.add(blockOf[b]!);
        blockConflicts[blockOf[b]!]!.add(blockOf[a]!);
      }
  }

  // Tag values and past teammates.
  const valueOf = new Int32Array(n);
  let valueCount = 1;
  if (input.balanceBy) {
    const ids = new Map<string, number>();
    input.people.forEach((p, i) => {
      const v = p.tags?.[input.balanceBy!] ?? '';
      if (!ids.has(v)) ids.set(v, ids.size);
      valueOf[i] = ids.get(v)!;
    });
    valueCount = ids.size;
  }
  const last = Math.min(SHUFFLE_LIMITS.maxPast, Math.max(0, Math.floor(input.spreadLast ?? 0)));
  const pastOf: number[][] = Array.from({ length: n }, () => []);
  if (last > 0) {
    const seen = new Set<number>();
    for (const result of (input.past ?? []).slice(0, last)) {
      for (const team of result) {
        const ids = knownIndexes(team, index);
        for (let i = 0; i < ids.length; i++)
          for (let j = i + 1; j < ids.length; j++) {
            const a = Math.min(ids[i]!, ids[j]!);
            const b = Math.max(ids[i]!, ids[j]!);
            if (seen.has(a * 1_048_576 + b) || uf.find(a) === uf.find(b)) continue;
            seen.add(a * 1_048_576 + b);
            pastOf[a]!.push(b);
            pastOf[b]!.push(a);
          }
      }
    }
  }

  const s: SearchState = {
    n,
    T,
    rng,
    teamOf: new Int32Array(n).fill(-1),
    members: Array.from({ length: T }, () => []),
    conflicts,
    valueOf,
    valueCount,
    cnt: new Int32Array(T * valueCount),
    pastOf,
    movable: new Uint8Array(n),
  };
  const load = new Int32Array(T);
  let atHi = 0;
  const fits = (t: number, size: number) => {
    const nl = load[t]! + size;
    if (nl > hi) return false;
    return !(nl > plan.base && load[t]! <= plan.base && atHi >= plan.extra);
  };
  const put = (t: number, people: readonly number[]) => {
    if (load[t]! <= plan.base && load[t]! + people.length > plan.base) atHi++;
    load[t] = load[t]! + people.length;
    for (const p of people) {
      s.teamOf[p] = t;
      s.members[t]!.push(p);
      s.cnt[t * valueCount + valueOf[p]!]!++;
    }
  };
  const take = (t: number, people: readonly number[]) => {
    if (load[t]! > plan.base && load[t]! - people.length <= plan.base) atHi--;
    load[t] = load[t]! - people.length;
    for (const p of people) {
      s.teamOf[p] = -1;
      const m = s.members[t]!;
      m.splice(m.lastIndexOf(p), 1);
      s.cnt[t * valueCount + valueOf[p]!]!--;
    }
  };

  // 3. Pre-place the constrained blocks.
  const special = blocks
    .map((_, bi) => bi)
    .filter((bi) => blocks[bi]!.length > 1 || blockConflicts[bi]!.size > 0)
    .sort(
      (a, b) =>
        blockConflicts[b]!.size - blockConflicts[a]!.size ||
        blocks[b]!.length - blocks[a]!.length ||
        rank[blocks[a]![0]!]! - rank[blocks[b]![0]!]!,
    );
  const teamOfBlock = new Int32Array(blocks.length).fill(-1);
  const teams = Array.from({ length: T }, (_, t) => t);
  let nodes = 0;
  const clashes = (bi: number, t: number) => {
    let c = 0;
    for (const o of blockConflicts[bi]!) if (teamOfBlock[o] === t) c++;
    return c;
  };
  const search = (i: number): boolean => {
    if (i === special.length) return true;
    if (++nodes > DFS_BUDGET) return false;
    const bi = special[i]!;
    const size = blocks[bi]!.length;
    let triedEmpty = false;
    // emptier teams first (blocks spread out, which leaves room to balance tags), ties random
    const candidates = rng.shuffle(teams.slice()).sort((a, b) => load[a]! - load[b]!);
    for (const t of candidates) {
      if (!fits(t, size) || clashes(bi, t) > 0) continue;
      if (load[t] === 0) {
        if (triedEmpty) continue; // empty teams are interchangeable
        triedEmpty = true;
      }
      put(t, blocks[bi]!);
      teamOfBlock[bi] = t;
      if (search(i + 1)) return true;
      take(t, blocks[bi]!);
      teamOfBlock[bi] = -1;
      if (nodes > DFS_BUDGET) return false;
    }
    return false;
  };
  const singles: number[] = [];
  const isSingle = new Uint8Array(n);
  if (!search(0)) {
    // No exact placement (or the budget ran out): fewest clashes, and split what cannot fit.
    for (const bi of special) if (teamOfBlock[bi]! >= 0) take(teamOfBlock[bi]!, blocks[bi]!);
    teamOfBlock.fill(-1);
    for (const bi of special) {
      const size = blocks[bi]!.length;
      let best = -1;
      let bestKey = Infinity;
      let ties = 0;
      for (const t of teams) {
        if (!fits(t, size)) continue;
        const key = clashes(bi, t) * 1_000_000 + load[t]!;
        if (key < bestKey) [best, bestKey, ties] = [t, key, 1];
        else if (key === bestKey && rng.nextInt(++ties) === 0) best = t;
      }
      if (best >= 0) {
        put(best, blocks[bi]!);
        teamOfBlock[bi] = best;
      } else {
        for (const p of blocks[bi]!) {
          singles.push(p);
          isSingle[p] = 1;
        }
      }
    }
  }
  for (const p of order) if (teamOfBlock[blockOf[p]!]! < 0 && !isSingle[p]) singles.push(p);
  for (const p of singles) s.movable[p] = 1;
  for (const bi of special) if (blocks[bi]!.length === 1 && teamOfBlock[bi]! >= 0) s.movable[blocks[bi]![0]!] = 1;

  // 4. Deal everyone else, tag values in turn (most frequent first) when balancing.
  if (input.balanceBy) {
    const freq = new Int32Array(valueCount);
    const firstRank = new Int32Array(valueCount).fill(n);
    for (const p of singles) {
      freq[valueOf[p]!]!++;
      firstRank[valueOf[p]!] = Math.min(firstRank[valueOf[p]!]!, rank[p]!);
    }
    singles.sort(
      (a, b) => freq[valueOf[b]!]! - freq[valueOf[a]!]! || firstRank[valueOf[a]!]! - firstRank[valueOf[b]!]! || rank[a]! - rank[b]!,
    );
  } else singles.sort((a, b) => rank[a]! - rank[b]!);
  if (special.length === 0 && singles.length === n) {
    const rotation = rng.shuffle(teams.slice());
    singles.forEach((p, i) => put(rotation[i % T]!, [p]));
  } else {
    // keys: (count of the tag value, past teammates, members, random team order) packed in one number
    const { cnt } = s;
    const balancing = !!input.balanceBy;
    const base = plan.base;
    // ties go to a random but fixed order of teams (people come in random order already)
    const prio = new Int32Array(T);
    rng.shuffle(teams.slice()).forEach((t, i) => (prio[t] = i));
    const keyOf = (t: number, v: number, past: number) =>
      ((balancing ? cnt[t * valueCount + v]! * 1_048_576 : 0) + past * 1024 + load[t]!) * 1024 + prio[t]!;
    const open = (t: number) => load[t]! < hi && (load[t]! !== base || atHi < plan.extra);
    if (last === 0) {
      // no per-person term: a heap of teams per tag value, O(n log T)
      let heap = new MinHeap();
      let value = -1;
      for (const p of singles) {
        if (valueOf[p] !== value) {
          value = valueOf[p]!;
          heap = new MinHeap();
          for (let t = 0; t < T; t++) if (open(t)) heap.push(keyOf(t, value, 0), t);
        }
        let t = heap.pop();
        while (!open(t)) t = heap.pop(); // closed teams never reopen
        put(t, [p]);
        if (open(t)) heap.push(keyOf(t, value, 0), t);
      }
    } else {
      const pastCount = new Int32Array(T);
      for (const p of singles) {
        pastCount.fill(0);
        for (const q of pastOf[p]!) if (s.teamOf[q]! >= 0) pastCount[s.teamOf[q]!]!++;
        let best = -1;
        let bestKey = Infinity;
        for (let t = 0; t < T; t++) {
          if (!open(t)) continue;
          const key = keyOf(t, valueOf[p]!, pastCount[t]!);
          if (key < bestKey) [best, bestKey] = [t, key];
        }
        put(best, [p]);
      }
    }
  }

  // 5. Swaps of single people.
  improveBySwaps(s, { balance: !!input.balanceBy, spread: last > 0 });

  // 6. Team order shuffled; members in roster order; report from an independent check.
  const out = rng.shuffle(
    s.members.map((m) =>
      m
        .slice()
        .sort((a, b) => a - b)
        .map((p) => input.people[p]!.id),
    ),
  );
  const check = checkTeams(input, out);
  for (const gi of check.brokenTogether) relaxed.push({ kind: 'together', group: gi, reason: tooLarge.has(gi) ? 'tooLarge' : 'noRoom' });
  const apartIdx = (input.apart ?? []).map((g) => knownIndexes(g, index));
  for (const [gi, pairs] of check.brokenApart) {
    const g = apartIdx[gi]!;
    const sameBlock = g.some((a, i) => g.some((b, j) => j > i && blockOf[a] === blockOf[b]));
    const distinctBlocks = new Set(g.map((p) => blockOf[p])).size;
    relaxed.push({
      kind: 'apart',
      group: gi,
      reason: sameBlock ? 'sameTogether' : distinctBlocks > T ? 'tooManyForTeams' : 'noSolution',
      pairs,
    });
  }
  if (input.balanceBy) {
    const worst = Math.max(0, ...check.balanceSpread.values());
    if (worst > 1) relaxed.push({ kind: 'balance', key: input.balanceBy, spread: worst });
  }
  if (check.repeatedPairs > 0) relaxed.push({ kind: 'spread', repeatedPairs: check.repeatedPairs });
  return { teams: out, relaxed, repeatedPairs: check.repeatedPairs };
}
