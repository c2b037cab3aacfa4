/**
 * The jobs navigator API contract (issue 15, docs/job-postings.md): postings shaped after
 * schema.org JobPosting, search filters and facets, the member's skill profile, bookmarks,
 * recently viewed, saved searches with alerts, and corrections. Admin schemas (sources, import
 * runs, editing) are in job-postings-admin.ts.
 */
import { z } from 'zod';
import { page, pageQuery } from './envelope.ts';
import { linkField } from './links.ts';
import {
  EMPLOYMENT_TYPES,
  EXPERIENCE_LEVELS,
  JOB_REGIONS,
  SKILL_CATEGORIES,
  WORK_MODES,
  type EmploymentType,
  type ExperienceLevel,
  type JobRegion,
  type WorkMode,
} from './job-match.ts';
import { boolParam, repeatedParam } from './studies.ts';
import { CORRECTION_KINDS, CORRECTION_STATUSES, JOB_LIMITS } from './job-rules.ts';

export const employmentTypeSchema = z.enum(EMPLOYMENT_TYPES);
export const experienceLevelSchema = z.enum(EXPERIENCE_LEVELS);
export const workModeSchema = z.enum(WORK_MODES);
export const jobRegionSchema = z.enum(JOB_REGIONS);
export const skillCategorySchema = z.enum(SKILL_CATEGORIES);

// ---------------------------------------------------------------------------------------------
// Text rules: no NUL or other control characters (tab and newlines allowed in long text), no
// lone surrogates.

// eslint-disable-next-line no-control-regex
const CONTROL_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;
// eslint-disable-next-line no-control-regex
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when `s` carries no control character (except tab/newlines when `multiline`) and no lone surrogate. */
export function isCleanText(s: string, multiline = false): boolean {
  return !(multiline ? CONTROL_MULTILINE : CONTROL_ONE_LINE).test(s) && !LONE_SURROGATE.test(s);
}

export function jobLine(max: number, min = 0) {
  return z
    .string()
    .max(max * 4 + 16)
    .trim()
    .min(min)
    .max(max)
    .refine((s) => isCleanText(s), { message: 'form.unsafeText' });
}
export function jobText(max: number) {
  return z
    .string()
    .max(max * 4 + 16)
    .trim()
    .max(max)
    .refine((s) => isCleanText(s, true), { message: 'form.unsafeText' });
}
/** An http(s) address on a public host name (what a posting links to), as people type it (links.ts). */
export const httpUrl = linkField({ max: 2000, domainOnly: true });

