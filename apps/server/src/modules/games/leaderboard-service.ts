/**
 * Leaderboards: keeps the rank index in step with game_best_scores and answers the board
 * calls. Boards are loaded from the database the first time they are needed (all-time and the
 * current week of every game are loaded at start), then kept in sync by `recordBests` after
 * each new personal best commits. With several instances and no Redis, `syncRecent` (a
 * recurring job) folds in the bests other instances wrote.
 */
import {
  GAME_TYPE_CODE_VALUES,
  type GameTypeCodeValue,
  type Leaderboard,
  type LeaderboardEntry,
  type LeaderboardPeriod,
} from '@moim/contract';
import type { Clock } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import { ALL_TIME_KEY, isoTimeOf, periodKey, periodStartIso, splitBoardKey, weekKey, weekKeyStart, withVariant } from './periods.ts';
import type { BoardEntry, BoardSource, RankIndex } from './rank-index.ts';
import * as repo from './repo.ts';
import type { UsersService } from '../users/index.ts';
import { UserDirectory } from './user-directory.ts';

const LOAD_PAGE = 50_000;
/** A cached top-N answer is reused while its board is unchanged (at most this long, for names). */
const TOP_CACHE_MS = 30_000;
/** …or, when the index cannot say whether it changed (Redis), this long. */
const TOP_CACHE_SHARED_MS = 1_000;
const WEEK_MS = 7 * 86_400_000;
/** Weekly boards in Redis expire a while after their week ends. */
const WEEKLY_TTL_AFTER_END_MS = 8 * 86_400_000;

export function boardId(gameType: GameTypeCodeValue, key: string): string {
  return `${gameType}:${key}`;
}

export class LeaderboardService {
  private readonly loading = new Map<string, Promise<void>>();
  private readonly topCache = new Map<string, { version: number | null; at: number; entries: LeaderboardEntry[] }>();
  private syncCursor = new Date(0);
  readonly users: UserDirectory;

  constructor(
    private readonly ctx: AppContext,
    users: Pick<UsersService, 'publicProfiles'>,
    readonly index: RankIndex,
    private readonly clock: Clock,
    /** Rows per page when a board is loaded from the database. */
    private readonly loadPage = LOAD_PAGE,
  ) {
    this.users = new UserDirectory(users, clock);
  }

  private now(): number {
    return this.clock().getTime();
  }

  /** Loads the all-time and current-week boards of every game (at start). */
  async warmUp(): Promise<void> {
    const week = weekKey(this.now());
    await Promise.all(GAME_TYPE_CODE_VALUES.flatMap((g) => [this.ensure(g, ALL_TIME_KEY), this.ensure(g, week)]));
  }

  /** Rebuilds every board this process uses from the database. */
  async rebuild(): Promise<void> {
    const boards = [...this.loading.keys()];
    this.loading.clear();
    await Promise.all(
      boards.map((b) => {
        const [g, key] = b.split(':') as [GameTypeCodeValue, string];
        return this.ensure(g, key);
      }),
    );
  }

  /** Reloads one board (by id) from the database, e.g. into a Redis that came back. */
  reload(board: string): Promise<void> {
    const i = board.indexOf(':');
    this.loading.delete(board);
    return this.ensure(board.slice(0, i) as GameTypeCodeValue, board.slice(i + 1));
  }

  private expireAt(key: string): number | undefined {
    return splitBoardKey(key).period === ALL_TIME_KEY ? undefined : weekKeyStart(key) + WEEK_MS + WEEKLY_TTL_AFTER_END_MS;
  }

  /** Makes sure a board is loaded (once per process; concurrent callers share the load). */
  ensure(gameType: GameTypeCodeValue, key: string): Promise<void> {
    const id = boardId(gameType, key);
    let p = this.loading.get(id);
    if (!p) {
      p = this.load(gameType, key).catch((err) => {
        this.loading.delete(id);
        throw err;
      });
      this.loading.set(id, p);
      if (splitBoardKey(key).period !== ALL_TIME_KEY) this.forgetOldWeeks(gameType, key);
    }
    return p;
  }

  private async load(gameType: GameTypeCodeValue, key: string): Promise<void> {
    const db = this.ctx.db;
    const pageSize = this.loadPage;
    const started = new Date(this.now() - 5_000);
    async function* pages(): AsyncGenerator<BoardEntry[]> {
      let after: repo.BestRow | null = null;
      for (;;) {
        const rows = await repo.bestScoresPage(db, gameType, key, after, pageSize);
        if (rows.length === 0) return;
        yield rows.map((r) => ({ userId: r.userId, score: r.score, achievedAt: r.achievedAt.getTime() }));
        if (rows.length < pageSize) return;
        after = rows[rows.length - 1]!;
      }
    }
    const source: BoardSource = pages();
    const id = boardId(gameType, key);
    this.topCache.clear();
    const expireAt = this.expireAt(key);
    await this.index.load(id, source, expireAt ? { expireAt } : {});
    // Bests committed while the board was being read (or by other instances during a Redis
    // rebuild) are offered again; offering is idempotent.
    const late = await repo.bestScoresUpdatedSince(db, started);
    for (const r of late) {
      if (r.gameType === gameType && r.period === key) {
        await this.index.offer(id, { userId: r.userId, score: r.score, achievedAt: r.achievedAt.getTime() }, expireAt ? { expireAt } : {});
      }
    }
  }

