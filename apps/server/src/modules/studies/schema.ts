/** Tables of the studies module. Foreign keys and checks live in migrations/0003_studies.sql. */
import type {
  ApplicationStatus,
  CostType,
  DepositRule,
  LocationType,
  MemberRole,
  RecurrenceType,
  StudyPageSection,
  StudyQuestion,
  StudyStatus,
  StudyType,
  Weekday,
} from '@moim/contract';
import { bigserial, boolean, date, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea } from '../users/schema.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const studies = pgTable('studies', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull(),
  title: text('title').notNull(),
  /** URL of the processed 1280 px cover (migration 0018); null: none */
  coverImage: text('cover_image'),
  coverImageStatus: text('cover_image_status', { enum: ['NONE', 'PENDING', 'READY', 'FAILED'] })
    .notNull()
    .default('NONE'),
  coverImageVersion: integer('cover_image_version').notNull().default(0),
  generation: integer('generation').notNull(),
  tagline: text('tagline').notNull().default(''),
  proposerId: uuid('proposer_id').notNull(),
  leaderId: uuid('leader_id').notNull(),
  type: text('type').$type<StudyType>().notNull(),
  welcomeMessage: text('welcome_message').notNull(),
  schedule: text('schedule').notNull(),
  duration: text('duration').notNull(),
  scheduleWeekdays: text('schedule_weekdays').array().$type<Weekday[]>().notNull().default([]),
  sessionStartTime: text('session_start_time').notNull(),
  sessionEndTime: text('session_end_time').notNull(),
  timezone: text('timezone').notNull().default('Asia/Seoul'),
  locationType: text('location_type').$type<LocationType>().notNull(),
  locationAddress: text('location_address'),
  capacity: integer('capacity').notNull(),
  enrolled: integer('enrolled').notNull().default(0),
  seatsTaken: integer('seats_taken').notNull().default(0),
  recruitDeadline: ts('recruit_deadline').notNull(),
  isRecruiting: boolean('is_recruiting'),
  status: text('status').$type<StudyStatus>().notNull().default('PENDING'),
  statusBeforeTermination: text('status_before_termination').$type<StudyStatus>(),
  rejectReason: text('reject_reason'),
  recurrenceType: text('recurrence_type').$type<RecurrenceType>().notNull(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  costType: text('cost_type').$type<CostType>().notNull(),
  cost: integer('cost').notNull().default(0),
  costDescription: text('cost_description').notNull().default(''),
  paymentDeadlineHours: integer('payment_deadline_hours').notNull().default(72),
  /** the refundable deposit, integer KRW, 0 = none, and the leader's rule (migration 0044; docs/deposits.md) */
  depositAmount: integer('deposit_amount').notNull().default(0),
  depositRule: jsonb('deposit_rule').$type<Omit<DepositRule, 'amount'>>(),
  questions: jsonb('questions').$type<StudyQuestion[]>().notNull().default([]),
  deleted: boolean('deleted').notNull().default(false),
  deletedAt: ts('deleted_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** Korean search over the title and tagline (migration 0029; search/korean-search.ts), written by study-repo.ts */
  searchText: text('search_text').notNull().default(''),
  searchJamo: text('search_jamo').notNull().default(''),
  searchChoseong: text('search_choseong').notNull().default(''),
});
type SearchColumnKey = 'searchText' | 'searchJamo' | 'searchChoseong';
/** A study as the module reads it (the search columns are only searched, never read back). */
export type StudyRow = Omit<typeof studies.$inferSelect, SearchColumnKey>;
/** A study to insert or a patch: the search columns are the repo's to write, from the title and tagline. */
export type NewStudyRow = Omit<typeof studies.$inferInsert, SearchColumnKey>;

/** Cover images: the uploaded source until processed, then the 1280 and 640 webp variants. */
export const studyCoverImages = pgTable(
  'study_cover_images',
  {
    studyId: uuid('study_id')
      .notNull()
      .references(() => studies.id, { onDelete: 'cascade' }),
    variant: text('variant', { enum: ['source', '1280', '640'] }).notNull(),
    version: integer('version').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    byteSize: integer('byte_size').notNull(),
    etag: text('etag').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.studyId, t.variant] })],
);

/**
 * Public studies (APPROVED, not deleted) per filter value, free seat and deadline day, kept
 * exact by triggers on `studies` (migrations 0015 and 0021): the public list's total without a count.
 */