/** A skill id: the lookup key of its name (skillKey), e.g. `javascript`, `springboot`, `c++`. */
export const skillIdSchema = z
  .string()
  .min(1)
  .max(JOB_LIMITS.skillNameMax)
  .regex(/^[\p{L}\p{N}+#]+$/u, { message: 'form.skillId' });

// ---------------------------------------------------------------------------------------------
// Skills and companies

export const jobSkill = z.object({
  id: z.string(),
  name: z.string(),
  category: skillCategorySchema,
  aliases: z.array(z.string()),
});
export type JobSkill = z.infer<typeof jobSkill>;
export const jobSkillList = z.array(jobSkill);

export const skillRef = z.object({ id: z.string(), name: z.string(), category: skillCategorySchema });
export type SkillRef = z.infer<typeof skillRef>;

export const jobCompany = z.object({
  id: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  careersUrl: z.string().nullable(),
  logoUrl: z.string().nullable(),
});
export type JobCompany = z.infer<typeof jobCompany>;

// ---------------------------------------------------------------------------------------------
// Postings

export const jobMatch = z.object({
  score: z.number().int().nullable(),
  exact: z.number().nullable(),
  skillScore: z.number().nullable(),
  required: z.object({ matched: z.array(z.string()), missing: z.array(z.string()) }),
  preferred: z.object({ matched: z.array(z.string()), missing: z.array(z.string()) }),
  experience: z.object({
    fit: z.enum(['INSIDE', 'BELOW', 'ABOVE', 'ANY']),
    factor: z.number(),
    years: z.number().int(),
    min: z.number().int(),
    max: z.number().int().nullable(),
  }),
});
export type JobMatch = z.infer<typeof jobMatch>;

export const jobPostingSummary = z.object({
  id: z.string(),
  title: z.string(),
  company: jobCompany,
  employmentType: employmentTypeSchema,
  experienceLevel: experienceLevelSchema,
  experienceMin: z.number().int(),
  experienceMax: z.number().int().nullable(),
  location: z.string(),
  region: jobRegionSchema.nullable(),
  workMode: workModeSchema,
  salaryMin: z.number().int().nullable(),
  salaryMax: z.number().int().nullable(),
  requiredSkills: z.array(skillRef),
  preferredSkills: z.array(skillRef),
  postedAt: z.string(),
  validThrough: z.string().nullable(),
  active: z.boolean(),
  /** why an inactive posting closed */
  closedReason: z.enum(['EXPIRED', 'CLOSED']).nullable(),
  /** the signed-in member's match; null for guests and members without a skill profile */
  match: jobMatch.nullable(),
  bookmarked: z.boolean(),
});
export type JobPostingSummary = z.infer<typeof jobPostingSummary>;

export const jobPostingDetail = jobPostingSummary.extend({
  description: z.string(),
  requirements: z.string(),
  preferred: z.string(),
  sourceUrl: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JobPostingDetail = z.infer<typeof jobPostingDetail>;

/** A search page; `totalExact` is false when a broad search gives the planner's estimate as the total. */
export const jobPostingPage = page(jobPostingSummary).extend({ totalExact: z.boolean().default(true) });
export type JobPostingPage = z.infer<typeof jobPostingPage>;
export const jobPostingParams = z.object({ id: z.uuid() });

// ---------------------------------------------------------------------------------------------
// Search

/** The filters a search (and a saved search) is made of. */
export const jobSearchFilters = z.object({
  q: jobLine(JOB_LIMITS.queryMax).optional(),
  company: repeatedParam(z.uuid()),
  skill: repeatedParam(skillIdSchema),
  experience: repeatedParam(experienceLevelSchema),
  employmentType: repeatedParam(employmentTypeSchema),
  region: repeatedParam(jobRegionSchema),
  workMode: repeatedParam(workModeSchema),
  /** annual salary floor in KRW: postings that can pay at least this (unknown salary left out) */
  salaryMin: z.coerce.number().int().min(0).max(JOB_LIMITS.salaryMax).optional(),
  /** only postings open now (default true) */
  activeOnly: boolParam,
});
export type JobSearchFilters = z.infer<typeof jobSearchFilters>;

/**
 * GET /api/job-postings. `sort`: relevance, postedAt (newest), validThrough (deadline, soonest
 * first, open-ended last), match (signed-in members with a skill profile; best first). Without
 * one, the order is `defaultJobSort`'s.
 */
export const jobPostingQuery = jobSearchFilters.extend({
  page: pageQuery.shape.page,
  size: pageQuery.shape.size,
  sort: z
    .string()
    .max(40)
    .regex(/^(relevance|postedAt|validThrough|match)(,(asc|desc))?$/)
    .optional(),
});
export type JobPostingQuery = z.infer<typeof jobPostingQuery>;

export const facetCount = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
export type FacetCount = z.infer<typeof facetCount>;

/** Each facet counts with every filter applied except its own (so its other values stay choosable). */
export const jobFacets = z.object({
  total: z.number().int(),
  /**
   * false when the counts are estimates: over many postings the newest few thousand are counted
   * and scaled (two significant digits from 100 on; a value seen at all counts at least 1)
   */
  exact: z.boolean().default(true),
  companies: z.array(facetCount),
  skills: z.array(facetCount),
  experience: z.array(facetCount),
  employmentType: z.array(facetCount),
  workMode: z.array(facetCount),
  region: z.array(facetCount),
});
export type JobFacets = z.infer<typeof jobFacets>;

export const jobStats = z.object({
  activePostings: z.number().int(),
  companies: z.number().int(),
  newThisWeek: z.number().int(),
  closingSoon: z.number().int(),
  remote: z.number().int(),
  entry: z.number().int(),
  topSkills: z.array(facetCount),
});
export type JobStats = z.infer<typeof jobStats>;

// ---------------------------------------------------------------------------------------------
// Skill profile

export const SKILL_LEVELS = [1, 2, 3, 4, 5] as const;

export const skillProfileInput = z.object({
  /** a skill's id, name or alias ("JS"); levels 1 (learning) … 5 (expert) */
  skills: z
    .array(z.object({ skill: jobLine(JOB_LIMITS.skillNameMax, 1), level: z.number().int().min(1).max(5) }))
    .max(JOB_LIMITS.profileSkillsMax),
  yearsOfExperience: z.number().int().min(0).max(JOB_LIMITS.experienceYearsMax),
  preferredRegions: z.array(jobRegionSchema).max(JOB_REGIONS.length).default([]),
  preferredWorkModes: z.array(workModeSchema).max(WORK_MODES.length).default([]),
  preferredEmploymentTypes: z.array(employmentTypeSchema).max(EMPLOYMENT_TYPES.length).default([]),
});
export type SkillProfileInput = z.input<typeof skillProfileInput>;

export const skillProfile = z.object({
  skills: z.array(z.object({ skill: skillRef, level: z.number().int() })),
  yearsOfExperience: z.number().int(),
  preferredRegions: z.array(jobRegionSchema),
  preferredWorkModes: z.array(workModeSchema),
  preferredEmploymentTypes: z.array(employmentTypeSchema),
  updatedAt: z.string(),
});
export type SkillProfile = z.infer<typeof skillProfile>;
/** GET /me/profile: null until the member saves one. */
export const skillProfileResult = z.object({ profile: skillProfile.nullable() });

// ---------------------------------------------------------------------------------------------
// Bookmarks, recently viewed, saved searches

export const bookmarkState = z.object({ postingId: z.string(), bookmarked: z.boolean() });
export const recentViews = z.array(jobPostingSummary.extend({ viewedAt: z.string() }));

/** Saved filters (the same as a search's; stored canonical). */
export const savedSearchFilters = jobSearchFilters.omit({ activeOnly: true });
export type SavedSearchFilters = z.infer<typeof savedSearchFilters>;

export const savedSearchInput = z.object({
  name: jobLine(60, 1),
  filters: z.object({
    q: jobLine(JOB_LIMITS.queryMax).optional(),
    company: z.array(z.uuid()).max(20).optional(),
    skill: z.array(skillIdSchema).max(20).optional(),
    experience: z.array(experienceLevelSchema).max(6).optional(),
    employmentType: z.array(employmentTypeSchema).max(4).optional(),
    region: z.array(jobRegionSchema).max(18).optional(),
    workMode: z.array(workModeSchema).max(3).optional(),
    salaryMin: z.number().int().min(0).max(JOB_LIMITS.salaryMax).optional(),
  }),
  alertEnabled: z.boolean().default(true),
});
export type SavedSearchInput = z.input<typeof savedSearchInput>;
export const savedSearchPatch = z
  .object({ name: jobLine(60, 1).optional(), alertEnabled: z.boolean().optional() })
  .refine((p) => p.name !== undefined || p.alertEnabled !== undefined, { message: 'form.nothingToChange' });

export const savedSearch = z.object({
  id: z.string(),
  name: z.string(),
  filters: savedSearchInput.shape.filters,
  alertEnabled: z.boolean(),
  lastAlertedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearch>;
export const savedSearchList = z.array(savedSearch);
export const savedSearchParams = z.object({ id: z.uuid() });
/** POST /api/job-postings/alerts/unsubscribe (the link in an alert mail; no login). */
export const alertUnsubscribeBody = z.object({ id: z.uuid(), token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });
export const alertUnsubscribeResult = z.object({ name: z.string(), alertEnabled: z.boolean() });

// ---------------------------------------------------------------------------------------------
// Corrections

export const correctionInput = z
  .object({
    postingId: z.uuid().optional(),
    kind: z.enum(CORRECTION_KINDS),
    message: jobText(JOB_LIMITS.correctionMax).pipe(z.string().min(1)),
  })
  .refine((c) => c.kind === 'ADD_COMPANY' || c.postingId !== undefined, {
    message: 'form.postingRequired',
    path: ['postingId'],
  });
export type CorrectionInput = z.infer<typeof correctionInput>;

export const correction = z.object({
  id: z.string(),
  postingId: z.string().nullable(),
  postingTitle: z.string().nullable(),
  companyName: z.string().nullable(),
  kind: z.enum(CORRECTION_KINDS),
  message: z.string(),
  status: z.enum(CORRECTION_STATUSES),
  adminNote: z.string().nullable(),
  reporter: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Correction = z.infer<typeof correction>;
export const correctionPage = page(correction);

// Re-exported value types for callers that only import this file.
export type { EmploymentType, ExperienceLevel, JobRegion, WorkMode };
