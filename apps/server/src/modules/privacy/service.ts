/**
 * Members' data export (docs/privacy.md "Export"). A request makes one PENDING export per member
 * (asking again while it is pending returns it) and queues `privacy.export` in the same
 * transaction; the job gathers every module's section through the module's own `privacy`
 * interface, zips them, stores the zip in the row, and announces it by notice and mail. The zip
 * can be downloaded for DATA_EXPORT_DAYS days; the expiry job then removes it. Requests and
 * downloads are security-log entries.
 */
import { DATA_EXPORT_DAYS, DATA_EXPORT_FILE_PREFIX, seoulDate, type DataExport } from '@moim/contract';
import { type Clock, systemClock } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { notice } from '../notifications/index.ts';
import type { SecurityLog } from '../security-log/index.ts';
import type { PersonalDataSection } from '../types.ts';
import { buildArchive, type CollectedSection } from './archive.ts';
import * as repo from './repo.ts';

export const EXPORT_JOB = 'privacy.export';
export const EXPIRY_JOB = 'privacy.export-expiry';
/** tries of the export job before the export is marked FAILED (the member may ask again) */
const EXPORT_ATTEMPTS = 3;
/** how many of a member's exports the settings page lists */
const LISTED = 5;

export interface PrivacyDeps {
  /** every module's files of the export (the composition root gathers them) */
  sections: readonly PersonalDataSection[];
  notifications: Pick<NotificationsService, 'notify'>;
  securityLog: Pick<SecurityLog, 'record'>;
  clock?: Clock;
}

export interface ExportDownload {
  bytes: Buffer;
  fileName: string;
}

const toExport = (r: repo.DataExportMeta): DataExport => ({
  id: r.id,
  status: r.status,
  requestedAt: r.requestedAt.toISOString(),
  readyAt: r.readyAt?.toISOString() ?? null,
  expiresAt: r.expiresAt?.toISOString() ?? null,
  sizeBytes: r.sizeBytes,
  downloadedAt: r.downloadedAt?.toISOString() ?? null,
});

const target = (id: string) => ({ kind: 'data_export', id });

/** The export's rules; built in index.ts, which registers `prepare` and `expire` as its jobs. */
export class DataExportService {
  private readonly clock: Clock;

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: PrivacyDeps,
  ) {
    this.clock = deps.clock ?? systemClock;
  }

  /** The job: gather, zip, store, announce. Idempotent: a redelivery finds the export no longer pending. */
  async prepare(exportId: string, attempt = 1): Promise<void> {
    const { db } = this.ctx;
    const row = await repo.findMeta(db, exportId);
    if (!row || row.status !== 'PENDING') return;
    try {
      const collected: CollectedSection[] = [];
      for (const section of this.deps.sections) collected.push({ section, data: await section.collect(row.userId) });
      const now = this.clock();
      const archive = buildArchive(row.userId, now, collected);
      const expiresAt = new Date(now.getTime() + DATA_EXPORT_DAYS * 86_400_000);
      await db.transaction(async (tx) => {
        const ready = await repo.markReady(tx, exportId, archive, now, expiresAt);
        if (!ready) return;
        await this.deps.notifications.notify(
          row.userId,
          { type: 'GENERAL', message: notice('notice.dataExport.ready', { until: expiresAt.toISOString() }), link: '/users/me/edit' },
          tx,
        );
      });
      this.ctx.log.info({ exportId, bytes: archive.length, files: collected.length }, 'data export ready');
    } catch (err) {
      if (attempt < EXPORT_ATTEMPTS) throw err;
      this.ctx.log.error({ err, exportId }, 'data export failed');
      await repo.markFailed(db, exportId);
    }
  }

  /** A new export, or the pending one (no duplicate work). */
  async request(userId: string): Promise<{ export: DataExport; created: boolean }> {
    const result = await this.ctx.db.transaction(async (tx) => {
      const made = await repo.insertPending(tx, userId, this.clock());
      if (!made) {
        const pending = await repo.findPending(tx, userId);
        if (pending) return { row: pending, created: false };
        throw new AppError('AUTH-1040'); // (a pending one finished between the two reads: ask again)
      }
      await this.ctx.jobs.enqueue(
        EXPORT_JOB,
        { exportId: made.id },
        { dedupeKey: `data-export:${made.id}`, maxAttempts: EXPORT_ATTEMPTS },
        tx,
      );
      await this.deps.securityLog.record({ action: 'account.export.requested', actor: userId, target: target(made.id) }, tx);
      return { row: made, created: true };
    });
    return { export: toExport(result.row), created: result.created };
  }

  async list(userId: string): Promise<DataExport[]> {
    return (await repo.listForUser(this.ctx.db, userId, LISTED)).map(toExport);
  }

  /**
   * The zip of the caller's own ready export. Another member's export, or an unknown id,
   * answers BIZ-3001 as if it did not exist; a pending one AUTH-1040; an expired (or failed)
   * one AUTH-1041. The route asks for a fresh proof of identity (step-up) before this.
   */
  async download(userId: string, id: string): Promise<ExportDownload> {
    const { db } = this.ctx;
    const row = await repo.findMeta(db, id);
    if (!row || row.userId !== userId) throw notFound('privacy.exportNotFound');
    if (row.status === 'PENDING') throw new AppError('AUTH-1040');
    const now = this.clock();
    const bytes = row.status === 'READY' ? await repo.readArchive(db, id, now) : undefined;
    if (!bytes) throw new AppError('AUTH-1041');
    await repo.markDownloaded(db, id, now);
    await this.deps.securityLog.record({
      action: 'account.export.downloaded',
      actor: userId,
      target: target(id),
      details: { bytes: bytes.length },
    });
    return { bytes, fileName: `${DATA_EXPORT_FILE_PREFIX}-${seoulDate(row.readyAt ?? now)}.zip` };
  }

  /** Expiry: ready exports past their days lose their zip. How many. */
  async expire(now: Date = this.clock()): Promise<number> {
    const n = await repo.expireDue(this.ctx.db, now);
    if (n) this.ctx.log.info({ expired: n }, 'data exports expired');
    return n;
  }

  /** Erasure: a deleted account's exports go. */
  async forget(userId: string): Promise<void> {
    await repo.deleteForUser(this.ctx.db, userId);
  }
}
