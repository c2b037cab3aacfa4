/**
 * The studies API contract (SPEC §3, §4, §7 "Studies"): proposals, the study response,
 * listing filters, status actions and transitions, applications, memberships, "my studies"
 * groups and the back office. Request schemas validate; response schemas strip undeclared fields.
 */
import { z } from 'zod';
import { profileImageData } from './accounts.ts';
import { page, pageQuery } from './envelope.ts';
import {
  APPLICABILITY_LABELS,
  APPLICATION_STATUSES,
  COST_TYPES,
  LOCATION_TYPES,
  MEMBER_ROLES,
  RECURRENCE_TYPES,
  STUDY_ACTIONS,
  STUDY_LIMITS as L,
  STUDY_SLUG_HINT_PATTERN,
  STUDY_STATUSES,
  STUDY_TYPES,
} from './study-rules.ts';
import { WEEKDAYS, endOfSeoulDay } from './seoul-dates.ts';
import { MY_STUDY_GROUPS, type MyStudyGroup } from './study-rules.ts';

// ---------------------------------------------------------------------------------------------
// Building blocks

export const studyStatusSchema = z.enum(STUDY_STATUSES);
export const studyTypeSchema = z.enum(STUDY_TYPES);
export const costTypeSchema = z.enum(COST_TYPES);
export const recurrenceTypeSchema = z.enum(RECURRENCE_TYPES);
export const weekdaySchema = z.enum(WEEKDAYS);
export const locationTypeSchema = z.enum(LOCATION_TYPES);
export const memberRoleSchema = z.enum(MEMBER_ROLES);
export const applicationStatusSchema = z.enum(APPLICATION_STATUSES);
export const studyActionSchema = z.enum(STUDY_ACTIONS);
export const applicabilityLabelSchema = z.enum(APPLICABILITY_LABELS);

/** `HH:MM`, 24-hour, Asia/Seoul wall clock. */
export const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');
export const isoDate = z.iso.date();
/** An instant with an offset, or a date meaning "until the end of that day in Asia/Seoul". */
export const deadlineInput = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()])
  .transform((v) => (v.length === 10 ? endOfSeoulDay(v).toISOString() : new Date(v).toISOString()));

/** Repeated query parameter (`?type=A&type=B`) or a single one. */
export function repeatedParam<T extends z.ZodType<string>>(item: T) {
  return z
    .union([z.array(item).max(20), item])
    .transform((v): z.infer<T>[] => (Array.isArray(v) ? v : [v]) as z.infer<T>[])
    .optional();
}
export const boolParam = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

export const scheduleDetailsInput = z
  .object({
    weekdays: z.array(weekdaySchema).max(7).default([]),
    startTime: timeOfDay,
    endTime: timeOfDay,
    timezone: z.literal('Asia/Seoul').default('Asia/Seoul'),
  })
  .refine((s) => new Set(s.weekdays).size === s.weekdays.length, { message: 'form.weekdaysRepeat', path: ['weekdays'] });

export const locationInput = z
  .object({
    type: locationTypeSchema,
    address: z.string().trim().max(200).nullish(),
  })
  .refine((l) => l.type === 'ONLINE' || (l.address && l.address.length > 0), {
    message: 'form.addressNeeded',
    path: ['address'],
  });

export const questionInput = z.object({
  text: z.string().trim().min(1).max(L.questionMax),
  required: z.boolean().default(true),
});

// ---------------------------------------------------------------------------------------------
// Proposal and changes

