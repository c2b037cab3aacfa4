/**
 * A session as an iCalendar invitation (RFC 5545, iTIP methods of RFC 5546): the UID is the
 * session's own (`<eventId>@moim`, the same as in the private feed), so a calendar that holds it
 * replaces it when a later mail brings a higher SEQUENCE, and removes it on METHOD:CANCEL.
 */
import { seoulInstant } from '@moim/contract';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { MailAttachment } from '../../providers/mail/index.ts';

export interface InviteSession {
  id: string;
  title: string;
  date: string;
  startTime: string;
  endTime: string;
  location: 'online' | 'offline';
  address: string | null;
  link: string | null;
  description: string | null;
  sequence: number;
  stamp: Date;
}

export const sessionUid = (eventId: string) => `${eventId}@moim`;

export function sessionInvite(
  s: InviteSession,
  opts: { method: 'REQUEST' | 'CANCEL'; summary: string; url: string; organizer: string; attendee: string; onlineLabel: string },
): MailAttachment {
  const cal = ical({
    prodId: { company: 'moim', product: 'study-reminders', language: 'KO' },
    method: opts.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  cal.createEvent({
    id: sessionUid(s.id),
    sequence: s.sequence,
    start: seoulInstant(s.date, s.startTime),
    end: seoulInstant(s.date, s.endTime),
    stamp: s.stamp,
    summary: opts.summary,
    description: s.description ?? undefined,
    location: s.location === 'online' ? (s.link ?? opts.onlineLabel) : (s.address ?? undefined),
    url: opts.url,
    organizer: { name: 'moim', email: opts.organizer },
    attendees: [{ email: opts.attendee, rsvp: false }],
    ...(opts.method === 'CANCEL' ? { status: ICalEventStatus.CANCELLED } : { status: ICalEventStatus.CONFIRMED }),
  });
  return {
    filename: opts.method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
    contentType: `text/calendar; charset=utf-8; method=${opts.method}`,
    content: cal.toString(),
  };
}
