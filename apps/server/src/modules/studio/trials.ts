/**
 * The guest trial: one analysis per e-mail address (lower-case), with consent to get the result
 * by mail, and at most a few trials per IP a day. The guest reads progress and result with a
 * token returned once (stored hashed); after logging in they can claim the trial document.
 * A member's address is sent to login instead: members have their daily quota.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  STUDIO_LIMITS,
  type StudioAnalysis,
  type StudioDocumentSummary,
  type StudioTrialRequest,
  type StudioTrialResult,
} from '@moim/contract';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import type { LimitRule } from '../../http/rate-limit.ts';
import type { UsersService } from '../users/index.ts';
import { ANALYZE_JOB, ANALYZE_MAX_ATTEMPTS } from './runner.ts';
import * as repo from './repo.ts';
import { titleOf } from './service.ts';
import { toAnalysis, toDocumentSummary } from './views.ts';

export const TRIAL_LIMITS = {
  perIp: { name: 'studio-trial-ip', limit: 5, windowMs: 24 * 3_600_000 },
} satisfies Record<string, LimitRule>;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const trialNotFound = () => notFound('studio.trialNotFound');

export class TrialService {
  constructor(
    private readonly ctx: AppContext,
    private readonly users: Pick<UsersService, 'findByEmail'>,
  ) {}

  async start(body: StudioTrialRequest, ip: string): Promise<StudioTrialResult> {
    await this.ctx.rateLimiter.consume(TRIAL_LIMITS.perIp, ip);
    const email = body.email.trim().toLowerCase();
    if (await this.users.findByEmail(email)) {
      throw new AppError(
        'BIZ-3003',
        { key: 'studio.memberEmail', params: { limit: STUDIO_LIMITS.dailyQuota } },
        { reason: 'MEMBER_EMAIL' },
      );
    }
    const token = randomBytes(24).toString('base64url');
    const analysis = await this.ctx.db.transaction(async (tx) => {
      if (!(await repo.insertTrial(tx, email, hashToken(token)))) {
        throw new AppError('BIZ-3003', 'studio.trialUsed', { reason: 'TRIAL_USED' });
      }
      const url = body.source === 'URL' ? body.url : null;
      const text = body.source === 'TEXT' ? body.text : null;
      const title = titleOf(body.title, text, url);
      const doc = await repo.insertDocument(tx, { ownerId: null, guestEmail: email, title, source: body.source, url });
      const a = await repo.insertAnalysis(tx, {
        documentId: doc.id,
        version: 1,
        ownerId: null,
        source: body.source,
        url,
        urlKey: null,
        title: body.title?.trim() || (text ? title : ''),
        body: text,
        purpose: body.purpose,
        audience: body.audience,
        tone: body.tone,
        locale: body.locale,
        quotaDay: null,
      });
      await repo.attachTrial(tx, email, doc.id, a.id);
      await this.ctx.jobs.enqueue(
        ANALYZE_JOB,
        { analysisId: a.id },
        { dedupeKey: `studio:${a.id}`, maxAttempts: ANALYZE_MAX_ATTEMPTS },
        tx,
      );
      return a;
    });
    return { analysis: toAnalysis(analysis), trialToken: token };
  }

  private async verified(id: string, token: string | undefined) {
    if (!token || token.length > 100) throw trialNotFound();
    const trial = await repo.findTrialByAnalysis(this.ctx.db, id);
    if (!trial) throw trialNotFound();
    const a = Buffer.from(trial.tokenHash, 'hex');
    const b = Buffer.from(hashToken(token), 'hex');
    if (a.length !== b.length || !timingSafeEqual(a, b)) throw trialNotFound();
    return trial;
  }

  async get(id: string, token: string | undefined): Promise<StudioAnalysis> {
    await this.verified(id, token);
    const a = await repo.findAnalysis(this.ctx.db, id);
    if (!a) throw trialNotFound();
    return toAnalysis(a);
  }

  /** The member who ran the trial as a guest takes its document into their history. */
  async claim(user: AuthUser, id: string, token: string | undefined): Promise<StudioDocumentSummary> {
    const trial = await this.verified(id, token);
    if (!trial.documentId) throw trialNotFound();
    const documentId = trial.documentId;
    await this.ctx.db.transaction(async (tx) => {
      const doc = await repo.findDocument(tx, documentId, { lock: true });
      if (!doc) throw trialNotFound();
      if (doc.ownerId && doc.ownerId !== user.id) throw new AppError('BIZ-3002', 'studio.trialClaimed', { reason: 'ALREADY_CLAIMED' });
      if (!doc.ownerId) await repo.transferDocument(tx, documentId, user.id);
    });
    const doc = (await repo.findDocument(this.ctx.db, documentId))!;
    return toDocumentSummary(doc, await repo.versionSummaries(this.ctx.db, [documentId]));
  }
}