const proposalFields = {
  title: z.string().trim().min(L.titleMin).max(L.titleMax),
  generation: z.number().int().min(1).max(1000),
  tagline: z.string().trim().max(L.taglineMax).default(''),
  type: studyTypeSchema,
  welcomeMessage: z.string().trim().min(L.welcomeMin).max(L.welcomeMax),
  /** Human schedule line; made from scheduleDetails when omitted ("매주 월·수 20:00–22:00"). */
  schedule: z.string().trim().min(1).max(100).optional(),
  /** Human duration; made from the dates when omitted ("8주"). */
  duration: z.string().trim().min(1).max(100).optional(),
  scheduleDetails: scheduleDetailsInput,
  location: locationInput,
  capacity: z.number().int().min(L.capacityMin).max(L.capacityMax),
  recruitDeadline: deadlineInput,
  startDate: isoDate,
  endDate: isoDate,
  recurrenceType: recurrenceTypeSchema,
  costType: costTypeSchema,
  /** Integer KRW; positive for VENUE_FEE_ONLY and PAID, 0 for FREE. */
  cost: z.number().int().min(0).max(L.costMax).default(0),
  costDescription: z.string().trim().max(500).default(''),
  questions: z.array(questionInput).max(L.questionsMax).default([]),
  paymentDeadlineHours: z
    .number()
    .int()
    .min(L.paymentDeadlineHoursMin)
    .max(L.paymentDeadlineHoursMax)
    .default(L.paymentDeadlineHoursDefault),
};

export const studyProposalBody = z.object({
  ...proposalFields,
  /** Optional latin handle for the slug ("tecoteco" → "1-tecoteco"); else the title's words. */
  slug: z.string().min(2).max(50).regex(STUDY_SLUG_HINT_PATTERN).optional(),
});
export type StudyProposal = z.infer<typeof studyProposalBody>;
export type StudyProposalInput = z.input<typeof studyProposalBody>;

export const studyPatchBody = z
  .object({
    title: proposalFields.title,
    tagline: z.string().trim().max(L.taglineMax),
    type: studyTypeSchema,
    welcomeMessage: proposalFields.welcomeMessage,
    schedule: z.string().trim().min(1).max(100),
    duration: z.string().trim().min(1).max(100),
    scheduleDetails: scheduleDetailsInput,
    location: locationInput,
    capacity: proposalFields.capacity,
    recruitDeadline: deadlineInput,
    startDate: isoDate,
    endDate: isoDate,
    recurrenceType: recurrenceTypeSchema,
    costType: costTypeSchema,
    cost: z.number().int().min(0).max(L.costMax),
    costDescription: z.string().trim().max(500),
    questions: z.array(questionInput).max(L.questionsMax),
    paymentDeadlineHours: z.number().int().min(L.paymentDeadlineHoursMin).max(L.paymentDeadlineHoursMax),
    /** Leader's override for an IN_PROGRESS study: true/false, or null to follow deadline and seats. */
    isRecruiting: z.boolean().nullable(),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'form.nothingToChange' });
export type StudyPatch = z.infer<typeof studyPatchBody>;

// ---------------------------------------------------------------------------------------------
// The study response

export const userRef = z.object({ id: z.string(), name: z.string(), profileImage: z.string().nullable() });
export type UserRef = z.infer<typeof userRef>;

export const studyLeader = z.object({
  id: z.string(),
  name: z.string(),
  profileImage: z.string().nullable(),
  welcomeMessage: z.string(),
});
export const scheduleDetails = z.object({
  weekdays: z.array(weekdaySchema),
  startTime: z.string(),
  endTime: z.string(),
  timezone: z.string(),
});
export const studyLocation = z.object({ type: locationTypeSchema, address: z.string().nullable() });
export const studyQuestion = z.object({ id: z.string(), text: z.string(), required: z.boolean() });
export type StudyQuestion = z.infer<typeof studyQuestion>;
export const applicabilitySchema = z.object({
  canApply: z.boolean(),
  label: applicabilityLabelSchema,
  showReviewButton: z.boolean(),
});

/** The caller's relation to the study (detail responses only; null for guests and in lists). */
export const studyViewer = z.object({
  isLeader: z.boolean(),
  isAdmin: z.boolean(),
  role: memberRoleSchema.nullable(),
  isActiveMember: z.boolean(),
  applicationId: z.string().nullable(),
  applicationStatus: applicationStatusSchema.nullable(),
});
export type StudyViewer = z.infer<typeof studyViewer>;

