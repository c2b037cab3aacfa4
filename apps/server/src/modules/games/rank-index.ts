/**
 * The rank index behind the leaderboards: for each board (a game and a period) the best score
 * of every ranked player, ordered by score descending, then by the time the score was reached
 * (earlier first), then by user id. It answers "rank of a player", "players at ranks a..b" and
 * "size" in O(log n), never by counting rows.
 *
 * Two implementations with the same order:
 * - MemoryRankIndex: an order-statistic skip list per board in this process (the default).
 * - RedisRankIndex: a Redis sorted set per board (REDIS_URL), shared by every instance.
 *
 * The database (game_best_scores) stays the source of truth: boards are (re)built from it and
 * every new personal best is offered to the index after its transaction commits. `offer` only
 * ever moves a player up, so replays and races converge.
 */
import type { Redis } from 'ioredis';
import { RankSkipList } from './rank-skip-list.ts';

export interface BoardEntry {
  userId: string;
  score: number;
  /** Epoch ms when the score was reached. */
  achievedAt: number;
}

export interface RankPosition {
  /** 0-based. */
  rank: number;
  total: number;
}

export interface BoardWindow extends RankPosition {
  /** 0-based rank of entries[0]. */
  start: number;
  entries: BoardEntry[];
}

/** Something that fills a board in board order, page by page. */
export type BoardSource = AsyncIterable<BoardEntry[]>;

export interface RankIndex {
  readonly kind: 'memory' | 'redis';
  /** Replaces a board with the entries of `source` (already in board order). */
  load(board: string, source: BoardSource, opts?: { expireAt?: number }): Promise<number>;
  /** Keeps the player's better entry (a strictly better score, or the same score reached earlier). */
  offer(board: string, entry: BoardEntry, opts?: { expireAt?: number }): Promise<boolean>;
  rank(board: string, userId: string): Promise<RankPosition | null>;
  /** Entries at 0-based ranks start..start+count-1. */
  range(board: string, start: number, count: number): Promise<BoardEntry[]>;
  /** The player's rank with up to `range` entries above and below. */
  around(board: string, userId: string, range: number): Promise<BoardWindow | null>;
  size(board: string): Promise<number>;
  drop(board: string): Promise<void>;
  boards(): string[];
  /**
   * A number that changes whenever the board changes (to cache answers built from it), or
   * null when this process cannot know (Redis: other instances write too).
   */
  version(board: string): number | null;
}

/* ------------------------------------------------------------------------------------ */

export class MemoryRankIndex implements RankIndex {
  readonly kind = 'memory' as const;
  private readonly lists = new Map<string, RankSkipList>();
  private readonly versions = new Map<string, number>();

  private bump(board: string) {
    this.versions.set(board, (this.versions.get(board) ?? 0) + 1);
  }

  version(board: string): number {
    return this.versions.get(board) ?? 0;
  }

  private list(board: string): RankSkipList {
    let l = this.lists.get(board);
    if (!l) {
      l = new RankSkipList();
      this.lists.set(board, l);
    }
    return l;
  }

  async load(board: string, source: BoardSource): Promise<number> {
    // Build aside, then swap in: readers keep the old board until the new one is complete.
    const fresh = new RankSkipList();
    const loader = fresh.bulkLoader();
    for await (const page of source) {
      for (const e of page) loader.append({ id: e.userId, score: e.score, time: e.achievedAt });
    }
    loader.finish();
    this.lists.set(board, fresh);
    this.bump(board);
    return fresh.size;
  }

  async offer(board: string, e: BoardEntry): Promise<boolean> {
    const changed = this.list(board).offer(e.userId, e.score, e.achievedAt);
    if (changed) this.bump(board);
    return changed;
  }

  async rank(board: string, userId: string): Promise<RankPosition | null> {
    const l = this.lists.get(board);
    if (!l) return null;
    const rank = l.rankOf(userId);
    return rank < 0 ? null : { rank, total: l.size };
  }

