/**
 * The projects API contract (issue 14, docs/projects.md): the project form (create, replace),
 * status actions, the public list with its filters, the detail with team and the caller's
 * relation, applications per position and "my projects". Request schemas validate (text from
 * users refuses NUL, controls and lone surrogates: VAL-2002); response schemas strip the rest.
 */
import { z } from 'zod';
import { page, pageQuery } from './envelope.ts';
import {
  MEETING_TYPES,
  PROJECT_ACTIONS,
  PROJECT_APPLICATION_STATUSES,
  PROJECT_LIMITS as L,
  PROJECT_MEMBER_ROLES,
  PROJECT_PUBLIC_STATUSES,
  PROJECT_SORTS,
  PROJECT_STATUSES,
  PROJECT_TYPES,
  TECH_CATEGORIES,
  UNSAFE_LINE,
  UNSAFE_TEXT,
} from './project-rules.ts';
import { optionalLinkField } from './links.ts';
import { repeatedParam } from './studies.ts';

export * from './project-rules.ts';

// ---------------------------------------------------------------------------------------------
// Building blocks

const SAFE_LINE = new RegExp(`^(?:(?!${UNSAFE_LINE.source}).)*$`, 's');
const SAFE_TEXT = new RegExp(`^(?:(?!${UNSAFE_TEXT.source})[\\s\\S])*$`);

/** One line of text from a user, trimmed. */
export function projectLine(max: number, min = 0) {
  return z
    .string()
    .max(max * 4 + 16)
    .trim()
    .min(min)
    .max(max)
    .regex(SAFE_LINE, 'form.unsafeText');
}
/** Several lines of text from a user, trimmed. */
export function projectText(max: number, min = 0) {
  return z
    .string()
    .max(max * 4 + 16)
    .trim()
    .min(min)
    .max(max)
    .regex(SAFE_TEXT, 'form.unsafeText');
}

/** An optional web address (docs/api-wire.md "Links": "github.com/x" → "https://github.com/x"); '' or null: none. */
const httpLink = () => optionalLinkField({ max: L.urlMax });
/** a web address or a mailto: link (a bare e-mail address becomes one) */
const contactLink = () => optionalLinkField({ max: L.urlMax, mail: true });

const isoDate = z.iso.date();
const optionalDate = z
  .union([z.literal(''), isoDate])
  .nullish()
  .transform((v) => v || null);

export const projectTypeSchema = z.enum(PROJECT_TYPES);
export const projectStatusSchema = z.enum(PROJECT_STATUSES);
export const techCategorySchema = z.enum(TECH_CATEGORIES);
export const meetingTypeSchema = z.enum(MEETING_TYPES);
export const projectApplicationStatusSchema = z.enum(PROJECT_APPLICATION_STATUSES);
export const projectMemberRoleSchema = z.enum(PROJECT_MEMBER_ROLES);
export const projectActionSchema = z.enum(PROJECT_ACTIONS);

const skillList = (min: number) =>
  z
    .array(projectLine(L.skillMax, 1))
    .min(min, 'form.oneSkill')
    .max(L.skillsMax)
    .refine((a) => new Set(a.map((s) => s.toLowerCase())).size === a.length, { message: 'form.duplicate' });

// ---------------------------------------------------------------------------------------------
// The project form

export const positionInput = z
  .object({
    /** an existing position keeps its id (its filled seats and applications stay with it) */
    id: z.uuid().optional(),
    name: projectLine(L.positionNameMax, 1),
    requiredCount: z.number().int().min(L.requiredCountMin).max(L.requiredCountMax),
    requiredSkills: skillList(L.skillsMin),
    preferredSkills: skillList(0).default([]),
    responsibilities: projectText(L.responsibilitiesMax).default(''),
  })
  .refine(
    (p) => {
      const req = new Set(p.requiredSkills.map((s) => s.toLowerCase()));
      return !(p.preferredSkills ?? []).some((s) => req.has(s.toLowerCase()));
    },
    { message: 'form.skillTwice', path: ['preferredSkills'] },
  );
export type PositionInput = z.input<typeof positionInput>;

export const techItemInput = z.object({ category: techCategorySchema, name: projectLine(L.techNameMax, 1) });
export type TechItem = z.infer<typeof techItemInput>;

export const meetingInput = z
  .object({
    type: meetingTypeSchema,
    /** "주 1회 온라인, 격주 토요일 오프라인" */
    frequency: projectLine(L.frequencyMax).default(''),
    /** where the team meets in person (needed for OFFLINE and HYBRID) */
    region: projectLine(L.regionMax).default(''),
  })
  .refine((m) => m.type === 'ONLINE' || m.region.length > 0, { message: 'form.regionNeeded', path: ['region'] });

