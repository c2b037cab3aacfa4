/**
 * What a player can still believe: the answer sets consistent with everything they know (own
 * hints and reveals, the global wrong keywords, their own guesses with their counts).
 *
 * `CandidateModel` counts those sets exactly (as a double: exact below 2^53), draws one
 * uniformly at random, lists them all when there are few, and gives each keyword's chance of
 * being an answer. It is a dynamic programme over classes of interchangeable keywords (those
 * in exactly the same guesses): choosing x of a class of size s contributes C(s, x), and the
 * state is the number of answers each guess still needs. Classes are ordered greedily so that
 * few guesses are "open" at once, and a guess whose count is already met (or can only be met
 * by all its remaining keywords) is resolved before the search, which keeps the state small.
 */
import type { Rng } from '../rng.ts';
import { binom } from './combinatorics.ts';

export interface Knowledge {
  /** Pool size. */
  n: number;
  /** Answers in the secret set. */
  k: number;
  /** 1 = known not to be an answer. */
  wrong: Uint8Array;
  /** 1 = known to be an answer. */
  answer: Uint8Array;
  /** The player's own guesses (pool indices) and how many of each were answers. */
  constraints: readonly { items: readonly number[]; correct: number }[];
}

interface Cls {
  items: number[];
  cons: number[]; // constraint ids containing the class
}

export class CandidateModel {
  /** Number of consistent answer sets. */
  readonly total: number;
  /** Keywords every consistent set contains (known or deduced). */
  readonly forced: number[];
  /** Keywords no consistent set contains (known or deduced). */
  readonly excluded: Uint8Array;
  /** Distinct DP states visited (a measure of the work). */
  states = 0;

  private readonly classes: Cls[] = [];
  private readonly need: Int32Array = new Int32Array(0);
  private readonly lastOf: Int32Array = new Int32Array(0);
  private readonly firstOf: Int32Array = new Int32Array(0);
  private readonly openAt: number[][] = [];
  private readonly capAfter: Int32Array[] = [];
  private readonly itemsAfter: Int32Array = new Int32Array(0);
  private readonly memo: Map<string, number>[] = [];
  private readonly freeItems: number[] = [];
  private readonly k0: number = 0;
  private readonly consistent: boolean;

