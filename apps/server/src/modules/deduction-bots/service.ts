/**
 * Custom deduction bots (docs/deduction.md "Bots"): saved per account, shared by a link,
 * and ranked on the ladder. Every saved code version is queued for a ladder run (a job on the
 * database queue, enqueued in the same transaction as the save); the run plays the fixed ladder
 * games in a worker thread with the QuickJS sandbox and records the tally.
 */
import { randomBytes } from 'node:crypto';
import {
  LADDER_ERROR_REASONS,
  type DeductionBot,
  type DeductionBotBody,
  type DeductionLadder,
  type DeductionLadderResult,
  type LadderErrorReason,
} from '@moim/contract';
import { LADDER_OPPONENTS, ladderGames, type BotReply, type BotState } from '@moim/games';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import type { BotMoveRunner } from './bot-move-runner.ts';
import { LadderRunError, runLadderInWorker } from './ladder-runner.ts';
import * as repo from './repo.ts';
import type { DeductionBotsDeps } from './deps.ts';

export const LADDER_JOB = 'deduction-bots.ladder';
/** Bots one account may keep. */
export const MAX_BOTS_PER_USER = 10;

export interface BotOwnerDirectory {
  publicProfiles(ids: string[]): Promise<Map<string, { name: string | null; active: boolean }>>;
}

const newShareId = () => randomBytes(12).toString('base64url');

/** A bot as an online room seats it: its name and the code the room keeps for the whole game. */
export interface SeatableBot {
  id: string;
  name: string;
  version: number;
  code: string;
}

/**
 * A ladder row's `error` column holds the reason, then (for a load error) the bot's own error
 * text: `LOAD_FAILED: SyntaxError: …`. Older rows held a sentence: a failed run, or (DONE) a
 * code that did not load.
 */
function storedLadderError(reason: LadderErrorReason, detail?: string | null): string {
  return (detail ? `${reason}: ${detail}` : reason).slice(0, 500);
}
function ladderErrorOf(status: string, stored: string | null): { errorReason: LadderErrorReason | null; error: string | null } {
  if (!stored) return { errorReason: null, error: null };
  const m = /^([A-Z_]+)(?:: ([\s\S]*))?$/.exec(stored);
  if (m && (LADDER_ERROR_REASONS as readonly string[]).includes(m[1]!)) {
    return { errorReason: m[1] as LadderErrorReason, error: m[1] === 'LOAD_FAILED' ? (m[2] ?? null) : null };
  }
  return { errorReason: status === 'DONE' ? 'LOAD_FAILED' : 'RUN_FAILED', error: null };
}