export const projectLinksInput = z.object({
  repository: httpLink(),
  demo: httpLink(),
  /** a web address or a mailto: link (a bare e-mail address becomes one) */
  contact: contactLink(),
});

export const projectBody = z
  .object({
    name: projectLine(L.nameMax, L.nameMin),
    tagline: projectLine(L.taglineMax).default(''),
    /** rich text (simple HTML), sanitized by the server before it is stored */
    description: projectText(L.descriptionMax).default(''),
    vision: projectText(L.visionMax).default(''),
    type: projectTypeSchema,
    positions: z
      .array(positionInput)
      .min(L.positionsMin, 'form.onePosition')
      .max(L.positionsMax)
      .refine((a) => new Set(a.map((p) => p.name.toLowerCase())).size === a.length, { message: 'form.duplicate' })
      .refine((a) => new Set(a.filter((p) => p.id).map((p) => p.id)).size === a.filter((p) => p.id).length, {
        message: 'form.duplicate',
      }),
    techStack: z
      .array(techItemInput)
      .max(L.techStackMax)
      .default([])
      .refine((a) => new Set(a.map((t) => t.name.toLowerCase())).size === a.length, { message: 'form.duplicate' }),
    meeting: meetingInput,
    /** the last day applications are taken (Asia/Seoul); recruitment closes at the next 00:00 */
    recruitmentDeadline: optionalDate,
    startDate: optionalDate,
    /** "3개월", "6 months" */
    expectedDuration: projectLine(L.durationMax).default(''),
    collaborationTools: z
      .array(projectLine(L.toolMax, 1))
      .max(L.toolsMax)
      .default([])
      .refine((a) => new Set(a.map((s) => s.toLowerCase())).size === a.length, { message: 'form.duplicate' }),
    compensation: projectLine(L.compensationMax).default(''),
    links: projectLinksInput.default({ repository: null, demo: null, contact: null }),
  })
  .refine((b) => !b.recruitmentDeadline || !b.startDate || b.startDate >= b.recruitmentDeadline, {
    message: 'form.startBeforeDeadline',
    path: ['startDate'],
  });
export type ProjectBody = z.infer<typeof projectBody>;
export type ProjectBodyInput = z.input<typeof projectBody>;

/** POST /api/projects: the form plus whether to publish at once (else a DRAFT). */
export const projectCreateBody = z.object({
  project: projectBody,
  publish: z.boolean().default(false),
});
export type ProjectCreateBody = z.infer<typeof projectCreateBody>;
export type ProjectCreateInput = z.input<typeof projectCreateBody>;

export const projectStatusBody = z.object({ action: projectActionSchema });
export type ProjectStatusBody = z.infer<typeof projectStatusBody>;

// ---------------------------------------------------------------------------------------------
// Responses

export const projectPerson = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  profileImage: z.string().nullable(),
});
export type ProjectPerson = z.infer<typeof projectPerson>;

export const projectPosition = z.object({
  id: z.string(),
  name: z.string(),
  requiredCount: z.number().int(),
  filledCount: z.number().int(),
  requiredSkills: z.array(z.string()),
  preferredSkills: z.array(z.string()),
  responsibilities: z.string(),
  /** a free seat left (applications are taken while the project recruits) */
  open: z.boolean(),
});
export type ProjectPosition = z.infer<typeof projectPosition>;

export const projectPositionSummary = projectPosition.pick({ id: true, name: true, requiredCount: true, filledCount: true, open: true });

export const projectMeeting = z.object({ type: meetingTypeSchema, frequency: z.string(), region: z.string() });

export const projectSummary = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  tagline: z.string(),
  type: projectTypeSchema,
  status: projectStatusSchema,
  meeting: projectMeeting,
  recruitmentDeadline: z.string().nullable(),
  startDate: z.string().nullable(),
  positions: z.array(projectPositionSummary),
  techStack: z.array(z.object({ category: techCategorySchema, name: z.string() })),
  owner: projectPerson,
  memberCount: z.number().int(),
  viewCount: z.number().int(),
  /** RECRUITING and the deadline not over */
  acceptingApplications: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProjectSummary = z.infer<typeof projectSummary>;

export const projectMember = z.object({
  user: projectPerson,
  role: projectMemberRoleSchema,
  position: z.object({ id: z.string(), name: z.string() }).nullable(),
  joinedAt: z.string(),
});
export type ProjectMember = z.infer<typeof projectMember>;

/** The caller's relation to the project (null for guests). */
export const projectViewer = z.object({
  isOwner: z.boolean(),
  isAdmin: z.boolean(),
  isMember: z.boolean(),
  /** may edit, move the status and decide applications */
  canManage: z.boolean(),
  /** the caller's latest application to this project */
  application: z
    .object({
      applicationId: z.string(),
      status: projectApplicationStatusSchema,
      positionId: z.string(),
      positionName: z.string(),
      reviewNote: z.string().nullable(),
    })
    .nullable(),
  /** PENDING applications waiting for the owner (managers only, else 0) */
  pendingApplications: z.number().int(),
});
export type ProjectViewer = z.infer<typeof projectViewer>;

