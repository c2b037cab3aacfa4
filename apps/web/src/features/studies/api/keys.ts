/**
 * TanStack Query keys of the study feature, one tree so a mutation can invalidate a branch: every
 * key the feature reads, invalidates or seeds is built here (the queryOptions factories live
 * beside their endpoints in api/*-api.ts and admin/admin-api.ts).
 */
import type { StudyListFilters } from '../lib/list-filters';

const of = (id: string) => ['studies', 'of', id] as const;

export const studyKeys = {
  all: ['studies'] as const,
  lists: () => ['studies', 'list'] as const,
  list: (f: StudyListFilters, size: number) => ['studies', 'list', f, size] as const,
  /** the calendar view's unpaged list of the studies matching the filters */
  listArray: (query: object) => ['studies', 'list', 'array', query] as const,
  detail: (identifier: string) => ['studies', 'detail', identifier] as const,
  my: () => ['studies', 'my'] as const,
  /** everything about one study (its applications, members, events …) */
  study: (id: string) => of(id),
  applicationsOf: (id: string) => [...of(id), 'applications'] as const,
  applications: (id: string, status: string | undefined, page: number, admin: boolean) =>
    [...of(id), 'applications', status ?? 'all', page, admin] as const,
  members: (id: string) => [...of(id), 'members'] as const,
  memberPage: (id: string, opts: { page: number; active?: boolean }) => [...of(id), 'members', opts] as const,
  publicMembers: (id: string) => [...of(id), 'members', 'public'] as const,
  waitlist: (id: string) => [...of(id), 'waitlist'] as const,
  myWaitlistPlace: (id: string) => [...of(id), 'waitlist', 'me'] as const,
  transitions: (id: string) => [...of(id), 'transitions'] as const,
  events: (id: string) => [...of(id), 'events'] as const,
  attendance: (id: string, eventId: string) => [...of(id), 'attendance', eventId] as const,
  reviews: (id: string) => [...of(id), 'reviews'] as const,
  reviewList: (id: string, size: number) => [...of(id), 'reviews', size] as const,
  myReview: (id: string) => [...of(id), 'reviews', 'mine'] as const,
  page: (id: string, which: 'published' | 'draft') => [...of(id), 'page', which] as const,
  checkIn: (id: string) => [...of(id), 'check-in'] as const,
  checkInRules: (id: string) => [...of(id), 'check-in', 'rules'] as const,
  checkInCode: (id: string, eventId: string) => [...of(id), 'check-in', 'code', eventId] as const,
  checkInLink: (id: string, eventId: string) => [...of(id), 'check-in', 'link', eventId] as const,
  checkInRoom: (id: string, eventId: string) => [...of(id), 'check-in', 'room', eventId] as const,
  attendanceReport: (id: string) => [...of(id), 'attendance-report'] as const,
  attendanceCorrections: (id: string) => [...of(id), 'attendance-corrections'] as const,
  myAttendance: (id: string) => [...of(id), 'attendance-mine'] as const,
  deposit: (id: string) => [...of(id), 'deposit'] as const,
  depositAccounts: (id: string) => [...of(id), 'deposit', 'accounts'] as const,
  myDeposit: (id: string) => [...of(id), 'deposit', 'me'] as const,
  admin: () => ['studies', 'admin'] as const,
  adminList: (f: object) => ['studies', 'admin', 'list', f] as const,
  adminStudy: (id: string | undefined) => ['studies', 'admin', 'one', id] as const,
};
