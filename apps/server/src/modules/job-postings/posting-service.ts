/**
 * Reading postings: search with filters, sorts and facets, the hub's counts, one posting's
 * detail (recorded as recently viewed for members), and the viewer's match on every posting
 * (the contract's rule; no skill profile → no score).
 */
import {
  canonicalSkill,
  defaultJobSort,
  matchPosting,
  toPage,
  type JobCompany,
  type JobFacets,
  type JobMatch,
  type JobPostingDetail,
  type JobPostingPage,
  type JobPostingQuery,
  type JobPostingSummary,
  type JobSearchFilters,
  type JobSkill,
  type JobStats,
} from '@moim/contract';
import { cachedJson } from '../../cache/read-cache.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import { type JobPostingCaches, filtersKey, pageKey, sharedLoad } from './caches.ts';
import type { SkillCatalogue } from './catalogue-repo.ts';
import * as repo from './repo.ts';
import { facetCounts, hubCounts, searchIds, type MatchProfileSql, type SearchFilters, type SortKey } from './search-repo.ts';

export interface Viewer {
  userId: string | null;
  profile: MatchProfileSql | null;
}

export function toCompany(c: repo.PostingSummaryRow['company']): JobCompany {
  return { id: c.id, name: c.name, nameEn: c.nameEn, careersUrl: c.careersUrl, logoUrl: c.logoUrl };
}

export class PostingService {
  constructor(
    private readonly ctx: AppContext,
    readonly catalogue: SkillCatalogue,
    private readonly caches: JobPostingCaches,
  ) {}

  /** The viewer of a request: who, and their profile for matching (null without one). */
  async viewer(user: AuthUser | null | undefined): Promise<Viewer> {
    if (!user) return { userId: null, profile: null };
    const p = await repo.findProfile(this.ctx.db, user.id);
    return { userId: user.id, profile: p ? { skills: p.skills.map((s) => s.skillId), years: p.yearsExperience } : null };
  }

  /** Query parameters → SQL filters (skill aliases resolved: ?skill=JS finds JavaScript). */
  async filtersOf(q: Partial<JobSearchFilters>): Promise<SearchFilters> {
    const aliases = await this.catalogue.aliasMap();
    const skills = [...new Set((q.skill ?? []).map((s) => canonicalSkill(s, aliases)))];
    return {
      q: q.q?.trim() || undefined,
      company: q.company ?? [],
      skill: skills,
      experience: q.experience ?? [],
      employmentType: q.employmentType ?? [],
      region: q.region ?? [],
      workMode: q.workMode ?? [],
      salaryMin: q.salaryMin,
      activeOnly: q.activeOnly ?? true,
    };
  }

  async search(q: JobPostingQuery, user: AuthUser | null | undefined): Promise<JobPostingPage> {
    const viewer = await this.viewer(user);
    const filters = await this.filtersOf(q);
    const asked = q.sort ?? defaultJobSort({ hasQuery: !!filters.q, hasProfile: !!viewer.profile });
    const [key, dirRaw] = asked.split(',') as [SortKey, string | undefined];
    // relevance and match read best-first; dates newest-first, deadlines soonest-first, unless asked otherwise
    const dir = (dirRaw ?? (key === 'validThrough' ? 'asc' : 'desc')) as 'asc' | 'desc';
    const sort: SortKey = key === 'match' && !viewer.profile ? 'postedAt' : key === 'relevance' && !filters.q ? 'postedAt' : key;
    const found = await searchIds(this.ctx.db, filters, { now: new Date(), sort, dir, page: q.page, size: q.size, match: viewer.profile });
    const rows = await repo.summaryRows(this.ctx.db, found.ids);
    return { ...toPage(await this.summaries(rows, viewer), found.total, q), totalExact: found.exact };
  }

  /**
   * A guest's page of a search as the route's JSON, from the read cache when the same normalised
   * query was answered since the last change (caches.ts): a guest's page depends on nothing but
   * the query. Written as it is, not through the route's zod serialization (a twentieth of an
   * uncached list's main-thread time): `summaries` and `toPage` build the schema's keys in its
   * order and nothing else, which read-cost.test.ts holds to the schema's serialization.
   */
  async guestSearchJson(q: JobPostingQuery): Promise<string> {
    return cachedJson(this.caches.pages, pageKey(q), async () => JSON.stringify(ok(await this.search(q, null))));
  }

