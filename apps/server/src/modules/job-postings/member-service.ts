/**
 * What a member keeps in the navigator: the skill profile the match reads, bookmarks, recently
 * viewed postings, saved searches (with the daily alert switch) and the corrections they sent.
 * Everything is the caller's own: another member's saved search is refused (AUTH-1004).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  JOB_LIMITS,
  addDays,
  seoulDate,
  seoulInstant,
  toPage,
  type Correction,
  type CorrectionInput,
  type JobPostingPage,
  type JobPostingSummary,
  type Page,
  type SavedSearch,
  type SkillProfile,
  skillProfileInput,
  type savedSearchInput,
  type savedSearchPatch,
} from '@moim/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, notFound, ruleViolation } from '../../http/app-error.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import type { LimitRule } from '../../http/rate-limit.ts';
import type { PostingService } from './posting-service.ts';
import * as repo from './repo.ts';
import type { JobSavedSearchRow } from './schema.ts';

/** Alerts go out once a day at 09:00 Asia/Seoul. */
export const ALERT_HOUR = '09:00';
export function nextAlertTime(now: Date): Date {
  const today = seoulInstant(seoulDate(now), ALERT_HOUR);
  return today.getTime() > now.getTime() ? today : seoulInstant(addDays(seoulDate(now), 1), ALERT_HOUR);
}

const CORRECTIONS_PER_HOUR: LimitRule = { name: 'job-corrections-user', limit: 10, windowMs: 60 * 60_000 };

export function toSavedSearch(r: JobSavedSearchRow): SavedSearch {
  return {
    id: r.id,
    name: r.name,
    filters: r.filters as SavedSearch['filters'],
    alertEnabled: r.alertEnabled,
    lastAlertedAt: r.lastAlertedAt ? r.lastAlertedAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
  };
}

