/**
 * An order-statistic skip list (the structure behind Redis sorted sets): members ordered by
 * score descending, then by the time the score was reached ascending (earlier first), then by
 * id ascending, with a "span" on every forward link so that the rank of a member and the
 * member at a rank are both found in O(log n) expected time.
 *
 * One skip list holds one leaderboard (a game and a period); a Map from member id to node
 * gives the member's current entry. Level 0 is stored inline in the node (most nodes have no
 * other level), which keeps a 10⁶-member board near 130 MB (see docs/games.md).
 */

export interface RankEntry {
  id: string;
  score: number;
  /** Epoch milliseconds when the score was reached. */
  time: number;
}

/**
 * A node's forward links. Level 0 is inline (`n0`, `s0`): three nodes in four have no other
 * level, so they carry no arrays at all. Higher levels live in `up` as [next1, span1, next2,
 * span2, …]. span: how many rank positions the link jumps (to the end of the list when the
 * link is null).
 */
interface SkipNode extends RankEntry {
  n0: SkipNode | null;
  s0: number;
  up: (SkipNode | number | null)[] | null;
}

function next(n: SkipNode, i: number): SkipNode | null {
  return i === 0 ? n.n0 : ((n.up![2 * i - 2] as SkipNode | null) ?? null);
}
function span(n: SkipNode, i: number): number {
  return i === 0 ? n.s0 : (n.up![2 * i - 1] as number);
}
function setNext(n: SkipNode, i: number, v: SkipNode | null): void {
  if (i === 0) n.n0 = v;
  else n.up![2 * i - 2] = v;
}
function setSpan(n: SkipNode, i: number, v: number): void {
  if (i === 0) n.s0 = v;
  else n.up![2 * i - 1] = v;
}
function makeNode(e: RankEntry, level: number): SkipNode {
  let up: (SkipNode | number | null)[] | null = null;
  if (level > 1) {
    up = [];
    for (let i = 1; i < level; i++) up.push(null, 0);
  }
  return { id: e.id, score: e.score, time: e.time, n0: null, s0: 0, up };
}

const MAX_LEVEL = 32;
const P = 0.25;

