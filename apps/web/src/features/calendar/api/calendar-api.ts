/** Calendar events across studies and RSVPs (docs/studies.md, calendar section): a `queryOptions` factory per read. */
import { calendarEvent, feedToken, membership, rsvpResult, type EventType } from '@moim/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, arrayOf, buildQuery } from '../../../shared/api/client';
import { calendarPaths } from '../../../shared/api/paths/calendar';
import { studiesPaths } from '../../../shared/api/paths/studies';

export interface CalendarFilter {
  from: string;
  to: string;
  type?: EventType[];
  studyId?: string;
}

export const calendarKeys = {
  all: ['calendar'] as const,
  range: (f: CalendarFilter) => ['calendar', f] as const,
  myMemberships: () => ['calendar', 'my-memberships'] as const,
  /** the caller's private iCal feed */
  feedToken: () => ['calendar', 'feed-token'] as const,
};

/** The events read for `f`: the app's query and the server's render (calendar/server-render.ts) read the same address. */
export function calendarEventsPath(f: CalendarFilter): string {
  return `${calendarPaths.events}${buildQuery({ from: f.from, to: f.to, type: f.type?.length ? f.type : undefined, studyId: f.studyId })}`;
}

export const calendarEventsQuery = (f: CalendarFilter, enabled = true) =>
  queryOptions({
    queryKey: calendarKeys.range(f),
    queryFn: ({ signal }) => api.get(calendarEventsPath(f), { signal, schema: import.meta.env.DEV && arrayOf(calendarEvent) }),
    placeholderData: keepPreviousData,
    enabled,
  });

export function useCalendarEvents(f: CalendarFilter, enabled = true) {
  return useQuery(calendarEventsQuery(f, enabled));
}

export function useRsvp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { eventId: string; attend: boolean }) =>
      v.attend
        ? api.post(calendarPaths.rsvp(v.eventId), undefined, { schema: import.meta.env.DEV && rsvpResult })
        : api.delete(calendarPaths.rsvp(v.eventId), { schema: import.meta.env.DEV && rsvpResult }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}

/**
 * The studies the signed-in user is an active member of: regular sessions take RSVPs from their
 * members only (special events from anyone signed in), so the button shows only where it works.
 */
export const myActiveStudyIdsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: calendarKeys.myMemberships(),
    queryFn: async ({ signal }) => {
      const list = await api.get(studiesPaths.myMemberships, { signal, schema: import.meta.env.DEV && arrayOf(membership) });
      return new Set(list.filter((m) => m.isActive).map((m) => m.studyId));
    },
    enabled,
    staleTime: 60_000,
  });

export function useMyActiveStudyIds(enabled: boolean) {
  return useQuery(myActiveStudyIdsQuery(enabled));
}

/** The caller's private iCal feed (a secret URL they can rotate). */
export const feedTokenQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: calendarKeys.feedToken(),
    queryFn: ({ signal }) => api.get(calendarPaths.feedToken, { signal, schema: import.meta.env.DEV && feedToken }),
    enabled,
    staleTime: Infinity,
  });

export function useFeedToken(enabled: boolean) {
  return useQuery(feedTokenQuery(enabled));
}

export function useRotateFeedToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(calendarPaths.feedToken, undefined, { schema: import.meta.env.DEV && feedToken }),
    onSuccess: (data) => qc.setQueryData(calendarKeys.feedToken(), data),
  });
}