export function toCorrection(r: repo.CorrectionView, reporter: { id: string; name: string } | null): Correction {
  return {
    id: r.id,
    postingId: r.postingId,
    postingTitle: r.postingTitle,
    companyName: r.companyName,
    kind: r.kind,
    message: r.message,
    status: r.status,
    adminNote: r.adminNote,
    reporter,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Drop empty filters so a saved search stores only what narrows it. */
function canonicalFilters(f: z.output<typeof savedSearchInput>['filters']): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(f)) {
    if (v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    out[k] = Array.isArray(v) ? [...new Set(v)] : v;
  }
  return out;
}

export class MemberService {
  constructor(
    private readonly ctx: AppContext,
    private readonly postings: PostingService,
  ) {}

  // --- skill profile ---------------------------------------------------------------------

  async profile(user: AuthUser): Promise<SkillProfile | null> {
    const row = await repo.findProfile(this.ctx.db, user.id);
    if (!row) return null;
    const refs = await this.postings.catalogue.refs(row.skills.map((s) => s.skillId));
    return {
      skills: row.skills.map((s, i) => ({ skill: refs[i]!, level: s.level })),
      yearsOfExperience: row.yearsExperience,
      preferredRegions: row.preferredRegions,
      preferredWorkModes: row.preferredWorkModes,
      preferredEmploymentTypes: row.preferredEmploymentTypes,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** Save the profile; every skill must be in the catalogue (by id, name or alias). */
  async saveProfile(user: AuthUser, input: z.output<typeof skillProfileInput>): Promise<SkillProfile> {
    const skills: Array<{ skillId: string; level: number }> = [];
    const unknown: Array<{ index: number; skill: string }> = [];
    for (const [index, s] of input.skills.entries()) {
      const id = await this.postings.catalogue.find(s.skill);
      if (!id) unknown.push({ index, skill: s.skill });
      else if (!skills.some((x) => x.skillId === id)) skills.push({ skillId: id, level: s.level });
    }
    if (unknown.length)
      throw new AppError(
        'VAL-2001',
        { key: 'jobs.unknownSkills', params: { skills: unknown.map((u) => u.skill).join(', ') } },
        {
          fields: unknown.map((u) => ({
            path: `body.skills.${u.index}.skill`,
            code: 'unknown_skill',
            message: 'form.unknownSkill',
          })),
        },
      );
    await repo.saveProfile(this.ctx.db, {
      userId: user.id,
      skills,
      yearsExperience: input.yearsOfExperience,
      preferredRegions: [...new Set(input.preferredRegions)],
      preferredWorkModes: [...new Set(input.preferredWorkModes)],
      preferredEmploymentTypes: [...new Set(input.preferredEmploymentTypes)],
    });
    return (await this.profile(user))!;
  }

  // --- bookmarks and recent views ----------------------------------------------------------

  async setBookmark(user: AuthUser, postingId: string, on: boolean): Promise<{ postingId: string; bookmarked: boolean }> {
    await this.postings.requireExists(postingId);
    if (on) await repo.addBookmark(this.ctx.db, user.id, postingId);
    else await repo.removeBookmark(this.ctx.db, user.id, postingId);
    return { postingId, bookmarked: on };
  }

  async bookmarks(user: AuthUser, q: { page: number; size: number }): Promise<JobPostingPage> {
    const { ids, total } = await repo.listBookmarkIds(this.ctx.db, user.id, q);
    const rows = await repo.summaryRows(this.ctx.db, ids);
    return { ...toPage(await this.postings.summaries(rows, await this.postings.viewer(user)), total, q), totalExact: true };
  }

  async recent(user: AuthUser, limit = 20): Promise<Array<JobPostingSummary & { viewedAt: string }>> {
    const views = await repo.recentViews(this.ctx.db, user.id, limit);
    const rows = await repo.summaryRows(
      this.ctx.db,
      views.map((v) => v.id),
    );
    const list = await this.postings.summaries(rows, await this.postings.viewer(user));
    const at = new Map(views.map((v) => [v.id, v.viewedAt.toISOString()]));
    return list.map((s) => ({ ...s, viewedAt: at.get(s.id)! }));
  }

  // --- saved searches ----------------------------------------------------------------------

  async savedSearches(user: AuthUser): Promise<SavedSearch[]> {
    return (await repo.listSavedSearches(this.ctx.db, user.id)).map(toSavedSearch);
  }

  async createSavedSearch(user: AuthUser, input: z.output<typeof savedSearchInput>): Promise<SavedSearch> {
    if ((await repo.countSavedSearches(this.ctx.db, user.id)) >= JOB_LIMITS.savedSearchesMax) {
      throw ruleViolation(
        { key: 'jobs.savedSearchLimit', params: { limit: JOB_LIMITS.savedSearchesMax } },
        { reason: 'SAVED_SEARCH_LIMIT', limit: JOB_LIMITS.savedSearchesMax },
      );
    }
    const filters = canonicalFilters(input.filters);
    if (Object.keys(filters).length === 0)
      throw new AppError('VAL-2003', 'jobs.filtersRequired', {
        fields: [{ path: 'body.filters', code: 'missing', message: 'form.required' }],
      });
    const row = await repo.insertSavedSearch(this.ctx.db, {
      userId: user.id,
      name: input.name,
      filters,
      alertEnabled: input.alertEnabled,
      nextAlertAt: nextAlertTime(new Date()),
    });
    return toSavedSearch(row);
  }

  private async ownSavedSearch(user: AuthUser, id: string): Promise<JobSavedSearchRow> {
    const row = await repo.findSavedSearch(this.ctx.db, id);
    // someone else's saved search does not exist for the caller (the same answer as a missing one)
    if (!row || row.userId !== user.id) throw notFound('jobs.savedSearchNotFound');
    return row;
  }

  async patchSavedSearch(user: AuthUser, id: string, patch: z.output<typeof savedSearchPatch>): Promise<SavedSearch> {
    const row = await this.ownSavedSearch(user, id);
    const now = new Date();
    const turningOn = patch.alertEnabled === true && !row.alertEnabled;
    const updated = await repo.updateSavedSearch(this.ctx.db, id, {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.alertEnabled !== undefined ? { alertEnabled: patch.alertEnabled } : {}),
      // switching alerts back on starts from now: no mail about what was posted while they were off
      ...(turningOn ? { alertCursor: now, nextAlertAt: nextAlertTime(now) } : {}),
    });
    return toSavedSearch(updated!);
  }

  async deleteSavedSearch(user: AuthUser, id: string): Promise<void> {
    await this.ownSavedSearch(user, id);
    await repo.deleteSavedSearch(this.ctx.db, id);
  }

  /** The token in an alert mail's unsubscribe link (HMAC of the saved search's id). */
  unsubscribeToken(id: string): string {
    return createHmac('sha256', this.ctx.config.jwtSecret).update(`job-alert-unsubscribe:${id}`).digest('base64url');
  }

  async unsubscribe(id: string, token: string): Promise<{ name: string; alertEnabled: boolean }> {
    const expected = Buffer.from(this.unsubscribeToken(id));
    const given = Buffer.from(token);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new AppError('AUTH-1003', 'jobs.badUnsubscribeLink');
    const row = await repo.findSavedSearch(this.ctx.db, id);
    if (!row) throw notFound('jobs.savedSearchNotFound');
    const updated = row.alertEnabled ? await repo.updateSavedSearch(this.ctx.db, id, { alertEnabled: false }) : row;
    return { name: updated!.name, alertEnabled: false };
  }

  // --- corrections -------------------------------------------------------------------------

  async report(user: AuthUser, input: CorrectionInput): Promise<Correction> {
    await this.ctx.rateLimiter.consume(CORRECTIONS_PER_HOUR, user.id);
    if (input.postingId) await this.postings.requireExists(input.postingId);
    const id = await repo.insertCorrection(this.ctx.db, {
      postingId: input.kind === 'ADD_COMPANY' ? (input.postingId ?? null) : input.postingId!,
      reporterId: user.id,
      kind: input.kind,
      message: input.message,
    });
    return toCorrection((await repo.findCorrection(this.ctx.db, id))!, null);
  }

  async myCorrections(user: AuthUser, q: { page: number; size: number }): Promise<Page<Correction>> {
    const { rows, total } = await repo.listCorrections(this.ctx.db, { ...q, reporterId: user.id });
    return toPage(
      rows.map((r) => toCorrection(r, null)),
      total,
      q,
    );
  }
}