  async range(board: string, start: number, count: number): Promise<BoardEntry[]> {
    const l = this.lists.get(board);
    if (!l) return [];
    return l.range(start, count).map(toBoardEntry);
  }

  async around(board: string, userId: string, range: number): Promise<BoardWindow | null> {
    const l = this.lists.get(board);
    if (!l) return null;
    const rank = l.rankOf(userId);
    if (rank < 0) return null;
    const start = Math.max(0, rank - range);
    return { rank, total: l.size, start, entries: l.range(start, rank - start + range + 1).map(toBoardEntry) };
  }

  async size(board: string): Promise<number> {
    return this.lists.get(board)?.size ?? 0;
  }

  async drop(board: string): Promise<void> {
    this.lists.delete(board);
    this.bump(board);
  }

  boards(): string[] {
    return [...this.lists.keys()];
  }
}

function toBoardEntry(e: { id: string; score: number; time: number }): BoardEntry {
  return { userId: e.id, score: e.score, achievedAt: e.time };
}

/* ------------------------------------------------------------------------------------ */

/**
 * Redis encoding. A board is a sorted set `games:lb:<board>` plus a hash `games:lb:<board>:m`
 * (user id → member). The sorted-set score is the game score itself (an integer < 2^53, so a
 * double holds it exactly). Ties are ordered by the member string, which Redis compares
 * byte-wise and ZREVRANGE walks in reverse, so the member is built to sort *descending* in
 * board order:
 *
 *   member = zeroPad(MAX_T − achievedAtMs, 14) + ':' + invertHex(userId)
 *
 * An earlier time gives a larger prefix (first in reverse order); for the same millisecond
 * the user id with every hex digit d replaced by 15 − d reverses the id order, so the smaller
 * id comes first, as in the in-process index. Nothing is rounded: ranks are exact.
 */
export const MAX_T = 99_999_999_999_999; // 14 digits of epoch ms: until the year 5138
const T_DIGITS = 14;
const HEX = '0123456789abcdef';

export function invertHex(id: string): string {
  let out = '';
  for (const ch of id.toLowerCase()) {
    const d = HEX.indexOf(ch);
    out += d < 0 ? ch : (HEX[15 - d] as string);
  }
  return out;
}

export function encodeMember(userId: string, achievedAt: number): string {
  return `${String(MAX_T - achievedAt).padStart(T_DIGITS, '0')}:${invertHex(userId)}`;
}

export function decodeMember(member: string): { userId: string; achievedAt: number } {
  const cut = member.indexOf(':');
  return { userId: invertHex(member.slice(cut + 1)), achievedAt: MAX_T - Number(member.slice(0, cut)) };
}

const OFFER_LUA = `
local old = redis.call('HGET', KEYS[2], ARGV[1])
local s = tonumber(ARGV[2])
if old then
  local os = redis.call('ZSCORE', KEYS[1], old)
  if os then
    os = tonumber(os)
    if os > s or (os == s and old >= ARGV[3]) then return 0 end
    redis.call('ZREM', KEYS[1], old)
  end
end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
if ARGV[4] ~= '' then
  redis.call('PEXPIREAT', KEYS[1], ARGV[4])
  redis.call('PEXPIREAT', KEYS[2], ARGV[4])
end
return 1`;

const AROUND_LUA = `
local m = redis.call('HGET', KEYS[2], ARGV[1])
if not m then return false end
local r = redis.call('ZREVRANK', KEYS[1], m)
if not r then return false end
local range = tonumber(ARGV[2])
local card = redis.call('ZCARD', KEYS[1])
if range < 0 then return {r, card, r, {}} end
local start = r - range
if start < 0 then start = 0 end
return {r, card, start, redis.call('ZREVRANGE', KEYS[1], start, r + range, 'WITHSCORES')}`;

type AroundReply = [number, number, number, string[]] | null;

interface RedisWithScripts extends Redis {
  gamesLbOffer(zset: string, hash: string, userId: string, score: string, member: string, expireAt: string): Promise<number>;
  gamesLbAround(zset: string, hash: string, userId: string, range: string): Promise<AroundReply>;
}

