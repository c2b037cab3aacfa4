/**
 * The jobs navigator's limits, sorts and correction states, without zod (./job-postings.ts holds
 * the wire's schemas).
 */

export const JOB_LIMITS = {
  titleMax: 200,
  companyNameMax: 100,
  locationMax: 100,
  descriptionMax: 20_000,
  requirementsMax: 5_000,
  skillsMax: 30,
  skillNameMax: 50,
  salaryMax: 10_000_000_000,
  experienceYearsMax: 40,
  queryMax: 100,
  profileSkillsMax: 50,
  savedSearchesMax: 20,
  correctionMax: 2_000,
} as const;

export const JOB_SORTS = ['relevance', 'postedAt', 'validThrough', 'match'] as const;

export type JobSort = (typeof JOB_SORTS)[number];

/**
 * The order of a search that asks none: by match for a member with a skill profile (so postings
 * that fit them lead, not 0 % ones), else by relevance while searching words, else newest first.
 */
export function defaultJobSort(o: { hasQuery: boolean; hasProfile: boolean }): (typeof JOB_SORTS)[number] {
  return o.hasProfile ? 'match' : o.hasQuery ? 'relevance' : 'postedAt';
}

export const CORRECTION_KINDS = ['DATA_ERROR', 'POSTING_CLOSED', 'ADD_COMPANY', 'OTHER'] as const;

export type CorrectionKind = (typeof CORRECTION_KINDS)[number];

export const CORRECTION_STATUSES = ['OPEN', 'IN_REVIEW', 'RESOLVED', 'REJECTED'] as const;

export type CorrectionStatus = (typeof CORRECTION_STATUSES)[number];

/** Allowed status changes (RESOLVED and REJECTED are final). */
export const CORRECTION_TRANSITIONS: Record<CorrectionStatus, readonly CorrectionStatus[]> = {
  OPEN: ['IN_REVIEW', 'RESOLVED', 'REJECTED'],
  IN_REVIEW: ['OPEN', 'RESOLVED', 'REJECTED'],
  RESOLVED: [],
  REJECTED: [],
};

export const canMoveCorrection = (from: CorrectionStatus, to: CorrectionStatus) => CORRECTION_TRANSITIONS[from].includes(to);
