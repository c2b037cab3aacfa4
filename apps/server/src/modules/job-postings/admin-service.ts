/**
 * The back office of the navigator (ROLE_ADMIN, checked by the routes' guard and again here):
 * add or edit one posting, feed sources, corrections with their status machine (contract
 * CORRECTION_TRANSITIONS; the reporter is notified of each change).
 */
import {
  canMoveCorrection,
  toPage,
  type Correction,
  type CorrectionStatus,
  type CorrectionStatusBody,
  type ImportSource,
  type JobPostingDetail,
  type Page,
  type importSourceInput,
  type importSourcePatch,
  type jobPostingInput,
} from '@moim/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, badState, notFound } from '../../http/app-error.ts';
import { isAdmin, type AuthUser } from '../../http/auth-guard.ts';
import { notice, type NotificationsService } from '../notifications/index.ts';
import { resolveCompany } from './catalogue-repo.ts';
import * as sources from './import-repo.ts';
import type { ImportService, UserNames } from './import-service.ts';
import { toCorrection } from './member-service.ts';
import { findPostingRow, insertPosting, preparePosting, replacePosting } from './posting-repo.ts';
import type { PostingService } from './posting-service.ts';
import * as repo from './repo.ts';
import type { SourceWithLastRun } from './import-repo.ts';
import { renderErrorText, type ErrorTextKey } from '../../i18n/error-texts.ts';
import type { Locale } from '../../i18n/messages.ts';

type PostingData = z.output<typeof jobPostingInput>;

const STATUS_TEXT: Record<CorrectionStatus, ErrorTextKey> = {
  OPEN: 'jobs.correctionStatus.open',
  IN_REVIEW: 'jobs.correctionStatus.inReview',
  RESOLVED: 'jobs.correctionStatus.resolved',
  REJECTED: 'jobs.correctionStatus.rejected',
};

/** A correction's move in the reader's words. */
function statusWords(from: CorrectionStatus, to: CorrectionStatus, locale: Locale): { from: string; to: string } {
  return { from: renderErrorText(STATUS_TEXT[from], locale), to: renderErrorText(STATUS_TEXT[to], locale) };
}

/** Another posting has this source address: the state of the catalogue forbids it (409), the field says where. */
const duplicateSource = () =>
  new AppError('BIZ-3002', 'jobs.sourceUrlTaken', {
    reason: 'SOURCE_URL_TAKEN',
    fields: [{ path: 'body.sourceUrl', code: 'duplicate', message: 'form.sourceUrlTaken' }],
  });

const companyNameRequired = () =>
  new AppError('VAL-2003', 'jobs.companyNameForRss', {
    fields: [{ path: 'body.companyName', code: 'missing', message: 'form.companyNameForRss' }],
  });

export function toSource(s: SourceWithLastRun): ImportSource {
  return {
    id: s.id,
    name: s.name,
    format: s.format,
    url: s.url,
    companyName: s.companyName,
    encoding: s.encoding,
    enabled: s.enabled,
    lastRunAt: s.lastRunAt ? s.lastRunAt.toISOString() : null,
    lastRunStatus: s.lastRunStatus,
    createdAt: s.createdAt.toISOString(),
  };
}

export class AdminService {
  constructor(
    private readonly ctx: AppContext,
    private readonly postings: PostingService,
    private readonly imports: ImportService,
    private readonly users: UserNames,
    private readonly notifications: Pick<NotificationsService, 'notify'>,
    /** clears the public read caches (caches.ts) after a posting was written */
    private readonly changed: () => void = () => undefined,
  ) {}

  private check(admin: AuthUser): void {
    // a role the caller lacks (the routes' guard refuses first; this keeps the service safe on its own)
    if (!isAdmin(admin)) throw new AppError('AUTH-1005');
  }

  // --- postings ------------------------------------------------------------------------------

