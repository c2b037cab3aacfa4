/**
 * Custom deduction bots (docs/deduction.md "Bots"): saved per account, shared by a link,
 * and ranked on the ladder. Every saved code version is queued for a ladder run (a job on the
 * database queue, enqueued in the same transaction as the save); the run plays the fixed ladder
 * games in a worker thread with the QuickJS sandbox and records the tally.
 */
import { randomBytes } from 'node:crypto';
import type { DeductionBot, DeductionBotBody, DeductionLadder, DeductionLadderResult } from '@moim/contract';
import { LADDER_OPPONENTS, ladderGames } from '@moim/games';
import type { AppContext } from '../../context.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import { runLadderInWorker, type LadderRunnerOptions } from './ladder-runner.ts';
import * as repo from './repo.ts';

export const LADDER_JOB = 'deduction-bots.ladder';
/** Bots one account may keep. */
export const MAX_BOTS_PER_USER = 10;

export interface BotOwnerDirectory {
  publicProfiles(ids: string[]): Promise<Map<string, { name: string | null; active: boolean }>>;
}

export interface DeductionBotsDeps {
  users: BotOwnerDirectory;
  /** A shorter ladder or other limits (tests). */
  ladder?: LadderRunnerOptions;
}

export interface DeductionBotsService {
  mine(userId: string): Promise<DeductionBot[]>;
  get(viewerId: string | null, botId: string): Promise<DeductionBot>;
  byShareId(viewerId: string | null, shareId: string): Promise<DeductionBot>;
  create(userId: string, body: DeductionBotBody): Promise<DeductionBot>;
  update(userId: string, botId: string, body: DeductionBotBody): Promise<DeductionBot>;
  remove(userId: string, botId: string): Promise<{ deleted: boolean }>;
  requeue(userId: string, botId: string): Promise<DeductionBot>;
  ladder(limit: number): Promise<DeductionLadder>;
  /** The job: plays the ladder of a bot version. */
  runLadder(botId: string, version: number): Promise<void>;
}

const newShareId = () => randomBytes(12).toString('base64url');

