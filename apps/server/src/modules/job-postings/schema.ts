/** The jobs navigator's tables (constraints and indexes in migrations/0010_jobs.sql). */
import type { CorrectionKind, CorrectionStatus, EmploymentType, ExperienceLevel, JobRegion, SkillCategory, WorkMode } from '@moim/contract';
import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const jobSkills = pgTable('job_skills', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  category: text('category').$type<SkillCategory>().notNull().default('OTHER'),
  aliases: text('aliases').array().notNull().default([]),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type JobSkillRow = typeof jobSkills.$inferSelect;

export const jobSkillAliases = pgTable('job_skill_aliases', {
  alias: text('alias').primaryKey(),
  skillId: text('skill_id').notNull(),
});

export const jobCompanies = pgTable('job_companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  nameKey: text('name_key').notNull().unique(),
  nameEn: text('name_en'),
  careersUrl: text('careers_url'),
  logoUrl: text('logo_url'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type JobCompanyRow = typeof jobCompanies.$inferSelect;

export const jobImportSources = pgTable('job_import_sources', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  format: text('format').$type<'JSON' | 'RSS'>().notNull(),
  url: text('url').notNull(),
  companyName: text('company_name'),
  encoding: text('encoding').$type<'auto' | 'utf-8' | 'euc-kr'>().notNull().default('auto'),
  enabled: boolean('enabled').notNull().default(false),
  createdBy: uuid('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type JobImportSourceRow = typeof jobImportSources.$inferSelect;

export const jobPostings = pgTable('job_postings', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  requirements: text('requirements').notNull().default(''),
  preferred: text('preferred').notNull().default(''),
  employmentType: text('employment_type').$type<EmploymentType>().notNull(),
  experienceLevel: text('experience_level').$type<ExperienceLevel>().notNull(),
  experienceMin: integer('experience_min').notNull().default(0),
  experienceMax: integer('experience_max'),
  location: text('location').notNull().default(''),
  region: text('region').$type<JobRegion>(),
  workMode: text('work_mode').$type<WorkMode>().notNull(),
  salaryMin: bigint('salary_min', { mode: 'number' }),
  salaryMax: bigint('salary_max', { mode: 'number' }),
  requiredSkills: text('required_skills').array().notNull().default([]),
  preferredSkills: text('preferred_skills').array().notNull().default([]),
  facetTokens: text('facet_tokens').array().notNull().default([]),
  postedAt: ts('posted_at').notNull().defaultNow(),
  validThrough: ts('valid_through'),
  sourceUrl: text('source_url').notNull().unique(),
  sourceId: uuid('source_id'),
  active: boolean('active').notNull().default(true),
  closedReason: text('closed_reason').$type<'EXPIRED' | 'CLOSED'>(),
  contentHash: text('content_hash').notNull(),
  searchText: text('search_text').notNull(),
  searchJamo: text('search_jamo').notNull(),
  searchChoseong: text('search_choseong').notNull(),
  titleJamo: text('title_jamo').notNull().default(''),
  titleChoseong: text('title_choseong').notNull().default(''),
  /** the version of the synonym table the search columns were written with (migration 0030) */
  searchVersion: integer('search_version').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type JobPostingRow = typeof jobPostings.$inferSelect;
export type NewJobPostingRow = typeof jobPostings.$inferInsert;

export const jobImportRuns = pgTable('job_import_runs', {
  id: uuid('id').primaryKey().defaultRandom(),
  sourceId: uuid('source_id'),
  sourceName: text('source_name'),
  format: text('format').$type<'JSON' | 'CSV' | 'RSS'>().notNull(),
  origin: text('origin').notNull(),
  status: text('status').$type<'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED'>().notNull().default('QUEUED'),
  content: text('content'),
  created: integer('created').notNull().default(0),
  updated: integer('updated').notNull().default(0),
  unchanged: integer('unchanged').notNull().default(0),
  rejected: integer('rejected').notNull().default(0),
  error: text('error'),
  requestedBy: uuid('requested_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  startedAt: ts('started_at'),
  finishedAt: ts('finished_at'),
});
export type JobImportRunRow = typeof jobImportRuns.$inferSelect;

export const jobImportRunItems = pgTable(
  'job_import_run_items',
  {
    runId: uuid('run_id').notNull(),
    position: integer('position').notNull(),
    outcome: text('outcome').$type<'CREATED' | 'UPDATED' | 'UNCHANGED' | 'REJECTED'>().notNull(),
    sourceUrl: text('source_url'),
    title: text('title'),
    postingId: uuid('posting_id'),
    reason: text('reason'),
  },
  (t) => [primaryKey({ columns: [t.runId, t.position] })],
);
export type JobImportRunItemRow = typeof jobImportRunItems.$inferSelect;

export interface ProfileSkill {
  skillId: string;
  level: number;
}

export const jobSkillProfiles = pgTable('job_skill_profiles', {
  userId: uuid('user_id').primaryKey(),
  skills: jsonb('skills').$type<ProfileSkill[]>().notNull().default([]),
  yearsExperience: integer('years_experience').notNull(),
  preferredRegions: text('preferred_regions').array().$type<JobRegion[]>().notNull().default([]),
  preferredWorkModes: text('preferred_work_modes').array().$type<WorkMode[]>().notNull().default([]),
  preferredEmploymentTypes: text('preferred_employment_types').array().$type<EmploymentType[]>().notNull().default([]),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type JobSkillProfileRow = typeof jobSkillProfiles.$inferSelect;

export const jobBookmarks = pgTable(
  'job_bookmarks',
  {
    userId: uuid('user_id').notNull(),
    postingId: uuid('posting_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postingId] })],
);

export const jobRecentViews = pgTable(
  'job_recent_views',
  {
    userId: uuid('user_id').notNull(),
    postingId: uuid('posting_id').notNull(),
    viewedAt: ts('viewed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postingId] })],
);

export const jobSavedSearches = pgTable('job_saved_searches', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  name: text('name').notNull(),
  filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
  alertEnabled: boolean('alert_enabled').notNull().default(true),
  alertCursor: ts('alert_cursor').notNull().defaultNow(),
  nextAlertAt: ts('next_alert_at').notNull().defaultNow(),
  lastAlertedAt: ts('last_alerted_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type JobSavedSearchRow = typeof jobSavedSearches.$inferSelect;

export const jobCorrections = pgTable('job_corrections', {
  id: uuid('id').primaryKey().defaultRandom(),
  postingId: uuid('posting_id'),
  reporterId: uuid('reporter_id'),
  kind: text('kind').$type<CorrectionKind>().notNull(),
  message: text('message').notNull(),
  status: text('status').$type<CorrectionStatus>().notNull().default('OPEN'),
  adminNote: text('admin_note'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type JobCorrectionRow = typeof jobCorrections.$inferSelect;
