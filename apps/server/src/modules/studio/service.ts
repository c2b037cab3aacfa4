/**
 * Studio rules (docs/studio.md): members submit text or a URL (5 analyses per Asia/Seoul day;
 * the same URL within 24 h returns the earlier analysis without using quota), keep documents
 * with versions, re-analyse a revision and compare two versions. Every call checks that the
 * document is the caller's; someone else's document answers 404 like a missing one.
 */
import {
  STUDIO_LIMITS,
  type StudioAnalysis,
  type StudioComparison,
  type StudioDocument,
  type StudioDocumentList,
  type StudioDraft,
  type StudioDraftSave,
  type StudioQuota,
  type StudioRevision,
  type StudioSubmission,
  type StudioSubmitResult,
  compareResults,
  nextSeoulMidnight,
  normalizeStudioUrl,
  seoulDate,
  toPage,
} from '@moim/contract';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, badState, notFound } from '../../http/app-error.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import { ANALYZE_JOB, ANALYZE_MAX_ATTEMPTS } from './runner.ts';
import * as repo from './repo.ts';
import type { StudioAnalysisRow, StudioDocumentRow } from './schema.ts';
import { toAnalysis, toDocument, toDocumentSummary, toDraft } from './views.ts';

const documentNotFound = () => notFound('studio.documentNotFound');
const analysisNotFound = () => notFound('studio.analysisNotFound');

