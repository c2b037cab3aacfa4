/**
 * The proposal's rules per step, checked live against the contract: the server's own zod schema
 * (studyProposalBody) for the fields and studyScheduleIssues for the cross-field rules.
 */
import {
  STUDY_LIMITS as L,
  endOfSeoulDay,
  studyProposalBody,
  studyScheduleIssues,
  type ProposalIssue,
  type StudyProposalInput,
} from '@moim/contract';
import type { TFunction } from '../../../../shared/i18n';

export const STEPS = ['basics', 'schedule', 'capacity', 'welcome', 'review'] as const;
export type Step = (typeof STEPS)[number];

/** Form paths validated by each step (what `trigger()` checks before moving on). */
export const STEP_FIELDS: Record<Step, string[]> = {
  basics: ['title', 'generation', 'tagline', 'type', 'slug'],
  schedule: ['recurrenceType', 'scheduleDetails', 'startDate', 'endDate', 'recruitDeadline', 'location'],
  capacity: ['capacity', 'costType', 'cost', 'costDescription', 'paymentDeadlineHours'],
  welcome: ['welcomeMessage', 'questions'],
  review: [],
};

export interface Rule {
  /** issue paths that break this rule (prefix match) */
  paths: string[];
  text: string;
}

export function stepRules(step: Step, t: TFunction<'studies'>): Rule[] {
  switch (step) {
    case 'basics':
      return [
        { paths: ['title'], text: t('rules.title', { min: L.titleMin, max: L.titleMax }) },
        { paths: ['generation'], text: t('rules.generation') },
        { paths: ['tagline'], text: t('rules.tagline', { max: L.taglineMax }) },
        { paths: ['slug'], text: t('rules.slug') },
      ];
    case 'schedule':
      return [
        { paths: ['startDate'], text: t('rules.startNotPast') },
        { paths: ['endDate'], text: t('rules.endAfterStart') },
        { paths: ['recruitDeadline'], text: t('rules.deadlineBeforeStart') },
        { paths: ['scheduleDetails'], text: t('rules.times') },
        { paths: ['location'], text: t('rules.location') },
      ];
    case 'capacity':
      return [
        { paths: ['capacity'], text: t('rules.capacity', { min: L.capacityMin, max: L.capacityMax }) },
        { paths: ['cost'], text: t('rules.cost', { max: L.costMax.toLocaleString('ko-KR') }) },
        {
          paths: ['paymentDeadlineHours'],
          text: t('rules.paymentHours', { min: L.paymentDeadlineHoursMin, max: L.paymentDeadlineHoursMax }),
        },
      ];
    case 'welcome':
      return [
        { paths: ['welcomeMessage'], text: t('rules.welcome', { min: L.welcomeMin, max: L.welcomeMax }) },
        { paths: ['questions'], text: t('rules.questions', { max: L.questionsMax, len: L.questionMax }) },
      ];
    case 'review':
      return [];
  }
}

/** The deadline the server will store for a date-only input: the end of that Seoul day. */
export function deadlineOf(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return endOfSeoulDay(value).toISOString();
  return value;
}

export function crossFieldIssues(v: StudyProposalInput, now: Date): ProposalIssue[] {
  if (!v.startDate || !v.endDate || !v.recruitDeadline) return [];
  return studyScheduleIssues(
    {
      startDate: v.startDate,
      endDate: v.endDate,
      recruitDeadline: deadlineOf(v.recruitDeadline),
      costType: v.costType,
      cost: typeof v.cost === 'number' && !Number.isNaN(v.cost) ? v.cost : 0,
      recurrenceType: v.recurrenceType,
      scheduleDetails: v.scheduleDetails ? { startTime: v.scheduleDetails.startTime, endTime: v.scheduleDetails.endTime } : null,
    },
    now,
  );
}

/** The page's own i18n key of a cross-field issue (its wording fits the step's rule list). */
export function crossIssueKey(issue: ProposalIssue): string {
  switch (issue.path) {
    case 'startDate':
      return 'rules.startNotPast';
    case 'endDate':
      return 'rules.endAfterStart';
    case 'recruitDeadline':
      return issue.code === 'VAL-2001'
        ? 'validation.date'
        : issue.message === 'form.deadlinePassed'
          ? 'rules.deadlinePassed'
          : 'rules.deadlineBeforeStart';
    case 'cost':
      return issue.code === 'VAL-2003' ? 'rules.costRequired' : 'rules.freeNoCost';
    case 'scheduleDetails.endTime':
      return 'rules.endTimeAfterStart';
    default:
      return 'validation.invalid';
  }
}

/** Every issue path of the current values (schema + cross-field), for the live rule list. */
export function issuePaths(v: StudyProposalInput, now: Date): string[] {
  const parsed = studyProposalBody.safeParse({ ...v, recruitDeadline: v.recruitDeadline || undefined });
  const paths = parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.'));
  return [...paths, ...crossFieldIssues(v, now).map((i) => i.path)];
}

export function ruleBroken(rule: Rule, paths: string[]): boolean {
  return paths.some((p) => rule.paths.some((r) => p === r || p.startsWith(`${r}.`)));
}
