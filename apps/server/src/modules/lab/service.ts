/**
 * The lab's rules: a signed-in user's saved rosters (at most 50) and Spotlight Arena history
 * (the newest 500 kept). Only the owner reads or changes them: another user's id answers
 * 404, the same as an id that does not exist. A draw is stored only if its seed replays to its
 * winners with the shared draw code (@moim/games), so the history cannot claim a result the
 * fair draw would not give.
 */
import {
  type Draw,
  type DrawStats,
  LAB_LIMITS,
  type Page,
  type Roster,
  type RosterSummary,
  drawBody as drawBodySchema,
  rosterBody as rosterBodySchema,
  toPage,
} from '@moim/contract';
import { replaysTo } from '@moim/games';
import type { z } from 'zod';
import { type Clock, systemClock } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import * as repo from './repo.ts';
import type { DrawRow, RosterRow } from './schema.ts';

type RosterInput = z.output<typeof rosterBodySchema>;
type DrawInput = z.output<typeof drawBodySchema>;

const rosterNotFound = () => new AppError('BIZ-3001', 'lab.rosterNotFound');

function toRoster(r: RosterRow): Roster {
  return {
    id: r.id,
    name: r.name,
    people: r.people,
    settings: r.settings ?? null,
    recent: r.recent,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

function toDraw(r: DrawRow): Draw {
  return {
    id: r.id,
    clientId: r.clientId,
    game: r.game,
    mode: r.mode ?? null,
    seed: r.seed,
    entries: r.entries,
    count: r.count,
    allowRepeat: r.allowRepeat,
    excluded: r.excluded,
    winners: r.winners,
    playedAt: r.playedAt.toISOString(),
  };
}

function rosterValues(b: RosterInput): repo.RosterValues {
  return {
    name: b.name,
    people: b.people.map((p) => ({ name: p.name, tags: p.tags })),
    settings: b.settings,
    recent: b.recent,
  };
}

/** The lab's rules; built in index.ts (a test may hand it another clock). */
export class LabService {
  constructor(
    private readonly ctx: AppContext,
    private readonly clock: Clock = systemClock,
  ) {}

  async listRosters(user: AuthUser, q: { page: number; size: number; sort: string }): Promise<Page<RosterSummary>> {
    const { rows, total } = await repo.listRosters(this.ctx.db, user.id, q);
    return toPage(
      rows.map((r) => ({ id: r.id, name: r.name, peopleCount: r.peopleCount, updatedAt: r.updatedAt.toISOString() })),
      total,
      q,
    );
  }

  async getRoster(user: AuthUser, id: string): Promise<Roster> {
    const row = await repo.findRoster(this.ctx.db, user.id, id);
    if (!row) throw rosterNotFound();
    return toRoster(row);
  }

  async createRoster(user: AuthUser, body: RosterInput): Promise<Roster> {
    const row = await this.ctx.db.transaction(async (tx) => {
      await repo.lockOwner(tx, user.id);
      if ((await repo.countRosters(tx, user.id)) >= LAB_LIMITS.rostersPerUser) {
        throw new AppError(
          'BIZ-3003',
          { key: 'lab.rosterLimit', params: { limit: LAB_LIMITS.rostersPerUser } },
          {
            reason: 'ROSTER_LIMIT',
            limit: LAB_LIMITS.rostersPerUser,
          },
        );
      }
      return repo.insertRoster(tx, user.id, rosterValues(body));
    });
    return toRoster(row);
  }

  async updateRoster(user: AuthUser, id: string, body: RosterInput): Promise<Roster> {
    const row = await repo.updateRoster(this.ctx.db, user.id, id, rosterValues(body));
    if (!row) throw rosterNotFound();
    return toRoster(row);
  }

  async deleteRoster(user: AuthUser, id: string): Promise<void> {
    if (!(await repo.deleteRoster(this.ctx.db, user.id, id))) throw rosterNotFound();
  }

  async listDraws(user: AuthUser, q: { page: number; size: number; sort: string }): Promise<Page<Draw>> {
    const { rows, total } = await repo.listDraws(this.ctx.db, user.id, q);
    return toPage(rows.map(toDraw), total, q);
  }

  async recordDraw(user: AuthUser, body: DrawInput): Promise<{ draw: Draw; created: boolean }> {
    const values = this.drawValues(body);
    const result = await this.ctx.db.transaction(async (tx) => {
      await repo.lockOwner(tx, user.id);
      const r = await repo.insertDraw(tx, user.id, values);
      if (r.created) await repo.trimDraws(tx, user.id, LAB_LIMITS.drawsKept);
      return r;
    });
    return { draw: toDraw(result.row), created: result.created };
  }

  async importDraws(user: AuthUser, bodies: DrawInput[]): Promise<{ imported: number; skipped: number }> {
    // every record is checked before any is stored: one bad record refuses the batch
    const values = bodies.map((b) => this.drawValues(b));
    return this.ctx.db.transaction(async (tx) => {
      await repo.lockOwner(tx, user.id);
      let imported = 0;
      for (const v of values) if ((await repo.insertDraw(tx, user.id, v)).created) imported++;
      await repo.trimDraws(tx, user.id, LAB_LIMITS.drawsKept);
      return { imported, skipped: values.length - imported };
    });
  }

  async drawStats(user: AuthUser): Promise<DrawStats> {
    return { draws: await repo.countDraws(this.ctx.db, user.id), participants: await repo.drawStats(this.ctx.db, user.id) };
  }

  async clearDraws(user: AuthUser): Promise<{ deleted: number }> {
    return { deleted: await repo.deleteDraws(this.ctx.db, user.id) };
  }

  private drawValues(b: DrawInput): repo.DrawValues {
    // the request alone is wrong: its seed does not give its winners (400, as any malformed input)
    if (!replaysTo({ entries: b.entries, count: b.count, allowRepeat: b.allowRepeat, seed: b.seed, winners: b.winners })) {
      throw new AppError('VAL-2001', 'lab.replayMismatch', { reason: 'REPLAY_MISMATCH' });
    }
    const playedAt = b.playedAt ? new Date(b.playedAt) : this.clock();
    if (playedAt.getTime() > this.clock().getTime() + 5 * 60_000)
      throw new AppError('VAL-2004', 'lab.playedInFuture', { reason: 'IN_FUTURE' });
    return {
      clientId: b.clientId,
      game: b.game,
      mode: b.mode,
      seed: b.seed,
      entries: b.entries.map((e) => ({ name: e.name, weight: e.weight })),
      count: b.count,
      allowRepeat: b.allowRepeat,
      excluded: b.excluded,
      winners: b.winners,
      playedAt,
    };
  }
}