/** Bots, their links and the ladder; built in index.ts, which registers `runLadder` as the ladder job. */
export class DeductionBotsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: DeductionBotsDeps,
    private readonly moves: BotMoveRunner,
  ) {}

  /**
   * A bot the viewer may seat in an online room: one they could play against alone (their own,
   * or a shared one); someone else's private bot does not exist for them (404).
   */
  async seatable(viewerId: string, botId: string): Promise<SeatableBot> {
    const row = await repo.find(this.ctx.db, botId);
    if (!row || (row.bot.userId !== viewerId && !row.bot.shared)) throw notFound('deduction.botNotFound');
    return { id: row.bot.id, name: row.bot.name, version: row.bot.version, code: row.bot.code };
  }

  /** A seated bot's move, run in the sandbox's thread (bot-move-runner.ts); the referee checks it. */
  roomMove(code: string, state: BotState, seed: number): Promise<BotReply> {
    return this.moves.move(code, state, seed);
  }

  async mine(userId: string): Promise<DeductionBot[]> {
    const rows = await repo.listByUser(this.ctx.db, userId);
    return Promise.all(rows.map((r) => this.toBot(r, userId)));
  }

  async get(viewerId: string | null, botId: string): Promise<DeductionBot> {
    const row = await repo.find(this.ctx.db, botId);
    // someone else's private bot does not exist for the caller
    if (!row || (row.bot.userId !== viewerId && !row.bot.shared)) throw notFound('deduction.botNotFound');
    return this.toBot(row, viewerId);
  }

  async byShareId(viewerId: string | null, shareId: string): Promise<DeductionBot> {
    const row = await repo.findByShare(this.ctx.db, shareId);
    if (!row) throw notFound('deduction.sharedBotNotFound');
    return this.toBot(row, viewerId);
  }

  async create(userId: string, body: DeductionBotBody): Promise<DeductionBot> {
    const id = await this.ctx.db.transaction(async (tx) => {
      if ((await repo.countByUser(tx, userId)) >= MAX_BOTS_PER_USER) {
        throw new AppError(
          'BIZ-3003',
          { key: 'deduction.botLimit', params: { limit: MAX_BOTS_PER_USER } },
          {
            reason: 'BOT_LIMIT',
            limit: MAX_BOTS_PER_USER,
          },
        );
      }
      const bot = await repo.insert(tx, {
        userId,
        name: body.name,
        description: body.description ?? '',
        code: body.code,
        shared: body.shared ?? false,
        shareId: newShareId(),
      });
      await this.queue(tx, bot.id, bot.version);
      return bot.id;
    });
    return this.get(userId, id);
  }

  async update(userId: string, botId: string, body: DeductionBotBody): Promise<DeductionBot> {
    const row = await this.ownBot(userId, botId);
    await this.ctx.db.transaction(async (tx) => {
      const bot = await repo.update(tx, botId, userId, {
        name: body.name,
        description: body.description ?? '',
        code: body.code,
        shared: body.shared ?? false,
      });
      if (!bot) throw notFound('deduction.botNotFound');
      if (bot.version !== row.bot.version) await this.queue(tx, bot.id, bot.version);
    });
    return this.get(userId, botId);
  }

  async remove(userId: string, botId: string): Promise<{ deleted: boolean }> {
    await this.ownBot(userId, botId);
    return { deleted: await repo.remove(this.ctx.db, botId, userId) };
  }

  async requeue(userId: string, botId: string): Promise<DeductionBot> {
    const row = await this.ownBot(userId, botId);
    if (row.ladder && (row.ladder.status === 'QUEUED' || row.ladder.status === 'RUNNING') && row.ladder.version === row.bot.version) {
      throw new AppError('BIZ-3002', 'deduction.ladderBusy', { status: row.ladder.status });
    }
    await this.ctx.db.transaction(async (tx) => {
      // A re-run of the same version gets its own job (the earlier one is done).
      await repo.queueLadder(tx, botId, row.bot.version);
      await this.ctx.jobs.enqueue(
        LADDER_JOB,
        { botId, version: row.bot.version },
        { dedupeKey: `ladder:${botId}:${row.bot.version}:${Date.now()}`, maxAttempts: 2 },
        tx,
      );
    });
    return this.get(userId, botId);
  }

  async ladder(limit: number): Promise<DeductionLadder> {
    const rows = await repo.standings(this.ctx.db, limit);
    const names = await this.ownerNames(rows.map((r) => r.bot.userId));
    return {
      games: ladderGames(this.deps.ladder?.seeds).length,
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
  }

  /** The job: plays the ladder of a bot version. */
  async runLadder(botId: string, version: number): Promise<void> {
    const { db } = this.ctx;
    const row = await repo.find(db, botId);
    // Deleted, or a newer version was saved meanwhile (its own job runs it).
    if (!row || row.bot.version !== version) return;
    if (!(await repo.claimLadder(db, botId, version))) return;
    try {
      const run = await runLadderInWorker(row.bot.code, this.deps.ladder);
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
        error: run.loadError ? storedLadderError('LOAD_FAILED', run.loadError) : null,
      });
    } catch (err) {
      // A bot that cannot be stopped in time is disqualified, not retried.
      this.ctx.log.warn({ err, botId, version }, 'deduction bot ladder run failed');
      await repo.finishLadder(db, botId, version, {
        status: 'FAILED',
        error: storedLadderError(err instanceof LadderRunError ? err.reason : 'RUN_FAILED'),
      });
    }
  }

  private async ownerNames(ids: string[]): Promise<Map<string, string | null>> {
    const found = await this.deps.users.publicProfiles([...new Set(ids)]);
    return new Map(ids.map((id) => [id, found.get(id)?.active ? (found.get(id)?.name ?? null) : null]));
  }

  private async ladderOf(l: repo.LadderRow | null): Promise<DeductionLadderResult> {
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
        errorReason: null,
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
      rank: l.status === 'DONE' && l.finishedAt ? await repo.rankOf(this.ctx.db, l) : null,
      ...ladderErrorOf(l.status, l.error),
      finishedAt: l.finishedAt?.toISOString() ?? null,
      games: l.games as DeductionLadderResult['games'],
    };
  }

  private async toBot(row: { bot: repo.BotRow; ladder: repo.LadderRow | null }, viewerId: string | null): Promise<DeductionBot> {
    const b = row.bot;
    const names = await this.ownerNames([b.userId]);
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
      ladder: await this.ladderOf(row.ladder),
    };
  }

  /**
   * A bot the caller may change: their own. Someone else's shared bot is public (403); their
   * private one does not exist for the caller (404, as a missing one).
   */
  private async ownBot(userId: string, botId: string): Promise<{ bot: repo.BotRow; ladder: repo.LadderRow | null }> {
    const row = await repo.find(this.ctx.db, botId);
    if (!row || (row.bot.userId !== userId && !row.bot.shared)) throw notFound('deduction.botNotFound');
    if (row.bot.userId !== userId) throw forbidden('deduction.notYourBot');
    return row;
  }

  private async queue(tx: Tx, botId: string, version: number): Promise<void> {
    await repo.queueLadder(tx, botId, version);
    await this.ctx.jobs.enqueue(LADDER_JOB, { botId, version }, { dedupeKey: `ladder:${botId}:${version}`, maxAttempts: 2 }, tx);
  }
}