// ---------------------------------------------------------------------------------------------
// Cover images (issue 13 item 16): uploaded by the leader or an admin, checked like profile
// pictures (PNG, JPEG, WebP or GIF by their bytes, at most 5 MB), turned into 16:9 webp images
// on the job queue and served at /api/public/studies/{id}/cover?size=1280|640&v=<version>.

export const STUDY_COVER_SIZES = { '1280': { width: 1280, height: 720 }, '640': { width: 640, height: 360 } } as const;
export type StudyCoverSize = keyof typeof STUDY_COVER_SIZES;
export const studyCoverStatusSchema = z.enum(['NONE', 'PENDING', 'READY', 'FAILED']);
export type StudyCoverStatus = z.infer<typeof studyCoverStatusSchema>;
/** PUT /api/studies/{id}/cover: the same shape as a profile picture upload. */
export const studyCoverBody = profileImageData;
export type StudyCoverBody = z.infer<typeof studyCoverBody>;
export const studyCoverQuery = z.object({
  size: z.enum(['1280', '640']).default('1280'),
  /** cover version: versioned URLs are cached as immutable */
  v: z.coerce.number().int().min(1).max(1_000_000_000).optional(),
});

export const study = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  /** URL of the processed 1280×720 cover (null: none yet; the web draws a generated one). */
  coverImage: z.string().nullable(),
  /** URL of the 640×360 cover for cards (null with coverImage). */
  coverImageThumb: z.string().nullable(),
  /** PENDING while a new upload is processed (coverImage still shows the previous one). */
  coverImageStatus: studyCoverStatusSchema,
  generation: z.number().int(),
  tagline: z.string(),
  proposerId: z.string(),
  type: studyTypeSchema,
  leader: studyLeader,
  schedule: z.string(),
  duration: z.string(),
  scheduleDetails,
  location: studyLocation,
  capacity: z.number().int(),
  /** Confirmed active members (the leader takes no seat). */
  enrolled: z.number().int(),
  /** enrolled + seats held by accepted applications awaiting payment. */
  seatsTaken: z.number().int(),
  recruitDeadline: z.string(),
  isRecruiting: z.boolean().nullable(),
  status: studyStatusSchema,
  recurrenceType: recurrenceTypeSchema,
  startDate: z.string(),
  endDate: z.string(),
  costType: costTypeSchema,
  costDescription: z.string(),
  cost: z.number().int(),
  paymentDeadlineHours: z.number().int(),
  questions: z.array(studyQuestion),
  deleted: z.boolean(),
  /** Shown to the leader and admins only (null for others). */
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  applicability: applicabilitySchema,
  viewer: studyViewer.nullable(),
});
export type Study = z.infer<typeof study>;

export const studyListQuery = pageQuery.extend({
  /**
   * A column and direction, or `relevance` (best match to `q` first). Default: relevance with
   * `q`, `createdAt,desc` without (relevance without `q` is newest first too).
   */
  sort: z
    .string()
    .regex(/^((createdAt|startDate|recruitDeadline|title)(,(asc|desc))?|relevance(,desc)?)$/)
    .optional(),
  type: repeatedParam(studyTypeSchema),
  costType: repeatedParam(costTypeSchema),
  recurrence: repeatedParam(recurrenceTypeSchema),
  recruiting: boolParam,
  /** Korean-aware text search over the title and tagline: partial words, words being typed, 초성 ("ㄹㅇㅌ") */
  q: z.string().trim().max(100).optional(),
});
export type StudyListQuery = z.infer<typeof studyListQuery>;

/** GET /api/studies: the current approved studies as a plain array (SPEC §7). */
export const studyArrayQuery = studyListQuery.omit({ page: true, size: true }).extend({
  limit: z.coerce.number().int().min(1).max(100).default(100),
});
export type StudyArrayQuery = z.infer<typeof studyArrayQuery>;