/** Total order of a board: higher score first, then earlier time, then smaller id. */
export function compareRankEntries(a: RankEntry, b: RankEntry): number {
  if (a.score !== b.score) return a.score > b.score ? -1 : 1;
  if (a.time !== b.time) return a.time < b.time ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** a comes before b in the board order. */
function before(a: RankEntry, b: RankEntry): boolean {
  return compareRankEntries(a, b) < 0;
}

function randomLevel(): number {
  let level = 1;
  while (level < MAX_LEVEL && Math.random() < P) level++;
  return level;
}

export class RankSkipList {
  private readonly head: SkipNode;
  private level = 1;
  private length = 0;
  private readonly nodes = new Map<string, SkipNode>();
  // Scratch arrays reused by insert/delete (no allocation per call).
  private readonly update: SkipNode[] = [];
  private readonly rankAt: number[] = [];

  constructor() {
    this.head = makeNode({ id: '', score: Infinity, time: -Infinity }, MAX_LEVEL);
  }

  get size(): number {
    return this.length;
  }

  get(id: string): RankEntry | undefined {
    const n = this.nodes.get(id);
    return n ? { id: n.id, score: n.score, time: n.time } : undefined;
  }

  /** Puts or moves a member (whatever its previous entry). */
  set(id: string, score: number, time: number): void {
    const old = this.nodes.get(id);
    if (old) {
      if (old.score === score && old.time === time) return;
      this.removeNode(old);
    }
    this.insert({ id, score, time });
  }

  /** Keeps a member's better entry: replaces it only by one that ranks higher. Returns whether it changed. */
  offer(id: string, score: number, time: number): boolean {
    const old = this.nodes.get(id);
    if (old && !before({ id, score, time }, old)) return false;
    this.set(id, score, time);
    return true;
  }

  delete(id: string): boolean {
    const n = this.nodes.get(id);
    if (!n) return false;
    this.removeNode(n);
    return true;
  }

  clear(): void {
    for (let i = 0; i < MAX_LEVEL; i++) {
      setNext(this.head, i, null);
      setSpan(this.head, i, 0);
    }
    this.level = 1;
    this.length = 0;
    this.nodes.clear();
  }

  /** 0-based rank of a member, or -1. O(log n). */
  rankOf(id: string): number {
    const target = this.nodes.get(id);
    if (!target) return -1;
    let x = this.head;
    let rank = 0;
    for (let i = this.level - 1; i >= 0; i--) {
      let nx = next(x, i);
      while (nx !== null && (nx === target || before(nx, target))) {
        rank += span(x, i);
        x = nx;
        if (x === target) return rank - 1;
        nx = next(x, i);
      }
    }
    return -1; // unreachable while the list and the map agree
  }

  /** The entry at a 0-based rank, or undefined. O(log n). */
  at(rank: number): RankEntry | undefined {
    const n = this.nodeAt(rank);
    return n ? { id: n.id, score: n.score, time: n.time } : undefined;
  }

  /** Up to `count` entries from the 0-based rank `start` on, in board order. */
  range(start: number, count: number): RankEntry[] {
    const out: RankEntry[] = [];
    if (count <= 0 || start >= this.length) return out;
    let n = this.nodeAt(Math.max(0, start)) ?? null;
    while (n !== null && out.length < count) {
      out.push({ id: n.id, score: n.score, time: n.time });
      n = n.n0;
    }
    return out;
  }

  /** Every entry in board order (tests, debugging). */
  toArray(): RankEntry[] {
    return this.range(0, this.length);
  }

  /**
   * Replaces the content with entries already in board order, in O(n) (no searching): each
   * node is appended after the current tail of every level it reaches.
   */
  loadSorted(entries: Iterable<RankEntry>): void {
    const loader = this.bulkLoader();
    for (const e of entries) loader.append(e);
    loader.finish();
  }

  /**
   * The same as `loadSorted`, fed piece by piece (rows arrive from the database in pages).
   * The list is emptied at once; it is consistent again after `finish()`.
   */
  bulkLoader(): { append(e: RankEntry): void; finish(): void } {
    this.clear();
    const tail: SkipNode[] = new Array(MAX_LEVEL).fill(this.head);
    const tailRank: number[] = new Array(MAX_LEVEL).fill(0);
    let prev: RankEntry | undefined;
    return {
      append: (e: RankEntry) => {
        if (this.nodes.has(e.id)) throw new Error(`duplicate member ${e.id}`);
        if (prev && !before(prev, e)) throw new Error('loadSorted: entries are not in board order');
        prev = e;
        const level = randomLevel();
        if (level > this.level) this.level = level;
        const rank = this.length + 1;
        const node = makeNode(e, level);
        for (let i = 0; i < level; i++) {
          const t = tail[i] as SkipNode;
          setNext(t, i, node);
          setSpan(t, i, rank - (tailRank[i] as number));
          tail[i] = node;
          tailRank[i] = rank;
        }
        this.length = rank;
        this.nodes.set(e.id, node);
      },
      finish: () => {
        // Links that run off the end span the rest of the list.
        for (let i = 0; i < MAX_LEVEL; i++) setSpan(tail[i] as SkipNode, i, this.length - (tailRank[i] as number));
      },
    };
  }

  private nodeAt(rank: number): SkipNode | undefined {
    if (rank < 0 || rank >= this.length) return undefined;
    const target = rank + 1; // 1-based position
    let x = this.head;
    let traversed = 0;
    for (let i = this.level - 1; i >= 0; i--) {
      let nx = next(x, i);
      while (nx !== null && traversed + span(x, i) <= target) {
        traversed += span(x, i);
        x = nx;
        nx = next(x, i);
      }
      if (traversed === target) return x;
    }
    return undefined;
  }

  private insert(e: RankEntry): void {
    const update = this.update;
    const rankAt = this.rankAt;
    let x = this.head;
    for (let i = this.level - 1; i >= 0; i--) {
      rankAt[i] = i === this.level - 1 ? 0 : (rankAt[i + 1] as number);
      let nx = next(x, i);
      while (nx !== null && before(nx, e)) {
        rankAt[i] = (rankAt[i] as number) + span(x, i);
        x = nx;
        nx = next(x, i);
      }
      update[i] = x;
    }
    const level = randomLevel();
    if (level > this.level) {
      for (let i = this.level; i < level; i++) {
        rankAt[i] = 0;
        update[i] = this.head;
        setSpan(this.head, i, this.length);
      }
      this.level = level;
    }
    const node = makeNode(e, level);
    const r0 = rankAt[0] as number;
    for (let i = 0; i < level; i++) {
      const u = update[i] as SkipNode;
      setNext(node, i, next(u, i));
      setNext(u, i, node);
      const ri = rankAt[i] as number;
      setSpan(node, i, span(u, i) - (r0 - ri));
      setSpan(u, i, r0 - ri + 1);
    }
    for (let i = level; i < this.level; i++) setSpan(update[i] as SkipNode, i, span(update[i] as SkipNode, i) + 1);
    this.length++;
    this.nodes.set(e.id, node);
  }

  private removeNode(target: SkipNode): void {
    const update = this.update;
    let x = this.head;
    for (let i = this.level - 1; i >= 0; i--) {
      let nx = next(x, i);
      while (nx !== null && nx !== target && before(nx, target)) {
        x = nx;
        nx = next(x, i);
      }
      update[i] = x;
    }
    for (let i = 0; i < this.level; i++) {
      const u = update[i] as SkipNode;
      if (next(u, i) === target) {
        setSpan(u, i, span(u, i) + span(target, i) - 1);
        setNext(u, i, next(target, i));
      } else {
        setSpan(u, i, span(u, i) - 1);
      }
    }
    while (this.level > 1 && next(this.head, this.level - 1) === null) this.level--;
    this.length--;
    this.nodes.delete(target.id);
  }
}