  constructor(private readonly kn: Knowledge) {
    const n = kn.n;
    const wrong = Uint8Array.from(kn.wrong);
    const answer = Uint8Array.from(kn.answer);
    let ok = true;
    for (let i = 0; i < n; i++) if (wrong[i] && answer[i]) ok = false;
    // Resolve guesses whose count is met (rest wrong) or needs every unknown keyword (all answers).
    const cons = kn.constraints.map((c) => ({ items: [...new Set(c.items)], correct: c.correct }));
    let changed = ok;
    while (changed && ok) {
      changed = false;
      for (const c of cons) {
        let known = 0;
        const open: number[] = [];
        for (const i of c.items) {
          if (answer[i]) known++;
          else if (!wrong[i]) open.push(i);
        }
        const need = c.correct - known;
        if (need < 0 || need > open.length) {
          ok = false;
          break;
        }
        if (open.length > 0 && need === 0) {
          for (const i of open) wrong[i] = 1;
          changed = true;
        } else if (open.length > 0 && need === open.length) {
          for (const i of open) answer[i] = 1;
          changed = true;
        }
      }
    }
    let knownAnswers = 0;
    for (let i = 0; i < n; i++) if (answer[i]) knownAnswers++;
    const k0 = kn.k - knownAnswers;
    if (k0 < 0) ok = false;
    this.consistent = ok;
    this.k0 = k0;
    this.excluded = wrong;
    this.forced = [];
    for (let i = 0; i < n; i++) if (answer[i]) this.forced.push(i);
    if (!ok) {
      this.total = 0;
      return;
    }

    // Remaining constraints over unknown keywords, identical ones merged.
    const byKey = new Map<string, { items: number[]; need: number }>();
    for (const c of cons) {
      const open = c.items.filter((i) => !answer[i] && !wrong[i]).sort((a, b) => a - b);
      if (open.length === 0) continue;
      const need = c.correct - c.items.filter((i) => answer[i]).length;
      const key = open.join(',');
      const prev = byKey.get(key);
      if (prev && prev.need !== need) {
        this.total = 0;
        this.consistent = false;
        return;
      }
      byKey.set(key, { items: open, need });
    }
    const constraints = [...byKey.values()];
    const m = constraints.length;

    // Classes of keywords with the same signature.
    const sig = new Map<string, Cls>();
    for (let i = 0; i < n; i++) {
      if (answer[i] || wrong[i]) continue;
      const inCons: number[] = [];
      for (let c = 0; c < m; c++) if (constraints[c]!.items.includes(i)) inCons.push(c);
      if (inCons.length === 0) {
        this.freeItems.push(i);
        continue;
      }
      const key = inCons.join(',');
      let cls = sig.get(key);
      if (!cls) {
        cls = { items: [], cons: inCons };
        sig.set(key, cls);
      }
      cls.items.push(i);
    }

    // Greedy order: open as few new guesses as possible, close as many as possible.
    const pending = [...sig.values()];
    const classesLeft = new Int32Array(m);
    for (const cl of pending) for (const c of cl.cons) classesLeft[c]!++;
    const touched = new Uint8Array(m);
    while (pending.length > 0) {
      let best = 0;
      let bestScore = Infinity;
      for (let p = 0; p < pending.length; p++) {
        let opens = 0;
        let closes = 0;
        for (const c of pending[p]!.cons) {
          if (!touched[c]) opens++;
          if (classesLeft[c] === 1) closes++;
        }
        const score = opens * 4 - closes * 3;
        if (score < bestScore) {
          bestScore = score;
          best = p;
        }
      }
      const cl = pending.splice(best, 1)[0]!;
      for (const c of cl.cons) {
        touched[c] = 1;
        classesLeft[c]!--;
      }
      this.classes.push(cl);
    }

    const C = this.classes.length;
    this.need = Int32Array.from(constraints.map((c) => c.need));
    this.firstOf = new Int32Array(m).fill(-1);
    this.lastOf = new Int32Array(m).fill(-1);
    for (let j = 0; j < C; j++) {
      for (const c of this.classes[j]!.cons) {
        if (this.firstOf[c] === -1) this.firstOf[c] = j;
        this.lastOf[c] = j;
      }
    }
    for (let j = 0; j <= C; j++) {
      const open: number[] = [];
      for (let c = 0; c < m; c++) if (this.firstOf[c]! < j && this.lastOf[c]! >= j) open.push(c);
      this.openAt.push(open);
      this.memo.push(new Map());
    }
    // capAfter[j][c]: keywords of guess c in classes j.. ; itemsAfter[j]: all keywords in classes j.. plus the free ones.
    this.itemsAfter = new Int32Array(C + 1);
    this.itemsAfter[C] = this.freeItems.length;
    const cap = new Int32Array(m);
    this.capAfter = new Array<Int32Array>(C + 1);
    this.capAfter[C] = cap.slice();
    for (let j = C - 1; j >= 0; j--) {
      const cl = this.classes[j]!;
      for (const c of cl.cons) cap[c]! += cl.items.length;
      this.capAfter[j] = cap.slice();
      this.itemsAfter[j] = this.itemsAfter[j + 1]! + cl.items.length;
    }
    for (let c = 0; c < m; c++) {
      if (this.need[c]! < 0 || this.need[c]! > this.capAfter[0]![c]!) {
        this.total = 0;
        return;
      }
    }
    this.total = this.count(0, Int32Array.from(this.need), k0);
  }

  private key(j: number, res: Int32Array, rem: number): string {
    let s = String(rem);
    for (const c of this.openAt[j]!) s += ',' + res[c];
    return s;
  }

  /** The answers class j may hold: no guess over its count, and enough left for the rest of each guess. */
  private range(j: number, res: Int32Array, rem: number): [number, number] {
    const cl = this.classes[j]!;
    const capNext = this.capAfter[j + 1]!;
    let maxX = Math.min(cl.items.length, rem);
    let minX = Math.max(0, rem - this.itemsAfter[j + 1]!);
    for (const c of cl.cons) {
      const r = res[c]!;
      if (r < maxX) maxX = r;
      const lo = r - capNext[c]!;
      if (lo > minX) minX = lo;
    }
    return [minX, maxX];
  }

  /** Ways to finish from class j with residual needs `res` and `rem` answers still to place. */
  private count(j: number, res: Int32Array, rem: number): number {
    if (rem < 0 || rem > this.itemsAfter[j]!) return 0;
    if (j === this.classes.length) return binom(this.freeItems.length, rem);
    const key = this.key(j, res, rem);
    const memo = this.memo[j]!;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    this.states++;
    let total = 0;
    const cl = this.classes[j]!;
    const size = cl.items.length;
    const [minX, maxX] = this.range(j, res, rem);
    for (let x = minX; x <= maxX; x++) {
      for (const c of cl.cons) res[c]! -= x;
      const w = this.count(j + 1, res, rem - x);
      for (const c of cl.cons) res[c]! += x;
      if (w > 0) total += binom(size, x) * w;
    }
    memo.set(key, total);
    return total;
  }