export const studyListPage = page(study);

export const studyIdParams = z.object({ id: z.uuid() });
export const studySlugParams = z.object({ slug: z.string().min(1).max(120) });

// ---------------------------------------------------------------------------------------------
// Status

export const studyStatusBody = z.object({
  action: studyActionSchema,
  reason: z.string().trim().min(1).max(L.reasonMax).optional(),
});
export type StudyStatusBody = z.infer<typeof studyStatusBody>;

export const studyTransition = z.object({
  id: z.string(),
  studyId: z.string(),
  action: z.string(),
  fromStatus: studyStatusSchema.nullable(),
  toStatus: studyStatusSchema,
  reason: z.string().nullable(),
  actor: userRef.nullable(),
  createdAt: z.string(),
});
export type StudyTransition = z.infer<typeof studyTransition>;

// ---------------------------------------------------------------------------------------------
// Applications

export const applyBody = z.object({
  motivation: z.string().trim().min(L.motivationMin).max(L.motivationMax),
  answers: z
    .array(z.object({ questionId: z.string().min(1).max(20), answer: z.string().trim().max(L.answerMax) }))
    .max(L.questionsMax)
    .default([]),
});
export type ApplyBody = z.infer<typeof applyBody>;

export const application = z.object({
  applicationId: z.string(),
  studyId: z.string(),
  studyTitle: z.string(),
  studySlug: z.string(),
  status: applicationStatusSchema,
  appliedAt: z.string(),
  reviewNote: z.string().nullable(),
  checkoutId: z.string().nullable(),
  paymentDeadline: z.string().nullable(),
  paidAmount: z.number().int().nullable(),
  confirmedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The study's cost when the application was made (0 for free studies). */
  amountDue: z.number().int(),
  motivation: z.string(),
  answers: z.array(z.object({ questionId: z.string(), question: z.string(), answer: z.string() })),
  applicant: userRef,
});
export type Application = z.infer<typeof application>;

export const applicationPage = page(application);
export const applicationListQuery = pageQuery.extend({
  sort: z
    .string()
    .regex(/^(appliedAt|status)(,(asc|desc))?$/)
    .default('appliedAt,desc'),
  status: repeatedParam(applicationStatusSchema),
});
export type ApplicationListQuery = z.infer<typeof applicationListQuery>;
export const applicationParams = z.object({ id: z.uuid(), appId: z.uuid() });
export const acceptBody = z.object({ reviewNote: z.string().trim().max(L.reasonMax).optional() }).default({});
export const rejectBody = z.object({ reviewNote: z.string().trim().min(1).max(L.reasonMax) });
export const cancelApplicationQuery = z.object({ applicantId: z.uuid() });

// ---------------------------------------------------------------------------------------------
// The waitlist (docs/waitlist.md): WAITLISTED applications of a full study, first come first served

/** One place in the line, as the study's organisers see it. */
export const waitlistEntry = z.object({
  applicationId: z.string(),
  /** 1 is next */
  position: z.number().int().min(1),
  waitlistedAt: z.string(),
  motivation: z.string(),
  applicant: userRef,
});
export type WaitlistEntry = z.infer<typeof waitlistEntry>;

/** GET /api/studies/{id}/waitlist (organisers, admins). */
export const studyWaitlist = z.object({ studyId: z.string(), length: z.number().int(), entries: z.array(waitlistEntry) });
export type StudyWaitlist = z.infer<typeof studyWaitlist>;

/** GET /api/studies/{id}/waitlist/me: the line's length and the caller's place in it (null: not in it). */
export const myWaitlistPlace = z.object({
  studyId: z.string(),
  length: z.number().int(),
  applicationId: z.string().nullable(),
  position: z.number().int().min(1).nullable(),
});
export type MyWaitlistPlace = z.infer<typeof myWaitlistPlace>;

// ---------------------------------------------------------------------------------------------
// Memberships and members

