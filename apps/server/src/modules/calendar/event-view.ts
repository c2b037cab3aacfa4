/** A session row as the calendar's API shows it (the link only to whom may see it). */
import type { CalendarEvent } from '@moim/contract';
import type { CalendarStudyRef as StudyRef } from './ports.ts';
import type { StudyEventRow } from './schema.ts';

export function toCalendarEvent(
  e: StudyEventRow,
  study: Pick<StudyRef, 'title' | 'slug'>,
  opts: { rsvped: boolean | null; showLink: boolean },
): CalendarEvent {
  return {
    id: e.id,
    studyId: e.studyId,
    studyTitle: study.title,
    studySlug: study.slug,
    title: e.title,
    description: e.description,
    date: e.date,
    startTime: e.startTime,
    endTime: e.endTime,
    eventType: e.eventType,
    location: e.location,
    address: e.address,
    link: opts.showLink ? e.link : null,
    participantLimit: e.participantLimit,
    currentParticipants: e.currentParticipants,
    rsvped: opts.rsvped,
  };
}