export const studyPublicCounts = pgTable(
  'study_public_counts',
  {
    type: text('type').$type<StudyType>().notNull(),
    costType: text('cost_type').$type<CostType>().notNull(),
    recurrenceType: text('recurrence_type').$type<RecurrenceType>().notNull(),
    openSeats: boolean('open_seats').notNull(),
    deadlineDay: date('deadline_day', { mode: 'string' }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.type, t.costType, t.recurrenceType, t.openSeats, t.deadlineDay] })],
);

/**
 * Each study's card for the public list, written by triggers on `studies` in the statement that
 * changes it (migration 0024): the contract's JSON in two parts around the leader's public profile,
 * which the list joins from `user_public` (study-read-repo.ts `pageTextSql`).
 */
export const studyCards = pgTable('study_cards', {
  studyId: uuid('study_id')
    .primaryKey()
    .references(() => studies.id, { onDelete: 'cascade' }),
  leaderId: uuid('leader_id').notNull(),
  head: text('head').notNull(),
  tail: text('tail').notNull(),
});

export const studyTransitions = pgTable('study_transitions', {
  id: uuid('id').primaryKey().defaultRandom(),
  studyId: uuid('study_id').notNull(),
  action: text('action').notNull(),
  fromStatus: text('from_status').$type<StudyStatus>(),
  toStatus: text('to_status').$type<StudyStatus>().notNull(),
  reason: text('reason'),
  actorId: uuid('actor_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** the order moves were stored in: the history lists by it (created_at ties within a millisecond on PGlite) */
  seq: bigserial('seq', { mode: 'number' }).notNull(),
});
export type StudyTransitionRow = typeof studyTransitions.$inferSelect;

export type InactiveReason = 'LEFT' | 'REMOVED' | 'WARNINGS' | 'REFUNDED';

export const studyMemberships = pgTable('study_memberships', {
  id: uuid('id').primaryKey().defaultRandom(),
  studyId: uuid('study_id').notNull(),
  userId: uuid('user_id').notNull(),
  role: text('role').$type<MemberRole>().notNull().default('OWNER'),
  joinedAt: ts('joined_at').notNull().defaultNow(),
  isActive: boolean('is_active').notNull().default(true),
  inactiveReason: text('inactive_reason').$type<InactiveReason>(),
  leftAt: ts('left_at'),
  warningCount: integer('warning_count').notNull().default(0),
  applicationId: uuid('application_id'),
});
export type MembershipRow = typeof studyMemberships.$inferSelect;

export interface ApplicationAnswer {
  questionId: string;
  question: string;
  answer: string;
}

export const studyApplications = pgTable('study_applications', {
  id: uuid('id').primaryKey().defaultRandom(),
  studyId: uuid('study_id').notNull(),
  userId: uuid('user_id').notNull(),
  status: text('status').$type<ApplicationStatus>().notNull().default('PENDING'),
  motivation: text('motivation').notNull(),
  answers: jsonb('answers').$type<ApplicationAnswer[]>().notNull().default([]),
  amountDue: integer('amount_due').notNull().default(0),
  appliedAt: ts('applied_at').notNull().defaultNow(),
  decidedAt: ts('decided_at'),
  decidedBy: uuid('decided_by'),
  reviewNote: text('review_note'),
  paymentDeadline: ts('payment_deadline'),
  checkoutId: text('checkout_id'),
  paidAmount: integer('paid_amount'),
  confirmedAt: ts('confirmed_at'),
  closedAt: ts('closed_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** when it joined the waitlist (migration 0040): the line's order; kept after a promotion */
  waitlistedAt: ts('waitlisted_at'),
});
export type ApplicationRow = typeof studyApplications.$inferSelect;

export const studyWarnings = pgTable('study_warnings', {
  id: uuid('id').primaryKey().defaultRandom(),
  studyId: uuid('study_id').notNull(),
  userId: uuid('user_id').notNull(),
  reason: text('reason').notNull(),
  givenBy: uuid('given_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const studyPages = pgTable('study_pages', {
  studyId: uuid('study_id').primaryKey(),
  draft: jsonb('draft').$type<StudyPageSection[]>(),
  draftUpdatedAt: ts('draft_updated_at'),
  draftUpdatedBy: uuid('draft_updated_by'),
  published: jsonb('published').$type<StudyPageSection[]>(),
  publishedAt: ts('published_at'),
  publishedBy: uuid('published_by'),
  version: integer('version').notNull().default(0),
});
export type StudyPageRow = typeof studyPages.$inferSelect;
