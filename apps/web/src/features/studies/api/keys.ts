/** TanStack Query keys of the study feature, one tree so a mutation can invalidate a branch. */
import type { StudyListFilters } from '../lib/list-filters';

export const studyKeys = {
  all: ['studies'] as const,
  lists: () => ['studies', 'list'] as const,
  list: (f: StudyListFilters, size: number) => ['studies', 'list', f, size] as const,
  detail: (identifier: string) => ['studies', 'detail', identifier] as const,
  byId: (id: string) => ['studies', 'detail', id] as const,
  my: () => ['studies', 'my'] as const,
  study: (id: string) => ['studies', 'of', id] as const,
  applications: (id: string, status?: string) => ['studies', 'of', id, 'applications', status ?? 'all'] as const,
  members: (id: string) => ['studies', 'of', id, 'members'] as const,
  waitlist: (id: string) => ['studies', 'of', id, 'waitlist'] as const,
  myWaitlistPlace: (id: string) => ['studies', 'of', id, 'waitlist', 'me'] as const,
  transitions: (id: string) => ['studies', 'of', id, 'transitions'] as const,
  events: (id: string) => ['studies', 'of', id, 'events'] as const,
  attendance: (id: string, eventId: string) => ['studies', 'of', id, 'attendance', eventId] as const,
  reviews: (id: string) => ['studies', 'of', id, 'reviews'] as const,
  page: (id: string, which: 'published' | 'draft') => ['studies', 'of', id, 'page', which] as const,
  admin: () => ['studies', 'admin'] as const,
};