  /** Drops in-process weekly boards older than the previous week (memory only). */
  private forgetOldWeeks(gameType: GameTypeCodeValue, currentKey: string) {
    const { variant } = splitBoardKey(currentKey);
    const previous = withVariant(weekKey(weekKeyStart(currentKey) - 1), variant);
    for (const id of [...this.loading.keys()]) {
      const [g, key] = id.split(':') as [string, string];
      const parts = splitBoardKey(key);
      if (g === gameType && parts.variant === variant && parts.period !== ALL_TIME_KEY && key !== currentKey && key !== previous) {
        this.loading.delete(id);
        if (this.index.kind === 'memory') void this.index.drop(id);
      }
    }
  }

  /** Offers a new personal best (already committed to game_best_scores) to the index. */
  async recordBests(gameType: GameTypeCodeValue, keys: string[], entry: BoardEntry): Promise<void> {
    // Answers cached from a shared (Redis) board cannot see the change: forget them.
    this.topCache.clear();
    for (const key of keys) {
      await this.ensure(gameType, key);
      const expireAt = this.expireAt(key);
      await this.index.offer(boardId(gameType, key), entry, expireAt ? { expireAt } : {});
    }
  }

  /** Folds in bests written by other instances (in-process index without Redis). */
  async syncRecent(): Promise<number> {
    const since = new Date(this.syncCursor.getTime() - 30_000);
    this.syncCursor = new Date(this.now());
    const rows = await repo.bestScoresUpdatedSince(this.ctx.db, since);
    const current = weekKey(this.now());
    let n = 0;
    for (const r of rows) {
      const base = splitBoardKey(r.period).period;
      if (base !== ALL_TIME_KEY && base !== current) continue;
      if (!this.loading.has(boardId(r.gameType, r.period))) continue;
      await this.ensure(r.gameType, r.period);
      if (await this.index.offer(boardId(r.gameType, r.period), { userId: r.userId, score: r.score, achievedAt: r.achievedAt.getTime() }))
        n++;
    }
    return n;
  }

  async rankOf(
    gameType: GameTypeCodeValue,
    period: LeaderboardPeriod,
    userId: string,
    variant: string | null = null,
  ): Promise<{ rank: number; totalPlayers: number } | null> {
    const key = periodKey(period, this.now(), variant);
    await this.ensure(gameType, key);
    const r = await this.index.rank(boardId(gameType, key), userId);
    return r ? { rank: r.rank + 1, totalPlayers: r.total } : null;
  }

  async size(gameType: GameTypeCodeValue, period: LeaderboardPeriod, variant: string | null = null): Promise<number> {
    const key = periodKey(period, this.now(), variant);
    await this.ensure(gameType, key);
    return this.index.size(boardId(gameType, key));
  }

  private async toEntries(start: number, entries: BoardEntry[]): Promise<LeaderboardEntry[]> {
    const profiles = await this.users.profiles(entries.map((e) => e.userId));
    return entries.map((e, i) => {
      const p = profiles.get(e.userId);
      return {
        rank: start + i + 1,
        userId: e.userId,
        name: p?.name ?? null,
        profileImage: p?.profileImage ?? null,
        score: e.score,
        playedAt: isoTimeOf(e.achievedAt),
      };
    });
  }

  /** The top of a board, built once per board change (the hottest read of all). */
  private async top(id: string, limit: number): Promise<LeaderboardEntry[]> {
    const cacheKey = `${id}:${limit}`;
    const version = this.index.version(id);
    const now = this.now();
    const hit = this.topCache.get(cacheKey);
    if (hit && hit.version === version && now - hit.at < (version === null ? TOP_CACHE_SHARED_MS : TOP_CACHE_MS)) return hit.entries;
    const entries = await this.toEntries(0, await this.index.range(id, 0, limit));
    if (this.topCache.size > 1000) this.topCache.clear();
    this.topCache.set(cacheKey, { version, at: now, entries });
    return entries;
  }

  async global(
    gameType: GameTypeCodeValue,
    period: LeaderboardPeriod,
    limit: number,
    viewerId: string | null,
    variant: string | null = null,
  ): Promise<Leaderboard> {
    const key = periodKey(period, this.now(), variant);
    await this.ensure(gameType, key);
    const id = boardId(gameType, key);
    const [entries, mine] = await Promise.all([this.top(id, limit), viewerId ? this.index.rank(id, viewerId) : null]);
    return {
      gameType,
      difficulty: variant,
      period,
      periodStart: periodStartIso(key),
      entries,
      userRank: mine ? { rank: mine.rank + 1, totalPlayers: mine.total } : null,
    };
  }

  async aroundMe(
    gameType: GameTypeCodeValue,
    period: LeaderboardPeriod,
    userId: string,
    range: number,
    variant: string | null = null,
  ): Promise<Leaderboard> {
    const key = periodKey(period, this.now(), variant);
    await this.ensure(gameType, key);
    const w = await this.index.around(boardId(gameType, key), userId, range);
    return {
      gameType,
      difficulty: variant,
      period,
      periodStart: periodStartIso(key),
      entries: w ? await this.toEntries(w.start, w.entries) : [],
      userRank: w ? { rank: w.rank + 1, totalPlayers: w.total } : null,
    };
  }

  /** One player's place on a board: their entry (if ranked) and rank. */
  async forUser(
    gameType: GameTypeCodeValue,
    period: LeaderboardPeriod,
    userId: string,
    variant: string | null = null,
  ): Promise<Leaderboard> {
    const key = periodKey(period, this.now(), variant);
    await this.ensure(gameType, key);
    const w = await this.index.around(boardId(gameType, key), userId, 0);
    return {
      gameType,
      difficulty: variant,
      period,
      periodStart: periodStartIso(key),
      entries: w ? await this.toEntries(w.start, w.entries) : [],
      userRank: w ? { rank: w.rank + 1, totalPlayers: w.total } : null,
    };
  }
}