/** A title for a document: the given one, else the first heading, else the first line. */
export function titleOf(given: string | undefined, text: string | null, url: string | null): string {
  if (given?.trim()) return given.trim().slice(0, STUDIO_LIMITS.titleMax);
  if (text) {
    const heading = /^#{1,6}\s+(.+)$/m.exec(text)?.[1];
    const first =
      heading ??
      text
        .split('\n')
        .find((l) => l.trim())
        ?.trim() ??
      '';
    return first
      .replace(/[*_`#>]/g, '')
      .slice(0, 60)
      .trim();
  }
  if (url) {
    try {
      return new URL(url).hostname;
    } catch {
      return '';
    }
  }
  return '';
}

export class StudioService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db;
  }

  // ---- quota

  async quota(user: AuthUser, now = new Date()): Promise<StudioQuota> {
    const used = await repo.quotaUsed(this.db, user.id, seoulDate(now));
    return this.quotaView(used, now);
  }

  private quotaView(used: number, now = new Date()): StudioQuota {
    const limit = STUDIO_LIMITS.dailyQuota;
    return { limit, used, remaining: Math.max(0, limit - used), resetsAt: nextSeoulMidnight(now).toISOString() };
  }

  /** Use one analysis of today's quota inside `tx`, or refuse with 429 BIZ-3004 and the reset time. */
  private async consume(tx: Tx, userId: string, now: Date): Promise<{ day: string; used: number }> {
    const day = seoulDate(now);
    const used = await repo.consumeQuota(tx, userId, day, STUDIO_LIMITS.dailyQuota);
    if (used === null) {
      const resetsAt = nextSeoulMidnight(now);
      throw new AppError(
        'BIZ-3004',
        { key: 'studio.dailyQuota', params: { limit: STUDIO_LIMITS.dailyQuota } },
        {
          reason: 'DAILY_QUOTA',
          limit: STUDIO_LIMITS.dailyQuota,
          resetsAt: resetsAt.toISOString(),
          retryAfterSeconds: Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000)),
        },
      );
    }
    return { day, used };
  }

  // ---- submissions

  async submit(user: AuthUser, body: StudioSubmission, now = new Date()): Promise<StudioSubmitResult> {
    const url = body.source === 'URL' ? body.url : null;
    const urlKey = url ? normalizeStudioUrl(url) : null;
    const out = await this.db.transaction(async (tx) => {
      if (urlKey) {
        await repo.lockUrlKey(tx, user.id, urlKey);
        const since = new Date(now.getTime() - STUDIO_LIMITS.urlReuseHours * 3_600_000);
        const previous = await repo.recentUrlAnalysis(tx, user.id, urlKey, since);
        if (previous) return { analysis: previous, reused: true, used: await repo.quotaUsed(tx, user.id, seoulDate(now)) };
      }
      const { day, used } = await this.consume(tx, user.id, now);
      const text = body.source === 'TEXT' ? body.text : null;
      const title = titleOf(body.title, text, url);
      const doc = await repo.insertDocument(tx, { ownerId: user.id, title, source: body.source, url });
      const analysis = await repo.insertAnalysis(tx, {
        documentId: doc.id,
        version: 1,
        ownerId: user.id,
        source: body.source,
        url,
        urlKey,
        title: body.title?.trim() || (text ? title : ''),
        body: text,
        purpose: body.purpose,
        audience: body.audience,
        tone: body.tone,
        locale: body.locale,
        quotaDay: day,
      });
      await this.enqueue(tx, analysis.id);
      return { analysis, reused: false, used };
    });
    return { analysis: toAnalysis(out.analysis), reused: out.reused, quota: this.quotaView(out.used, now) };
  }

  async revise(user: AuthUser, documentId: string, body: StudioRevision, now = new Date()): Promise<StudioSubmitResult> {
    const out = await this.db.transaction(async (tx) => {
      // The row lock orders concurrent revisions of one document (version numbers stay unique).
      const doc = await repo.findDocument(tx, documentId, { lock: true });
      if (!doc || doc.ownerId !== user.id) throw documentNotFound();
      const previous = await repo.latestVersion(tx, doc.id);
      if (!previous) throw documentNotFound();
      const title = titleOf(body.title ?? (previous.title || undefined), body.text, null);
      const settings = {
        purpose: body.purpose ?? previous.purpose,
        audience: body.audience ?? previous.audience,
        tone: body.tone ?? previous.tone,
        locale: body.locale ?? previous.locale,
      };
      // Nothing changed since the latest version (text, title and settings): that version is
      // the answer, and no analysis of the day is spent on an identical copy. A failed version
      // is analysed again (its quota was given back).
      if (
        previous.status !== 'FAILED' &&
        previous.body === body.text &&
        previous.title === title &&
        previous.purpose === settings.purpose &&
        previous.audience === settings.audience &&
        previous.tone === settings.tone &&
        previous.locale === settings.locale
      ) {
        return { analysis: previous, used: await repo.quotaUsed(tx, user.id, seoulDate(now)), reused: true };
      }
      const { day, used } = await this.consume(tx, user.id, now);
      const analysis = await repo.insertAnalysis(tx, {
        documentId: doc.id,
        version: previous.version + 1,
        ownerId: user.id,
        source: 'TEXT',
        url: null,
        urlKey: null,
        title,
        body: body.text,
        ...settings,
        quotaDay: day,
      });
      await repo.touchDocument(tx, doc.id, { title });
      // The saved version ends the draft it was made from.
      await repo.deleteDraft(tx, doc.id);
      await this.enqueue(tx, analysis.id);
      return { analysis, used, reused: false };
    });
    return { analysis: toAnalysis(out.analysis), reused: out.reused, quota: this.quotaView(out.used, now) };
  }

  private async enqueue(tx: Tx, analysisId: string): Promise<void> {
    await this.ctx.jobs.enqueue(ANALYZE_JOB, { analysisId }, { dedupeKey: `studio:${analysisId}`, maxAttempts: ANALYZE_MAX_ATTEMPTS }, tx);
  }

  // ---- reading

  private async ownAnalysis(user: AuthUser, id: string): Promise<StudioAnalysisRow> {
    const a = await repo.findAnalysis(this.db, id);
    if (!a || a.ownerId !== user.id) throw analysisNotFound();
    return a;
  }

  private async ownDocument(user: AuthUser, id: string): Promise<StudioDocumentRow> {
    const d = await repo.findDocument(this.db, id);
    if (!d || d.ownerId !== user.id) throw documentNotFound();
    return d;
  }

  async analysis(user: AuthUser, id: string): Promise<StudioAnalysis> {
    return toAnalysis(await this.ownAnalysis(user, id));
  }

  async documents(user: AuthUser, q: { page: number; size: number }): Promise<StudioDocumentList> {
    const { rows, total } = await repo.listOwnedDocuments(this.db, user.id, q);
    const versions = await repo.versionSummaries(
      this.db,
      rows.map((r) => r.id),
    );
    return toPage(
      rows.filter((r) => versions.some((v) => v.documentId === r.id)).map((r) => toDocumentSummary(r, versions)),
      total,
      q,
    );
  }

  async document(user: AuthUser, id: string): Promise<StudioDocument> {
    const d = await this.ownDocument(user, id);
    return toDocument(d, await repo.versionSummaries(this.db, [d.id]));
  }

  async deleteDocument(user: AuthUser, id: string): Promise<void> {
    const d = await this.ownDocument(user, id);
    await repo.deleteDocument(this.db, d.id);
  }

  // ---- drafts (the owner's unsaved work; strangers get 404 like a missing document)

  async draft(user: AuthUser, documentId: string): Promise<StudioDraft | null> {
    const d = await this.ownDocument(user, documentId);
    const row = await repo.findDraft(this.db, d.id);
    return row ? toDraft(row) : null;
  }

  async saveDraft(user: AuthUser, documentId: string, body: StudioDraftSave): Promise<StudioDraft> {
    const d = await this.ownDocument(user, documentId);
    const base = await repo.findAnalysis(this.db, body.analysisId);
    if (!base || base.documentId !== d.id) throw analysisNotFound();
    const row = await repo.upsertDraft(this.db, {
      documentId: d.id,
      ownerId: user.id,
      analysisId: base.id,
      text: body.text,
      decisions: body.decisions,
      settings: body.settings,
    });
    return toDraft(row);
  }

  async discardDraft(user: AuthUser, documentId: string): Promise<void> {
    const d = await this.ownDocument(user, documentId);
    await repo.deleteDraft(this.db, d.id);
  }

  async compare(user: AuthUser, documentId: string, fromId: string, toId: string): Promise<StudioComparison> {
    const d = await this.ownDocument(user, documentId);
    const [from, to] = await Promise.all([repo.findAnalysis(this.db, fromId), repo.findAnalysis(this.db, toId)]);
    if (!from || !to || from.documentId !== d.id || to.documentId !== d.id) throw analysisNotFound();
    if (from.id === to.id) throw new AppError('VAL-2001', 'studio.sameVersion', { reason: 'SAME_VERSION' });
    if (!from.result || !to.result) throw badState('studio.compareNotReady', { reason: 'NOT_ANALYSED' });
    return { from: toAnalysis(from), to: toAnalysis(to), ...compareResults(from.result, to.result) };
  }
}