export function createDeductionBotsService(ctx: AppContext, deps: DeductionBotsDeps): DeductionBotsService {
  const db = ctx.db;

  async function ownerNames(ids: string[]): Promise<Map<string, string | null>> {
    const found = await deps.users.publicProfiles([...new Set(ids)]);
    return new Map(ids.map((id) => [id, found.get(id)?.active ? (found.get(id)?.name ?? null) : null]));
  }

  async function ladderOf(l: repo.LadderRow | null): Promise<DeductionLadderResult> {
    if (!l) {
      return {
        status: 'NONE',
        version: 0,
        played: 0,
        wins: 0,
        draws: 0,
        losses: 0,
        points: 0,
        winGuesses: 0,
        faults: 0,
        rank: null,
        error: null,
        finishedAt: null,
        games: [],
      };
    }
    return {
      status: l.status,
      version: l.version,
      played: l.played,
      wins: l.wins,
      draws: l.draws,
      losses: l.losses,
      points: l.points,
      winGuesses: l.winGuesses,
      faults: l.faults,
      rank: l.status === 'DONE' && l.finishedAt ? await repo.rankOf(db, l) : null,
      error: l.error,
      finishedAt: l.finishedAt?.toISOString() ?? null,
      games: l.games as DeductionLadderResult['games'],
    };
  }

  async function toBot(row: { bot: repo.BotRow; ladder: repo.LadderRow | null }, viewerId: string | null): Promise<DeductionBot> {
    const b = row.bot;
    const names = await ownerNames([b.userId]);
    return {
      id: b.id,
      name: b.name,
      description: b.description,
      code: b.code,
      version: b.version,
      shared: b.shared,
      shareId: b.shared ? b.shareId : null,
      owner: { id: b.userId, name: names.get(b.userId) ?? null },
      isMine: viewerId === b.userId,
      createdAt: b.createdAt.toISOString(),
      updatedAt: b.updatedAt.toISOString(),
      ladder: await ladderOf(row.ladder),
    };
  }

  async function queue(tx: Parameters<Parameters<typeof db.transaction>[0]>[0], botId: string, version: number) {
    await repo.queueLadder(tx, botId, version);
    await ctx.jobs.enqueue(LADDER_JOB, { botId, version }, { dedupeKey: `ladder:${botId}:${version}`, maxAttempts: 2 }, tx);
  }

  return {
    async mine(userId) {
      const rows = await repo.listByUser(db, userId);
      return Promise.all(rows.map((r) => toBot(r, userId)));
    },

    async get(viewerId, botId) {
      const row = await repo.find(db, botId);
      if (!row) throw notFound('봇을 찾을 수 없습니다.');
      if (row.bot.userId !== viewerId && !row.bot.shared) throw forbidden('공유되지 않은 봇입니다.');
      return toBot(row, viewerId);
    },

    async byShareId(viewerId, shareId) {
      const row = await repo.findByShare(db, shareId);
      if (!row) throw notFound('공유된 봇을 찾을 수 없습니다.');
      return toBot(row, viewerId);
    },

    async create(userId, body) {
      const id = await db.transaction(async (tx) => {
        if ((await repo.countByUser(tx, userId)) >= MAX_BOTS_PER_USER) {
          throw new AppError('BIZ-3003', `봇은 ${MAX_BOTS_PER_USER}개까지 만들 수 있습니다.`, { limit: MAX_BOTS_PER_USER });
        }
        const bot = await repo.insert(tx, {
          userId,
          name: body.name,
          description: body.description ?? '',
          code: body.code,
          shared: body.shared ?? false,
          shareId: newShareId(),
        });
        await queue(tx, bot.id, bot.version);
        return bot.id;
      });
      return this.get(userId, id);
    },

    async update(userId, botId, body) {
      const row = await repo.find(db, botId);
      if (!row) throw notFound('봇을 찾을 수 없습니다.');
      if (row.bot.userId !== userId) throw forbidden('다른 사용자의 봇입니다.');
      await db.transaction(async (tx) => {
        const bot = await repo.update(tx, botId, userId, {
          name: body.name,
          description: body.description ?? '',
          code: body.code,
          shared: body.shared ?? false,
        });
        if (!bot) throw notFound('봇을 찾을 수 없습니다.');
        if (bot.version !== row.bot.version) await queue(tx, bot.id, bot.version);
      });
      return this.get(userId, botId);
    },

    async remove(userId, botId) {
      const row = await repo.find(db, botId);
      if (!row) throw notFound('봇을 찾을 수 없습니다.');
      if (row.bot.userId !== userId) throw forbidden('다른 사용자의 봇입니다.');
      return { deleted: await repo.remove(db, botId, userId) };
    },

    async requeue(userId, botId) {
      const row = await repo.find(db, botId);
      if (!row) throw notFound('봇을 찾을 수 없습니다.');
      if (row.bot.userId !== userId) throw forbidden('다른 사용자의 봇입니다.');
      if (row.ladder && (row.ladder.status === 'QUEUED' || row.ladder.status === 'RUNNING') && row.ladder.version === row.bot.version) {
        throw new AppError('BIZ-3002', '이미 순위전을 기다리거나 치르는 중입니다.');
      }
      await db.transaction(async (tx) => {
        // A re-run of the same version gets its own job (the earlier one is done).
        await repo.queueLadder(tx, botId, row.bot.version);
        await ctx.jobs.enqueue(
          LADDER_JOB,
          { botId, version: row.bot.version },
          { dedupeKey: `ladder:${botId}:${row.bot.version}:${Date.now()}`, maxAttempts: 2 },
          tx,
        );
      });
      return this.get(userId, botId);
    },

    async ladder(limit) {
      const rows = await repo.standings(db, limit);
      const names = await ownerNames(rows.map((r) => r.bot.userId));
      return {
        games: ladderGames(deps.ladder?.seeds).length,
        opponents: [...LADDER_OPPONENTS],
        entries: rows.map((r) => ({
          rank: r.rank,
          botId: r.bot.id,
          botName: r.bot.name,
          shareId: r.bot.shared ? r.bot.shareId : null,
          owner: { id: r.bot.userId, name: names.get(r.bot.userId) ?? null },
          played: r.ladder.played,
          wins: r.ladder.wins,
          draws: r.ladder.draws,
          losses: r.ladder.losses,
          points: r.ladder.points,
          winGuesses: r.ladder.winGuesses,
          faults: r.ladder.faults,
          finishedAt: r.ladder.finishedAt!.toISOString(),
        })),
      };
    },

    async runLadder(botId, version) {
      const row = await repo.find(db, botId);
      // Deleted, or a newer version was saved meanwhile (its own job runs it).
      if (!row || row.bot.version !== version) return;
      if (!(await repo.claimLadder(db, botId, version))) return;
      try {
        const run = await runLadderInWorker(row.bot.code, deps.ladder);
        await repo.finishLadder(db, botId, version, {
          status: 'DONE',
          played: run.played,
          wins: run.wins,
          draws: run.draws,
          losses: run.losses,
          points: run.points,
          winGuesses: run.winGuesses,
          faults: run.faults,
          games: run.games,
          error: run.loadError ? `코드를 불러오지 못했습니다: ${run.loadError}`.slice(0, 500) : null,
        });
      } catch (err) {
        // A bot that cannot be stopped in time is disqualified, not retried.
        ctx.log.warn({ err, botId, version }, 'deduction bot ladder run failed');
        await repo.finishLadder(db, botId, version, { status: 'FAILED', error: ((err as Error).message ?? 'failed').slice(0, 500) });
      }
    },
  };
}
