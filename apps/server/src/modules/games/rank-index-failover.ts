/**
 * Ranks that survive a Redis outage (docs/operations.md, "Degraded modes").
 *
 * - DatabaseRankIndex answers from game_best_scores (the source of truth) with counting queries
 *   on the board index: slower than a sorted set at a million players, but exact.
 * - FailoverRankIndex uses the shared Redis board when it can trust it, else the database:
 *   a board is trusted once this process has (re)loaded it into Redis since the link last came
 *   up, and stops being trusted as soon as a Redis call on it fails or the link drops (a Redis
 *   that comes back may have restarted empty, and personal bests written meanwhile are missing
 *   from it). Untrusted boards are reloaded in the background whenever the link is up.
 */
import type { GameTypeCodeValue } from '@moim/contract';
import type { Db } from '../../db/client.ts';
import type { RedisProvider } from '../../providers/redis/index.ts';
import type { BoardEntry, BoardSource, BoardWindow, RankIndex, RankPosition } from './rank-index.ts';
import * as repo from './repo.ts';

function splitBoard(board: string): [GameTypeCodeValue, string] {
  const i = board.indexOf(':');
  return [board.slice(0, i) as GameTypeCodeValue, board.slice(i + 1)];
}

const toEntry = (r: repo.BestRow): BoardEntry => ({ userId: r.userId, score: r.score, achievedAt: r.achievedAt.getTime() });

export class DatabaseRankIndex implements RankIndex {
  readonly kind = 'redis' as const;
  constructor(private readonly db: Db) {}

  async load(): Promise<number> {
    return 0; // the database is the board
  }
  async offer(): Promise<boolean> {
    return false; // already committed to game_best_scores
  }
  async rank(board: string, userId: string): Promise<RankPosition | null> {
    const [g, p] = splitBoard(board);
    return repo.dbRankOf(this.db, g, p, userId);
  }
  async range(board: string, start: number, count: number): Promise<BoardEntry[]> {
    const [g, p] = splitBoard(board);
    return (await repo.dbBoardRange(this.db, g, p, start, count)).map(toEntry);
  }
  async around(board: string, userId: string, range: number): Promise<BoardWindow | null> {
    const pos = await this.rank(board, userId);
    if (!pos) return null;
    if (range < 0) return { ...pos, start: pos.rank, entries: [] };
    const start = Math.max(0, pos.rank - range);
    return { ...pos, start, entries: await this.range(board, start, pos.rank - start + range + 1) };
  }
  async size(board: string): Promise<number> {
    const [g, p] = splitBoard(board);
    return repo.dbBoardSize(this.db, g, p);
  }
  async drop(): Promise<void> {}
  boards(): string[] {
    return [];
  }
  version(): null {
    return null;
  }
}

export class FailoverRankIndex implements RankIndex {
  readonly kind = 'redis' as const;
  /** boards loaded into Redis since the link last came up */
  private readonly trusted = new Set<string>();
  private readonly known = new Set<string>();
  private readonly reloading = new Set<string>();
  private reload: ((board: string) => Promise<void>) | null = null;

  constructor(
    private readonly link: RedisProvider,
    private readonly shared: RankIndex,
    private readonly fallback: RankIndex,
  ) {
    link.onChange((up) => {
      this.trusted.clear();
      if (up) for (const b of this.known) this.scheduleReload(b);
    });
  }

  /** How a board is rebuilt (the leaderboard service reads it from the database). */
  setReloader(reload: (board: string) => Promise<void>): void {
    this.reload = reload;
  }

  /** Whether reads of `board` come from Redis right now (for tests and readiness). */
  usesShared(board: string): boolean {
    return this.link.isUp() && this.trusted.has(board);
  }

  private distrust(board: string) {
    this.trusted.delete(board);
    this.scheduleReload(board);
  }

  private scheduleReload(board: string) {
    if (!this.reload || this.reloading.has(board) || !this.link.isUp()) return;
    this.reloading.add(board);
    const reload = this.reload;
    // Later, not inside the failing call; a failed reload is retried at the next change.
    setTimeout(() => {
      reload(board)
        .catch(() => undefined)
        .finally(() => this.reloading.delete(board));
    }, 50).unref();
  }

  async load(board: string, source: BoardSource, opts: { expireAt?: number } = {}): Promise<number> {
    this.known.add(board);
    this.trusted.delete(board);
    const n = await this.link.call(
      async () => {
        const loaded = await this.shared.load(board, source, opts);
        this.trusted.add(board);
        return loaded;
      },
      () => 0,
    );
    return n;
  }

  async offer(board: string, entry: BoardEntry, opts: { expireAt?: number } = {}): Promise<boolean> {
    this.known.add(board);
    if (!this.trusted.has(board)) return false; // the reload reads it from the database
    return this.link.call(
      () => this.shared.offer(board, entry, opts),
      () => {
        this.distrust(board);
        return false;
      },
    );
  }

  private read<T>(board: string, op: (i: RankIndex) => Promise<T>): Promise<T> {
    this.known.add(board);
    if (!this.usesShared(board)) {
      this.scheduleReload(board);
      return op(this.fallback);
    }
    return this.link.call(
      () => op(this.shared),
      () => {
        this.distrust(board);
        return op(this.fallback);
      },
    );
  }

  rank(board: string, userId: string) {
    return this.read(board, (i) => i.rank(board, userId));
  }
  range(board: string, start: number, count: number) {
    return this.read(board, (i) => i.range(board, start, count));
  }
  around(board: string, userId: string, range: number) {
    return this.read(board, (i) => i.around(board, userId, range));
  }
  size(board: string) {
    return this.read(board, (i) => i.size(board));
  }
  async drop(board: string): Promise<void> {
    this.known.delete(board);
    this.trusted.delete(board);
    await this.link.attempt(() => this.shared.drop(board));
  }
  boards(): string[] {
    return [...this.known];
  }
  version(): null {
    return null;
  }
}
