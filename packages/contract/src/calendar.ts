/**
 * Calendar events of studies (SPEC §3 "Calendar event"): regular sessions generated from a
 * study's schedule, special events a leader adds, the recruitment deadline; RSVPs, attendance
 * and the private iCal feed.
 */
import { z } from 'zod';
import { linkField } from './links.ts';
import { isoDate, repeatedParam, timeOfDay } from './studies.ts';
import { ATTENDANCE_STATUSES, EVENT_LOCATIONS, EVENT_TYPES } from './calendar-rules.ts';

export const eventTypeSchema = z.enum(EVENT_TYPES);
export const eventLocationSchema = z.enum(EVENT_LOCATIONS);
export const attendanceStatusSchema = z.enum(ATTENDANCE_STATUSES);

/** where an online event happens: a web address as people type it (links.ts) */
const httpUrl = linkField({ max: 500 });

export const calendarEvent = z.object({
  id: z.string(),
  studyId: z.string(),
  studyTitle: z.string(),
  studySlug: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  eventType: eventTypeSchema,
  location: eventLocationSchema,
  address: z.string().nullable(),
  link: z.string().nullable(),
  participantLimit: z.number().int().nullable(),
  currentParticipants: z.number().int(),
  /** Did the caller RSVP? null for guests. */
  rsvped: z.boolean().nullable(),
});
export type CalendarEvent = z.infer<typeof calendarEvent>;

export const calendarQuery = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  type: repeatedParam(eventTypeSchema),
  studyId: z.uuid().optional(),
});
export type CalendarQuery = z.infer<typeof calendarQuery>;

export const studyEventBody = z.object({
  title: z.string().trim().min(1).max(100),
  description: z.string().trim().max(1000).optional(),
  date: isoDate,
  startTime: timeOfDay,
  endTime: timeOfDay,
  location: eventLocationSchema,
  address: z.string().trim().max(200).optional(),
  link: httpUrl.optional(),
  participantLimit: z.number().int().min(1).max(1000).nullable().optional(),
});
export type StudyEventBody = z.infer<typeof studyEventBody>;
export const studyEventPatch = studyEventBody.partial().refine((b) => Object.keys(b).length > 0, { message: 'form.nothingToChange' });
export type StudyEventPatch = z.infer<typeof studyEventPatch>;
export const eventParams = z.object({ id: z.uuid(), eventId: z.uuid() });
export const calendarEventParams = z.object({ eventId: z.uuid() });

export const rsvpResult = z.object({
  eventId: z.string(),
  rsvped: z.boolean(),
  currentParticipants: z.number().int(),
  participantLimit: z.number().int().nullable(),
});

export const attendanceBody = z.object({
  records: z
    .array(z.object({ userId: z.uuid(), status: attendanceStatusSchema }))
    .min(1)
    .max(200),
});
export type AttendanceBody = z.infer<typeof attendanceBody>;
export const attendanceSheet = z.object({
  eventId: z.string(),
  records: z.array(z.object({ userId: z.string(), name: z.string(), status: attendanceStatusSchema, recordedAt: z.string() })),
});

export const feedToken = z.object({ token: z.string(), url: z.string() });
export const feedParams = z.object({ file: z.string().min(1).max(200) });
