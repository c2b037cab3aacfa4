/**
 * The analysis job (`studio.analyze` on the database queue, so it survives restarts):
 * SUBMITTED → (URL: FETCHING → fetch through the SSRF-safe fetcher, extract the article) →
 * ANALYZING → COMPLETED with the result and a result mail, or FAILED with a reason (the quota is
 * given back). Every step is a compare-and-swap on the status, so a job that runs again after a
 * crash or on another instance continues from where the analysis is and never completes twice.
 */
import { STUDIO_LIMITS, type StudioFailureReason, type StudioStatus, studioStatusesBefore } from '@moim/contract';
import type { AppContext } from '../../context.ts';
import type { WritingAnalyzer } from '../../providers/ai/index.ts';
import { FetchError, type FetchErrorCode } from '../../providers/fetch/index.ts';
import type { MailService } from '../../providers/mail/service.ts';
import type { UsersService } from '../users/index.ts';
import { extractArticle, fetchableUrl } from './article.ts';
import { findAnalysis, findDocument, moveStatus, releaseQuota, touchDocument } from './repo.ts';
import { resultMail } from './result-mail.ts';
import type { StudioAnalysisRow } from './schema.ts';

export const ANALYZE_JOB = 'studio.analyze';
export const ANALYZE_MAX_ATTEMPTS = 3;

const FETCH_REASONS: Record<FetchErrorCode, StudioFailureReason> = {
  BAD_URL: 'URL_REFUSED',
  BAD_SCHEME: 'URL_REFUSED',
  BLOCKED_PORT: 'URL_REFUSED',
  BLOCKED_ADDRESS: 'URL_REFUSED',
  BAD_REDIRECT: 'URL_REFUSED',
  DNS_FAILED: 'FETCH_FAILED',
  TOO_MANY_REDIRECTS: 'FETCH_FAILED',
  HTTP_STATUS: 'FETCH_FAILED',
  NETWORK: 'FETCH_FAILED',
  TIMEOUT: 'FETCH_TIMEOUT',
  TOO_LARGE: 'FETCH_TOO_LARGE',
  BAD_CONTENT_TYPE: 'NOT_AN_ARTICLE',
};

export interface RunnerDeps {
  mail: Pick<MailService, 'enqueue'>;
  users: Pick<UsersService, 'getUser'>;
}

export class AnalysisRunner {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: RunnerDeps,
    private readonly analyzer: WritingAnalyzer,
  ) {}

  /** Move to `to` if allowed from the current status (STUDIO_TRANSITIONS); undefined when not. */
  transition(id: string, to: StudioStatus, fields: Parameters<typeof moveStatus>[4] = {}) {
    return moveStatus(this.ctx.db, id, studioStatusesBefore(to), to, fields);
  }

  async run(id: string, attempt = 1): Promise<void> {
    try {
      await this.steps(id);
    } catch (err) {
      if (attempt < ANALYZE_MAX_ATTEMPTS) throw err; // the queue retries with back-off
      this.ctx.log.error({ err, analysisId: id }, 'studio analysis failed for good');
      const a = await findAnalysis(this.ctx.db, id);
      if (a) await this.fail(a, 'ANALYZER_ERROR');
    }
  }

  private async steps(id: string): Promise<void> {
    let a = await findAnalysis(this.ctx.db, id);
    if (!a || a.status === 'COMPLETED' || a.status === 'FAILED') return;
    const startedAt = a.startedAt ?? new Date();
    if (a.source === 'URL' && a.body === null) {
      if (a.status !== 'FETCHING') a = await this.transition(id, 'FETCHING', { startedAt });
      if (!a) return;
      let html: { text: string; url: string };
      try {
        html = await this.ctx.fetcher.fetch(fetchableUrl(a.url!));
      } catch (err) {
        if (err instanceof FetchError) return this.fail(a, FETCH_REASONS[err.code]);
        throw err;
      }
      const article = await extractArticle(html.text, html.url);
      if (!article) return this.fail(a, 'NOT_AN_ARTICLE');
      if (article.markdown.replace(/^#.*$/m, '').trim().length < STUDIO_LIMITS.textMin) return this.fail(a, 'TOO_SHORT');
      const title = (a.title || article.title).slice(0, 200);
      a = await this.transition(id, 'ANALYZING', { body: article.markdown, title });
      if (!a) return;
      const doc = await findDocument(this.ctx.db, a.documentId);
      if (doc && !doc.title) await touchDocument(this.ctx.db, doc.id, { title });
    } else if (a.status !== 'ANALYZING') {
      a = await this.transition(id, 'ANALYZING', { startedAt });
      if (!a) return;
    }
    const result = await this.analyzer.analyze({
      text: a.body!,
      title: a.title,
      purpose: a.purpose,
      audience: a.audience,
      tone: a.tone,
      locale: a.locale,
    });
    const recipient = await this.recipient(a);
    const analysis = a;
    await this.ctx.db.transaction(async (tx) => {
      const done = await moveStatus(tx, id, ['ANALYZING'], 'COMPLETED', { result, completedAt: new Date() });
      if (!done) return;
      await touchDocument(tx, analysis.documentId);
      if (recipient) {
        const link = `${this.ctx.config.publicUrl}/studio/documentor${analysis.ownerId ? `?analysis=${analysis.id}` : ''}`;
        await this.deps.mail.enqueue(resultMail(recipient, analysis.title, result, analysis.locale, link), {
          tx,
          dedupeKey: `studio-result:${id}`,
        });
      }
    });
  }

  /** FAILED with a reason; the quota unit goes back to the member (once: the status move decides). */
  private async fail(a: StudioAnalysisRow, reason: StudioFailureReason): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const moved = await moveStatus(tx, a.id, studioStatusesBefore('FAILED'), 'FAILED', {
        failureReason: reason,
        completedAt: new Date(),
        quotaDay: null,
      });
      if (moved && a.ownerId && a.quotaDay) await releaseQuota(tx, a.ownerId, a.quotaDay);
    });
  }

  private async recipient(a: StudioAnalysisRow): Promise<string | null> {
    if (a.ownerId) return (await this.deps.users.getUser(a.ownerId))?.email ?? null;
    return (await findDocument(this.ctx.db, a.documentId))?.guestEmail ?? null;
  }
}
