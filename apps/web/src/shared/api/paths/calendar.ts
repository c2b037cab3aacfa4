/** The calendar module's paths (SPEC §7); segments from data URI-encoded. */
const seg = encodeURIComponent;

export const calendarPaths = {
  events: '/api/calendar/events',
  /** POST: attend; DELETE: withdraw */
  rsvp: (eventId: string) => `/api/calendar/events/${seg(eventId)}/rsvp`,
  /** GET: mine; POST: rotate */
  feedToken: '/api/calendar/feed-token',
} as const;
