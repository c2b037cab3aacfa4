/** Tables of the projects module. Checks, foreign keys and indexes live in migrations/0009_projects.sql. */
import type { MeetingType, ProjectApplicationStatus, ProjectMemberRole, ProjectStatus, ProjectType, TechItem } from '@moim/contract';
import { boolean, date, integer, json, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const projects = pgTable('projects', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull(),
  name: text('name').notNull(),
  tagline: text('tagline').notNull().default(''),
  description: text('description').notNull().default(''),
  vision: text('vision').notNull().default(''),
  type: text('type').$type<ProjectType>().notNull(),
  status: text('status').$type<ProjectStatus>().notNull().default('DRAFT'),
  ownerId: uuid('owner_id').notNull(),
  meetingType: text('meeting_type').$type<MeetingType>().notNull(),
  meetingFrequency: text('meeting_frequency').notNull().default(''),
  meetingRegion: text('meeting_region').notNull().default(''),
  recruitmentDeadline: date('recruitment_deadline', { mode: 'string' }),
  startDate: date('start_date', { mode: 'string' }),
  expectedDuration: text('expected_duration').notNull().default(''),
  collaborationTools: text('collaboration_tools').array().notNull().default([]),
  compensation: text('compensation').notNull().default(''),
  repositoryUrl: text('repository_url'),
  demoUrl: text('demo_url'),
  contactUrl: text('contact_url'),
  techStack: jsonb('tech_stack').$type<TechItem[]>().notNull().default([]),
  stackKeys: text('stack_keys').array().notNull().default([]),
  viewCount: integer('view_count').notNull().default(0),
  searchText: text('search_text').notNull().default(''),
  searchJamo: text('search_jamo').notNull().default(''),
  searchChoseong: text('search_choseong').notNull().default(''),
  publishedAt: ts('published_at'),
  deleted: boolean('deleted').notNull().default(false),
  deletedAt: ts('deleted_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type ProjectRow = typeof projects.$inferSelect;
export type NewProjectRow = typeof projects.$inferInsert;

export const projectPositions = pgTable('project_positions', {
  id: uuid('id').primaryKey().defaultRandom(),
  projectId: uuid('project_id').notNull(),
  name: text('name').notNull(),
  requiredCount: integer('required_count').notNull(),
  filledCount: integer('filled_count').notNull().default(0),
  requiredSkills: text('required_skills').array().notNull().default([]),
  preferredSkills: text('preferred_skills').array().notNull().default([]),
  responsibilities: text('responsibilities').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
  removedAt: ts('removed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
/**
 * Each project's open positions as the public list's cards show them (`[{id, name, requiredCount,
 * filledCount}]`, in the page's order), written by statement triggers on `project_positions`
 * (migration 0048); the list joins it (project-read-repo.ts). No row: no positions.
 */
export const projectPositionCards = pgTable('project_position_cards', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id),
  positions: json('positions').$type<Array<{ id: string; name: string; requiredCount: number; filledCount: number }>>().notNull(),
});

/**
 * How many listed projects (not deleted, not DRAFT) each (status, type, meeting type) has, kept by
 * triggers on `projects` (migration 0049); the list's total without a stack, position or text
 * filter sums it (project-read-repo.ts).
 */
export const projectListedCounts = pgTable(
  'project_listed_counts',
  {
    status: text('status').$type<ProjectStatus>().notNull(),
    type: text('type').$type<ProjectType>().notNull(),
    meetingType: text('meeting_type').$type<MeetingType>().notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.type, t.meetingType] })],
);

export type ProjectPositionRow = typeof projectPositions.$inferSelect;
export type NewProjectPositionRow = typeof projectPositions.$inferInsert;

export const projectMembers = pgTable('project_members', {
  id: uuid('id').primaryKey().defaultRandom(),
  projectId: uuid('project_id').notNull(),
  userId: uuid('user_id').notNull(),
  role: text('role').$type<ProjectMemberRole>().notNull(),
  positionId: uuid('position_id'),
  applicationId: uuid('application_id'),
  joinedAt: ts('joined_at').notNull().defaultNow(),
});
export type ProjectMemberRow = typeof projectMembers.$inferSelect;

export const projectApplications = pgTable('project_applications', {
  id: uuid('id').primaryKey().defaultRandom(),
  projectId: uuid('project_id').notNull(),
  positionId: uuid('position_id').notNull(),
  userId: uuid('user_id').notNull(),
  status: text('status').$type<ProjectApplicationStatus>().notNull().default('PENDING'),
  introduction: text('introduction').notNull(),
  motivation: text('motivation').notNull(),
  githubUrl: text('github_url'),
  portfolioUrl: text('portfolio_url'),
  blogUrl: text('blog_url'),
  /** the skills the applicant brings, as typed (the owner sees them next to the position's) */
  skills: text('skills').array().notNull().default([]),
  /** the owner's note on the decision (the wire's `reviewNote`, as study applications) */
  reviewNote: text('decision_note'),
  decidedAt: ts('decided_at'),
  decidedBy: uuid('decided_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type ProjectApplicationRow = typeof projectApplications.$inferSelect;

export const projectViews = pgTable(
  'project_views',
  {
    projectId: uuid('project_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    viewerKey: text('viewer_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day, t.viewerKey] })],
);

export const projectTransitions = pgTable('project_transitions', {
  id: uuid('id').primaryKey().defaultRandom(),
  projectId: uuid('project_id').notNull(),
  action: text('action').notNull(),
  fromStatus: text('from_status').$type<ProjectStatus>(),
  toStatus: text('to_status').$type<ProjectStatus>().notNull(),
  actorId: uuid('actor_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