  /** Draws a consistent answer set uniformly at random (sorted pool indices), or null if none. */
  sample(rng: Rng): number[] | null {
    if (this.total <= 0) return null;
    const out = [...this.forced];
    const res = Int32Array.from(this.need);
    let rem = this.k0;
    for (let j = 0; j < this.classes.length; j++) {
      const cl = this.classes[j]!;
      const size = cl.items.length;
      const here = this.count(j, res, rem);
      let target = rng.nextFloat() * here;
      let chosen = -1;
      let lastPositive = -1;
      const [minX, maxX] = this.range(j, res, rem);
      for (let x = minX; x <= maxX; x++) {
        for (const c of cl.cons) res[c]! -= x;
        const w = binom(size, x) * this.count(j + 1, res, rem - x);
        for (const c of cl.cons) res[c]! += x;
        if (w <= 0) continue;
        lastPositive = x;
        if (target < w) {
          chosen = x;
          break;
        }
        target -= w;
      }
      if (chosen < 0) chosen = lastPositive; // rounding at the very end of the range
      for (const c of cl.cons) res[c]! -= chosen;
      rem -= chosen;
      pickInto(out, cl.items, chosen, rng);
    }
    pickInto(out, this.freeItems, rem, rng);
    return out.sort((a, b) => a - b);
  }

  /** Every consistent answer set when there are at most `limit`; otherwise null. */
  enumerate(limit: number): number[][] | null {
    if (this.total > limit) return null;
    const out: number[][] = [];
    if (this.total <= 0) return out;
    const res = Int32Array.from(this.need);
    const chosen: number[] = [...this.forced];
    const walk = (j: number, rem: number) => {
      if (j === this.classes.length) {
        for (const combo of combinations(this.freeItems, rem)) out.push([...chosen, ...combo].sort((a, b) => a - b));
        return;
      }
      const cl = this.classes[j]!;
      const [minX, maxX] = this.range(j, res, rem);
      for (let x = minX; x <= maxX; x++) {
        for (const c of cl.cons) res[c]! -= x;
        if (this.count(j + 1, res, rem - x) > 0) {
          for (const combo of combinations(cl.items, x)) {
            const before = chosen.length;
            chosen.push(...combo);
            walk(j + 1, rem - x);
            chosen.length = before;
          }
        }
        for (const c of cl.cons) res[c]! += x;
      }
    };
    walk(0, this.k0);
    return out;
  }

  /** Whether `set` could be the answer set, by what the player knows. */
  isConsistent(set: readonly number[]): boolean {
    const kn = this.kn;
    if (set.length !== kn.k || new Set(set).size !== set.length) return false;
    const inSet = new Uint8Array(kn.n);
    for (const i of set) {
      if (i < 0 || i >= kn.n || kn.wrong[i]) return false;
      inSet[i] = 1;
    }
    for (let i = 0; i < kn.n; i++) if (kn.answer[i] && !inSet[i]) return false;
    for (const c of kn.constraints) {
      let hits = 0;
      for (const i of c.items) if (inSet[i]) hits++;
      if (hits !== c.correct) return false;
    }
    return true;
  }
}

function pickInto(out: number[], items: readonly number[], count: number, rng: Rng) {
  if (count <= 0) return;
  const pool = [...items];
  for (let i = 0; i < count; i++) {
    const j = i + rng.nextInt(pool.length - i);
    const t = pool[i]!;
    pool[i] = pool[j]!;
    pool[j] = t;
    out.push(pool[i]!);
  }
}

function* combinations(items: readonly number[], k: number): Generator<number[]> {
  if (k === 0) {
    yield [];
    return;
  }
  const idx = Array.from({ length: k }, (_, i) => i);
  const n = items.length;
  if (k > n) return;
  for (;;) {
    yield idx.map((i) => items[i]!);
    let i = k - 1;
    while (i >= 0 && idx[i] === n - k + i) i--;
    if (i < 0) return;
    idx[i]!++;
    for (let j = i + 1; j < k; j++) idx[j] = idx[j - 1]! + 1;
  }
}