  /**
   * Facet counts (one statement over the matches: search-repo.ts `facetCounts`); the same filter
   * set gets the counts already made until a posting changes (caches.ts, FACET_CACHE_MS).
   */
  async facets(q: Partial<JobSearchFilters>): Promise<JobFacets> {
    return sharedLoad(this.caches.facets, filtersKey(q), async () => {
      const filters = await this.filtersOf(q);
      const f = await facetCounts(this.ctx.db, filters, new Date());
      const names = await this.catalogue.refs(f.skills.map((s) => s.value));
      return { ...f, skills: f.skills.map((s, i) => ({ ...s, label: names[i]!.name })) };
    });
  }

  /** The hub's counts, reused until a posting changes (at most STATS_CACHE_MS). */
  async stats(): Promise<JobStats> {
    return sharedLoad(this.caches.stats, 'stats', async () => {
      const s = await hubCounts(this.ctx.db, new Date());
      const names = await this.catalogue.refs(s.topSkills.map((x) => x.value));
      return { ...s, topSkills: s.topSkills.map((x, i) => ({ ...x, label: names[i]!.name })) };
    });
  }

  skills(): Promise<JobSkill[]> {
    return this.catalogue.list();
  }

  async detail(id: string, user: AuthUser | null | undefined): Promise<JobPostingDetail> {
    const [row] = await repo.postingsByIds(this.ctx.db, [id]);
    if (!row) throw notFound('jobs.postingNotFound');
    const viewer = await this.viewer(user);
    if (viewer.userId) await repo.recordView(this.ctx.db, viewer.userId, id, new Date());
    const [summary] = await this.summaries([row], viewer);
    return {
      ...summary!,
      description: row.description,
      requirements: row.requirements,
      preferred: row.preferred,
      sourceUrl: row.sourceUrl,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async requireExists(id: string): Promise<void> {
    const [row] = await repo.summaryRows(this.ctx.db, [id]);
    if (!row) throw notFound('jobs.postingNotFound');
  }

  /** Posting rows → summaries with skills named, the viewer's match and bookmark state. */
  async summaries(rows: repo.PostingSummaryRow[], viewer: Viewer): Promise<JobPostingSummary[]> {
    await this.catalogue.refs(rows.flatMap((r) => [...r.requiredSkills, ...r.preferredSkills]));
    const aliases = await this.catalogue.aliasMap();
    const marked = viewer.userId
      ? await repo.bookmarkedAmong(
          this.ctx.db,
          viewer.userId,
          rows.map((r) => r.id),
        )
      : new Set<string>();
    const now = Date.now();
    return rows.map((r) => {
      // past its valid-through date but not yet swept by the daily expiry job: already closed
      const lapsed = r.active && r.validThrough !== null && r.validThrough.getTime() < now;
      let match: JobMatch | null = null;
      if (viewer.profile) {
        match = matchPosting(
          {
            requiredSkills: r.requiredSkills,
            preferredSkills: r.preferredSkills,
            experienceLevel: r.experienceLevel,
            experienceMin: r.experienceMin,
            experienceMax: r.experienceMax,
          },
          { skills: viewer.profile.skills, yearsOfExperience: viewer.profile.years },
          aliases,
        );
      }
      return {
        id: r.id,
        title: r.title,
        company: toCompany(r.company),
        employmentType: r.employmentType,
        experienceLevel: r.experienceLevel,
        experienceMin: r.experienceMin,
        experienceMax: r.experienceMax,
        location: r.location,
        region: r.region,
        workMode: r.workMode,
        salaryMin: r.salaryMin,
        salaryMax: r.salaryMax,
        requiredSkills: r.requiredSkills.map((s) => this.catalogue.ref(s)),
        preferredSkills: r.preferredSkills.map((s) => this.catalogue.ref(s)),
        postedAt: r.postedAt.toISOString(),
        validThrough: r.validThrough ? r.validThrough.toISOString() : null,
        active: r.active && !lapsed,
        closedReason: lapsed ? 'EXPIRED' : r.closedReason,
        match,
        bookmarked: marked.has(r.id),
      };
    });
  }
}