/** SPEC §3 Membership, as the member sees it (GET /api/studies/my/memberships). */
export const membership = z.object({
  memberId: z.string(),
  studyId: z.string(),
  studyTitle: z.string(),
  studySlug: z.string(),
  studyStatus: studyStatusSchema,
  role: memberRoleSchema,
  joinedAt: z.string(),
  isActive: z.boolean(),
  /** Percent 0–100 of past events with attendance taken; null before any. */
  attendanceRate: z.number().nullable(),
  warningCount: z.number().int(),
});
export type Membership = z.infer<typeof membership>;

/** A member in a study's member list (memberId is the user's id). */
export const studyMember = z.object({
  memberId: z.string(),
  name: z.string(),
  profileImage: z.string().nullable(),
  role: memberRoleSchema,
  joinedAt: z.string(),
  isActive: z.boolean(),
  inactiveReason: z.enum(['LEFT', 'REMOVED', 'WARNINGS', 'REFUNDED']).nullable(),
  attendanceRate: z.number().nullable(),
  warningCount: z.number().int(),
});
export type StudyMember = z.infer<typeof studyMember>;
export const studyMemberPage = page(studyMember);
export const memberListQuery = pageQuery.extend({
  sort: z
    .string()
    .regex(/^(joinedAt|role)(,(asc|desc))?$/)
    .default('joinedAt,asc'),
  active: boolParam,
});
export const memberCount = z.object({ count: z.number().int() });
export const leaveQuery = z.object({ userId: z.uuid() });
export const memberParams = z.object({ id: z.uuid(), userId: z.uuid() });
export const warningBody = z.object({ reason: z.string().trim().min(1).max(500) });
export const memberWarning = z.object({
  id: z.string(),
  studyId: z.string(),
  userId: z.string(),
  reason: z.string(),
  givenBy: z.string(),
  createdAt: z.string(),
  warningCount: z.number().int(),
  isActive: z.boolean(),
});
export type MemberWarning = z.infer<typeof memberWarning>;
export const memberRoleBody = z.object({ role: z.enum(['MANAGER', 'MEMBER']) });

// ---------------------------------------------------------------------------------------------
// My studies (SPEC §4 groups)

export const myStudyItem = z.object({
  study,
  membership: membership.nullable(),
  application: application.nullable(),
});
export type MyStudyItem = z.infer<typeof myStudyItem>;

export const myStudiesQuery = z.object({ format: z.enum(['grouped', 'type']).default('grouped') });
const items = z.array(myStudyItem);
export const myStudiesGrouped = z.object({
  format: z.literal('grouped'),
  groups: z.object(Object.fromEntries(MY_STUDY_GROUPS.map((g) => [g, items])) as Record<MyStudyGroup, typeof items>),
});
export const myStudiesByType = z.object({
  format: z.literal('type'),
  groups: z.object({ PARTICIPATORY: items, EDUCATIONAL: items, ONE_TIME: items }),
});
export const myStudies = z.discriminatedUnion('format', [myStudiesGrouped, myStudiesByType]);
export type MyStudies = z.infer<typeof myStudies>;
export type MyStudiesGrouped = z.infer<typeof myStudiesGrouped>;

// ---------------------------------------------------------------------------------------------
// Back office (/api/admin/studies…)

export const adminStudyListQuery = pageQuery.extend({
  status: repeatedParam(studyStatusSchema),
  /** true: only deleted; false: only not deleted; absent: both. */
  deleted: boolParam,
  q: z.string().trim().max(100).optional(),
});
export type AdminStudyListQuery = z.infer<typeof adminStudyListQuery>;
export const adminStudy = study.extend({
  deletedAt: z.string().nullable(),
  statusBeforeTermination: studyStatusSchema.nullable(),
  proposer: userRef,
  openApplications: z.number().int(),
});
export type AdminStudy = z.infer<typeof adminStudy>;
export const adminStudyPage = page(adminStudy);
