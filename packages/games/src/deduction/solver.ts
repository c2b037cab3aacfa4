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

/**
 * The work one model may do, in steps of the DP and of its bounds propagation (about 20 ms per
 * million on this project's machines). Late in a large custom game the clues can overlap so much
 * that counting exactly would take seconds and gigabytes; past this budget the model is built
 * from the most recent clues only (see CandidateModel.within). A count of steps, not of time, so
 * the server and every replay reach the same model.
 */
export const MODEL_WORK_BUDGET = 1_000_000;

/** Thrown inside the DP when a model passes its work budget. */
class WorkBudgetExceeded extends Error {}

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
  /** Distinct DP states visited. */
  states = 0;
  /** Steps taken (DP states and propagation), bounded by the budget. */
  private work = 0;
  /**
   * Whether the model counts with every clue. When not (CandidateModel.within), `total` is an
   * upper bound (the count under the most recent clues only) and a sample may break an older clue.
   */
  readonly exact: boolean;

  private readonly classes: Cls[] = [];
  private readonly need: Int32Array = new Int32Array(0);
  private readonly lastOf: Int32Array = new Int32Array(0);
  private readonly firstOf: Int32Array = new Int32Array(0);
  private readonly openAt: number[][] = [];
  private readonly capAfter: Int32Array[] = [];
  private readonly itemsAfter: Int32Array = new Int32Array(0);
  private readonly memo: Map<string, number>[] = [];
  /** consClasses[c]: the classes (ascending) holding guess c's unknown keywords. */
  private readonly consClasses: Int32Array[] = [];
  /** scratch bounds of each class's answers for feasible() */
  private readonly lo: Int32Array = new Int32Array(0);
  private readonly hi: Int32Array = new Int32Array(0);
  private readonly freeItems: number[] = [];
  private readonly k0: number = 0;
  private readonly consistent: boolean;

  /**
   * The exact model of `kn`. `budget` bounds the DP's work (WorkBudgetExceeded past it);
   * `full` is the whole knowledge when `kn` holds only some of its clues (isConsistent checks
   * against it).
   */
  constructor(
    part: Knowledge,
    private readonly budget = Infinity,
    private readonly full: Knowledge = part,
  ) {
    const kn = part;
    this.exact = kn.constraints.length === full.constraints.length;
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
    const byCons: number[][] = Array.from({ length: m }, () => []);
    for (let j = 0; j < C; j++) for (const c of this.classes[j]!.cons) byCons[c]!.push(j);
    this.consClasses = byCons.map((list) => Int32Array.from(list));
    this.lo = new Int32Array(C);
    this.hi = new Int32Array(C);
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
    if (++this.work > this.budget) throw new WorkBudgetExceeded();
    if (!this.feasible(j, res, rem)) {
      memo.set(key, 0);
      return 0;
    }
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

  /**
   * The model of `kn` within `budget` steps of work: exact when it fits (nearly always), otherwise
   * built from the most recent half of the clues, then a quarter, and so on (with none it is
   * immediate), so no position costs more than a few budgets of work.
   */
  static within(kn: Knowledge, budget = MODEL_WORK_BUDGET): CandidateModel {
    const all = kn.constraints.length;
    for (let keep = all; ; keep = Math.floor(keep / 2)) {
      const part = keep === all ? kn : { ...kn, constraints: kn.constraints.slice(all - keep) };
      try {
        return new CandidateModel(part, keep === 0 ? Infinity : budget, kn);
      } catch (err) {
        if (!(err instanceof WorkBudgetExceeded)) throw err;
      }
    }
  }

  /**
   * A uniformly random consistent set when the model is exact; otherwise the first of up to
   * `tries` samples that meets every clue, or the one breaking the fewest.
   */
  sampleClosest(rng: Rng, tries = 64): number[] | null {
    const first = this.sample(rng);
    if (this.exact || first === null) return first;
    let best = first;
    let bestBroken = this.broken(first);
    for (let t = 1; t < tries && bestBroken > 0; t++) {
      const s = this.sample(rng)!;
      const b = this.broken(s);
      if (b < bestBroken) {
        best = s;
        bestBroken = b;
      }
    }
    return best;
  }

  /** How many of the player's clues `set` breaks. */
  private broken(set: readonly number[]): number {
    const inSet = new Uint8Array(this.full.n);
    for (const i of set) inSet[i] = 1;
    let broken = 0;
    for (const c of this.full.constraints) {
      let hits = 0;
      for (const i of c.items) hits += inSet[i]!;
      if (hits !== c.correct) broken++;
    }
    return broken;
  }

  /**
   * Bounds propagation over the classes j.. (each holds 0..size answers; every guess needs exactly
   * its residual count; all of them with the free keywords hold `rem`): false when the bounds
   * empty, so no completion exists. A necessary condition only, cheap next to the states it saves
   * when many guesses overlap (a late game with few consistent sets would otherwise visit about a
   * million dead states).
   */
  private feasible(j: number, res: Int32Array, rem: number): boolean {
    const C = this.classes.length;
    const lo = this.lo;
    const hi = this.hi;
    for (let t = j; t < C; t++) {
      lo[t] = 0;
      hi[t] = this.classes[t]!.items.length;
    }
    const freeCount = this.freeItems.length;
    let freeLo = 0;
    let freeHi = freeCount;
    const m = this.consClasses.length;
    for (let round = 0; round < 16; round++) {
      let changed = false;
      for (let c = 0; c < m; c++) {
        if (this.lastOf[c]! < j) continue;
        const list = this.consClasses[c]!;
        this.work += list.length;
        let sLo = 0;
        let sHi = 0;
        for (let q = 0; q < list.length; q++) {
          const t = list[q]!;
          if (t < j) continue;
          sLo += lo[t]!;
          sHi += hi[t]!;
        }
        const r = res[c]!;
        if (r < sLo || r > sHi) return false;
        if (sLo === sHi) continue;
        for (let q = 0; q < list.length; q++) {
          const t = list[q]!;
          if (t < j) continue;
          const l = lo[t]!;
          const h = hi[t]!;
          const nh = Math.min(h, r - (sLo - l));
          const nl = Math.max(l, r - (sHi - h));
          if (nl > nh) return false;
          if (nl !== l || nh !== h) {
            sLo += nl - l;
            sHi += nh - h;
            lo[t] = nl;
            hi[t] = nh;
            changed = true;
          }
        }
      }
      // every remaining class and the free keywords together hold `rem`
      this.work += C - j;
      let sLo = freeLo;
      let sHi = freeHi;
      for (let t = j; t < C; t++) {
        sLo += lo[t]!;
        sHi += hi[t]!;
      }
      if (rem < sLo || rem > sHi) return false;
      if (sLo !== sHi) {
        for (let t = j; t < C; t++) {
          const l = lo[t]!;
          const h = hi[t]!;
          const nh = Math.min(h, rem - (sLo - l));
          const nl = Math.max(l, rem - (sHi - h));
          if (nl > nh) return false;
          if (nl !== l || nh !== h) {
            sLo += nl - l;
            sHi += nh - h;
            lo[t] = nl;
            hi[t] = nh;
            changed = true;
          }
        }
        const nh = Math.min(freeHi, rem - (sLo - freeLo));
        const nl = Math.max(freeLo, rem - (sHi - freeHi));
        if (nl > nh) return false;
        if (nl !== freeLo || nh !== freeHi) {
          freeLo = nl;
          freeHi = nh;
          changed = true;
        }
      }
      if (!changed) break;
    }
    return true;
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
    const kn = this.full;
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