export const project = projectSummary.extend({
  description: z.string(),
  vision: z.string(),
  positions: z.array(projectPosition),
  expectedDuration: z.string(),
  collaborationTools: z.array(z.string()),
  compensation: z.string(),
  links: z.object({ repository: z.string().nullable(), demo: z.string().nullable(), contact: z.string().nullable() }),
  members: z.array(projectMember),
  viewer: projectViewer.nullable(),
});
export type Project = z.infer<typeof project>;

export const projectListQuery = pageQuery.extend({
  sort: z.enum(PROJECT_SORTS).default('createdAt,desc'),
  type: repeatedParam(projectTypeSchema),
  /** default: RECRUITING, IN_PROGRESS and COMPLETED */
  status: repeatedParam(z.enum(PROJECT_PUBLIC_STATUSES)),
  meetingType: repeatedParam(meetingTypeSchema),
  /** tech stack names (any of them, case-insensitive) */
  stack: repeatedParam(projectLine(L.techNameMax, 1)),
  /** part of the name of a position that still has a free seat */
  position: projectLine(L.positionNameMax).optional(),
  /** Korean-aware text search: partial words, words being typed, 초성 ("ㅅㅇㄷ") */
  q: projectLine(100).optional(),
});
export type ProjectListQuery = z.infer<typeof projectListQuery>;
export const projectListPage = page(projectSummary);

export const projectIdParams = z.object({ id: z.uuid() });
export const projectSlugParams = z.object({ slug: z.string().min(1).max(120) });
export const projectApplicationParams = z.object({ id: z.uuid(), appId: z.uuid() });

// ---------------------------------------------------------------------------------------------
// Applications

export const projectApplyBody = z.object({
  positionId: z.uuid(),
  introduction: projectText(L.introductionMax, L.introductionMin),
  motivation: projectText(L.motivationMax, L.motivationMin),
  /** the skills the applicant brings (the owner sees them next to the position's) */
  skills: skillList(0).default([]),
  /** what the owner opens to know the applicant: each a web address typed as people do */
  links: z
    .object({
      github: httpLink(),
      portfolio: httpLink(),
      blog: httpLink(),
    })
    .default({ github: null, portfolio: null, blog: null }),
});
export type ProjectApplyBody = z.infer<typeof projectApplyBody>;
export type ProjectApplyInput = z.input<typeof projectApplyBody>;

/** Accept (the names of study applications): an optional note the applicant sees. */
export const projectAcceptBody = z.object({ reviewNote: projectText(L.noteMax).optional() }).default({});
export type ProjectAcceptBody = z.infer<typeof projectAcceptBody>;
/** Reject: a note the applicant sees. */
export const projectRejectBody = z.object({ reviewNote: projectText(L.noteMax, L.noteMin) });
export type ProjectRejectBody = z.infer<typeof projectRejectBody>;
/** DELETE an application (cancel), as study applications: the caller names themself as its applicant. */
export const projectCancelApplicationQuery = z.object({ applicantId: z.uuid() });

export const projectApplication = z.object({
  applicationId: z.string(),
  project: z.object({ id: z.string(), slug: z.string(), name: z.string(), status: projectStatusSchema }),
  position: z.object({ id: z.string(), name: z.string() }),
  applicant: projectPerson,
  status: projectApplicationStatusSchema,
  introduction: z.string(),
  motivation: z.string(),
  skills: z.array(z.string()),
  links: z.object({ github: z.string().nullable(), portfolio: z.string().nullable(), blog: z.string().nullable() }),
  /** the owner's note on the decision (the applicant sees it; required on a rejection) */
  reviewNote: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProjectApplication = z.infer<typeof projectApplication>;
export const projectApplicationPage = page(projectApplication);

export const projectApplicationListQuery = pageQuery.extend({
  sort: z.enum(['createdAt,desc', 'createdAt,asc']).default('createdAt,desc'),
  status: repeatedParam(projectApplicationStatusSchema),
});
export type ProjectApplicationListQuery = z.infer<typeof projectApplicationListQuery>;

/** GET /api/projects/my: what /users/me shows. */
export const myProjects = z.object({
  owned: z.array(projectSummary),
  /** projects the caller joined (not owns), with the position they took */
  member: z.array(z.object({ project: projectSummary, position: z.object({ id: z.string(), name: z.string() }).nullable() })),
  /** every application the caller made, newest first */
  applications: z.array(projectApplication),
});
export type MyProjects = z.infer<typeof myProjects>;
