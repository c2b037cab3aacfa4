/**
 * The jobs navigator's back office (issue 15): one posting's form (also the shape of an item in
 * a JSON feed, and of a CSV row once its columns are read), import sources, import runs with
 * their per-item report, and correction handling. Routes under /api/admin/job-postings.
 */
import { z } from 'zod';
import { page, pageQuery } from './envelope.ts';
import { linkField } from './links.ts';
import { employmentTypeSchema, experienceLevelSchema, httpUrl, jobLine, jobRegionSchema, jobText, workModeSchema } from './job-postings.ts';
import { CORRECTION_STATUSES, JOB_LIMITS as L } from './job-rules.ts';

const optionalUrl = z.union([httpUrl, z.literal('').transform(() => undefined)]).optional();
const date = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

export const jobCompanyInput = z.object({
  name: jobLine(L.companyNameMax, 1),
  nameEn: jobLine(L.companyNameMax).optional(),
  careersUrl: optionalUrl,
  logoUrl: optionalUrl,
});

/** One posting as an admin types it, or as an importer reads it (before skills and company are resolved). */
export const jobPostingInput = z
  .object({
    company: jobCompanyInput,
    title: jobLine(L.titleMax, 1),
    description: jobText(L.descriptionMax).default(''),
    requirements: jobText(L.requirementsMax).default(''),
    preferred: jobText(L.requirementsMax).default(''),
    employmentType: employmentTypeSchema.default('FULL_TIME'),
    experienceLevel: experienceLevelSchema.default('ANY'),
    /** years; defaults come from the level (EXPERIENCE_DEFAULT_RANGES) */
    experienceMin: z.number().int().min(0).max(L.experienceYearsMax).nullish(),
    experienceMax: z.number().int().min(0).max(L.experienceYearsMax).nullish(),
    location: jobLine(L.locationMax).default(''),
    /** derived from `location` when absent */
    region: jobRegionSchema.nullish(),
    workMode: workModeSchema.default('ONSITE'),
    /** annual, KRW */
    salaryMin: z.number().int().min(0).max(L.salaryMax).nullish(),
    salaryMax: z.number().int().min(0).max(L.salaryMax).nullish(),
    requiredSkills: z.array(jobLine(L.skillNameMax, 1)).max(L.skillsMax).default([]),
    preferredSkills: z.array(jobLine(L.skillNameMax, 1)).max(L.skillsMax).default([]),
    postedAt: date.optional(),
    /** the last day (or instant) applications are taken; absent = open-ended (상시 채용) */
    validThrough: date.nullish(),
    /** the posting's page at the source: unique, the identity for de-duplication */
    sourceUrl: httpUrl,
    active: z.boolean().default(true),
  })
  .refine((p) => p.salaryMin == null || p.salaryMax == null || p.salaryMin <= p.salaryMax, {
    message: 'form.salaryRange',
    path: ['salaryMax'],
  })
  .refine((p) => p.experienceMin == null || p.experienceMax == null || p.experienceMin <= p.experienceMax, {
    message: 'form.experienceRange',
    path: ['experienceMax'],
  });
export type JobPostingInput = z.input<typeof jobPostingInput>;
export type JobPostingData = z.output<typeof jobPostingInput>;

// ---------------------------------------------------------------------------------------------
// Sources and runs

export const IMPORT_FORMATS = ['JSON', 'CSV', 'RSS'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const IMPORT_RUN_STATUSES = ['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED'] as const;
export type ImportRunStatus = (typeof IMPORT_RUN_STATUSES)[number];
export const IMPORT_OUTCOMES = ['CREATED', 'UPDATED', 'UNCHANGED', 'REJECTED'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];
export const FEED_ENCODINGS = ['auto', 'utf-8', 'euc-kr'] as const;

/** Where a feed is fetched from (any http(s) address here; the fetcher refuses private ones). */
export const feedUrl = linkField({ max: 2000 });

export const importSourceInput = z.object({
  name: jobLine(80, 1),
  /** JSON (a feed of postings in the jobPostingInput shape) or RSS (RSS/Atom of a careers page) */
  format: z.enum(['JSON', 'RSS']),
  url: feedUrl,
  /** for RSS: the company the feed's items belong to */
  companyName: jobLine(L.companyNameMax).optional(),
  encoding: z.enum(FEED_ENCODINGS).default('auto'),
  /** run once a day by the scheduler */
  enabled: z.boolean().default(false),
});
export type ImportSourceInput = z.input<typeof importSourceInput>;
export const importSourcePatch = importSourceInput.partial();

export const importSource = z.object({
  id: z.string(),
  name: z.string(),
  format: z.enum(IMPORT_FORMATS),
  url: z.string(),
  companyName: z.string().nullable(),
  encoding: z.enum(FEED_ENCODINGS),
  enabled: z.boolean(),
  lastRunAt: z.string().nullable(),
  lastRunStatus: z.enum(IMPORT_RUN_STATUSES).nullable(),
  createdAt: z.string(),
});
export type ImportSource = z.infer<typeof importSource>;
export const importSourceList = z.array(importSource);
export const importSourceParams = z.object({ id: z.uuid() });

/** POST /api/admin/job-postings/imports: an uploaded file (CSV, or JSON), run as a job. */
export const IMPORT_UPLOAD_MAX_BYTES = 4 * 1024 * 1024;
export const importUploadInput = z.object({
  format: z.enum(['CSV', 'JSON']),
  fileName: jobLine(200, 1),
  content: z.string().min(1).max(IMPORT_UPLOAD_MAX_BYTES),
});
export type ImportUploadInput = z.infer<typeof importUploadInput>;

export const importRun = z.object({
  id: z.string(),
  sourceId: z.string().nullable(),
  sourceName: z.string().nullable(),
  format: z.enum(IMPORT_FORMATS),
  /** the uploaded file's name, or the feed's address */
  origin: z.string(),
  status: z.enum(IMPORT_RUN_STATUSES),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.number().int(),
  /** why the whole run failed (the feed could not be fetched or parsed); null otherwise */
  error: z.string().nullable(),
  requestedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ImportRun = z.infer<typeof importRun>;
export const importRunPage = page(importRun);
export const importRunParams = z.object({ id: z.uuid() });

export const importRunItem = z.object({
  position: z.number().int(),
  outcome: z.enum(IMPORT_OUTCOMES),
  sourceUrl: z.string().nullable(),
  title: z.string().nullable(),
  postingId: z.string().nullable(),
  /** for REJECTED: what was wrong, e.g. "title: required" */
  reason: z.string().nullable(),
});
export type ImportRunItem = z.infer<typeof importRunItem>;
export const importRunItemsQuery = pageQuery.extend({
  outcome: z.enum(IMPORT_OUTCOMES).optional(),
  size: z.coerce.number().int().min(1).max(100).default(50),
});
export const importRunItemPage = page(importRunItem);

// ---------------------------------------------------------------------------------------------
// Corrections (admin side)

export const correctionListQuery = pageQuery.extend({ status: z.enum(CORRECTION_STATUSES).optional() });
export const correctionParams = z.object({ id: z.uuid() });
export const correctionStatusBody = z.object({
  status: z.enum(CORRECTION_STATUSES),
  adminNote: jobText(1000).optional(),
});
export type CorrectionStatusBody = z.infer<typeof correctionStatusBody>;