function pairsToEntries(flat: string[]): BoardEntry[] {
  const out: BoardEntry[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const { userId, achievedAt } = decodeMember(flat[i] as string);
    out.push({ userId, achievedAt, score: Number(flat[i + 1]) });
  }
  return out;
}

export class RedisRankIndex implements RankIndex {
  readonly kind = 'redis' as const;
  private readonly redis: RedisWithScripts;
  private readonly known = new Set<string>();

  constructor(redis: Redis) {
    this.redis = redis as RedisWithScripts;
    if (!('gamesLbOffer' in redis)) {
      redis.defineCommand('gamesLbOffer', { numberOfKeys: 2, lua: OFFER_LUA });
      redis.defineCommand('gamesLbAround', { numberOfKeys: 2, lua: AROUND_LUA });
    }
  }

  private keys(board: string): [string, string] {
    return [`games:lb:${board}`, `games:lb:${board}:m`];
  }

  async load(board: string, source: BoardSource, opts: { expireAt?: number } = {}): Promise<number> {
    const [zset, hash] = this.keys(board);
    const suffix = `:build:${process.pid}:${Date.now().toString(36)}:${Math.random().toString(36).slice(2, 8)}`;
    const tmpZ = zset + suffix;
    const tmpH = hash + suffix;
    let n = 0;
    try {
      for await (const page of source) {
        for (let i = 0; i < page.length; i += 1000) {
          const chunk = page.slice(i, i + 1000);
          const zargs: (string | number)[] = [];
          const hargs: string[] = [];
          for (const e of chunk) {
            const member = encodeMember(e.userId, e.achievedAt);
            zargs.push(e.score, member);
            hargs.push(e.userId, member);
          }
          await this.redis
            .pipeline()
            .zadd(tmpZ, ...zargs)
            .hset(tmpH, ...hargs)
            .exec();
          n += chunk.length;
        }
      }
      const tx = this.redis.multi();
      if (n === 0) tx.del(zset, hash);
      else tx.rename(tmpZ, zset).rename(tmpH, hash);
      if (n > 0 && opts.expireAt) tx.pexpireat(zset, opts.expireAt).pexpireat(hash, opts.expireAt);
      await tx.exec();
    } finally {
      await this.redis.del(tmpZ, tmpH).catch(() => undefined);
    }
    this.known.add(board);
    return n;
  }

  async offer(board: string, e: BoardEntry, opts: { expireAt?: number } = {}): Promise<boolean> {
    const [zset, hash] = this.keys(board);
    this.known.add(board);
    const r = await this.redis.gamesLbOffer(
      zset,
      hash,
      e.userId,
      String(e.score),
      encodeMember(e.userId, e.achievedAt),
      opts.expireAt ? String(opts.expireAt) : '',
    );
    return r === 1;
  }

  async rank(board: string, userId: string): Promise<RankPosition | null> {
    const w = await this.around(board, userId, -1);
    return w ? { rank: w.rank, total: w.total } : null;
  }

  async range(board: string, start: number, count: number): Promise<BoardEntry[]> {
    if (count <= 0) return [];
    const [zset] = this.keys(board);
    return pairsToEntries(await this.redis.zrevrange(zset, start, start + count - 1, 'WITHSCORES'));
  }

  async around(board: string, userId: string, range: number): Promise<BoardWindow | null> {
    const [zset, hash] = this.keys(board);
    const r = await this.redis.gamesLbAround(zset, hash, userId, String(range));
    if (!r) return null;
    const [rank, total, start, flat] = r;
    return { rank: Number(rank), total: Number(total), start: Number(start), entries: pairsToEntries(flat ?? []) };
  }

  async size(board: string): Promise<number> {
    return this.redis.zcard(this.keys(board)[0]);
  }

  async drop(board: string): Promise<void> {
    await this.redis.del(...this.keys(board));
    this.known.delete(board);
  }

  boards(): string[] {
    return [...this.known];
  }

  version(): null {
    return null;
  }
}