  async createPosting(admin: AuthUser, data: PostingData): Promise<JobPostingDetail> {
    this.check(admin);
    await this.postings.catalogue.ready();
    let id: string;
    try {
      id = await this.ctx.db.transaction(async (tx) => {
        const company = await resolveCompany(tx, data.company);
        const required = await this.postings.catalogue.resolve(tx, data.requiredSkills);
        const preferred = await this.postings.catalogue.resolve(tx, data.preferredSkills);
        return insertPosting(tx, preparePosting(data, company, { required, preferred }, this.postings.catalogue));
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicateSource();
      throw err;
    }
    this.changed();
    return this.postings.detail(id, null);
  }

  async editPosting(admin: AuthUser, id: string, data: PostingData): Promise<JobPostingDetail> {
    this.check(admin);
    if (!(await findPostingRow(this.ctx.db, id))) throw notFound('jobs.postingNotFound');
    await this.postings.catalogue.ready();
    try {
      await this.ctx.db.transaction(async (tx) => {
        const company = await resolveCompany(tx, data.company);
        const required = await this.postings.catalogue.resolve(tx, data.requiredSkills);
        const preferred = await this.postings.catalogue.resolve(tx, data.preferredSkills);
        await replacePosting(tx, id, preparePosting(data, company, { required, preferred }, this.postings.catalogue));
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicateSource();
      throw err;
    }
    this.changed();
    return this.postings.detail(id, null);
  }

  // --- sources -------------------------------------------------------------------------------

  async sources(admin: AuthUser): Promise<ImportSource[]> {
    this.check(admin);
    return (await sources.listSources(this.ctx.db)).map(toSource);
  }

  private async sourceView(id: string): Promise<ImportSource> {
    const s = (await sources.listSources(this.ctx.db)).find((x) => x.id === id);
    if (!s) throw notFound('jobs.sourceNotFound');
    return toSource(s);
  }

  async createSource(admin: AuthUser, input: z.output<typeof importSourceInput>): Promise<ImportSource> {
    this.check(admin);
    if (input.format === 'RSS' && !input.companyName) throw companyNameRequired();
    const row = await sources.insertSource(this.ctx.db, { ...input, companyName: input.companyName ?? null, createdBy: admin.id });
    return this.sourceView(row.id);
  }

  async patchSource(admin: AuthUser, id: string, patch: z.output<typeof importSourcePatch>): Promise<ImportSource> {
    this.check(admin);
    const current = await sources.findSource(this.ctx.db, id);
    if (!current) throw notFound('jobs.sourceNotFound');
    const format = patch.format ?? current.format;
    const companyName = patch.companyName !== undefined ? patch.companyName : current.companyName;
    if (format === 'RSS' && !companyName) throw companyNameRequired();
    await sources.updateSource(this.ctx.db, id, { ...patch, companyName: companyName ?? null });
    return this.sourceView(id);
  }

  async deleteSource(admin: AuthUser, id: string): Promise<void> {
    this.check(admin);
    if (!(await sources.deleteSource(this.ctx.db, id))) throw notFound('jobs.sourceNotFound');
  }

  async runSource(admin: AuthUser, id: string) {
    this.check(admin);
    const source = await sources.findSource(this.ctx.db, id);
    if (!source) throw notFound('jobs.sourceNotFound');
    const run = await this.ctx.db.transaction((tx) => this.imports.runSource(source, admin.id, tx));
    return this.imports.view(run);
  }

  // --- corrections ---------------------------------------------------------------------------

  async corrections(admin: AuthUser, q: { page: number; size: number; status?: string | undefined }): Promise<Page<Correction>> {
    this.check(admin);
    const { rows, total } = await repo.listCorrections(this.ctx.db, q);
    const names = await this.users.names([...new Set(rows.flatMap((r) => (r.reporterId ? [r.reporterId] : [])))]);
    return toPage(
      rows.map((r) => toCorrection(r, r.reporterId ? { id: r.reporterId, name: names.get(r.reporterId) ?? '' } : null)),
      total,
      q,
    );
  }

  async moveCorrection(admin: AuthUser, id: string, body: CorrectionStatusBody, locale: Locale = 'ko'): Promise<Correction> {
    this.check(admin);
    const current = await repo.findCorrection(this.ctx.db, id);
    if (!current) throw notFound('jobs.correctionNotFound');
    if (!canMoveCorrection(current.status, body.status)) {
      throw badState(
        { key: 'jobs.correctionMove', params: statusWords(current.status, body.status, locale) },
        { reason: 'TRANSITION', from: current.status, to: body.status },
      );
    }
    await this.ctx.db.transaction(async (tx) => {
      if (!(await repo.moveCorrection(tx, id, current.status, body.status, body.adminNote))) {
        throw badState('jobs.correctionChanged', { reason: 'CHANGED_MEANWHILE' });
      }
      if (current.reporterId) {
        await this.notifications.notify(
          current.reporterId,
          {
            type: 'GENERAL',
            message: notice('notice.jobs.correction', {
              status: body.status,
              posting: current.postingTitle ?? current.message.slice(0, 60),
              note: body.adminNote ?? '',
            }),
            link: current.postingId ? `/ignition/navigator?jobId=${current.postingId}` : '/ignition/navigator',
            mail: false,
          },
          tx,
        );
      }
    });
    const updated = (await repo.findCorrection(this.ctx.db, id))!;
    const names = current.reporterId ? await this.users.names([current.reporterId]) : new Map<string, string>();
    return toCorrection(updated, current.reporterId ? { id: current.reporterId, name: names.get(current.reporterId) ?? '' } : null);
  }
}
