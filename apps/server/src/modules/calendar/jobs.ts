/**
 * The calendar's job handlers (docs/reminders.md), registered by index.ts: a session's reminder
 * at one of its times, the update mail of a moved session, the cancellation mail of a deleted
 * one. Each reads its payload back through a typed reader, never a cast.
 */
import { z } from 'zod';
import type { JobHandler } from '../../jobs/queue.ts';
import type { CancelledSnapshot, ReminderService } from './reminder-service.ts';

/** A cancelled session's snapshot as `ReminderService.cancelled` queued it (its stamp as ISO text). */
const cancelledSnapshot = z.object({
  id: z.string(),
  studyId: z.string(),
  eventType: z.string(),
  title: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  location: z.enum(['online', 'offline']),
  address: z.string().nullable(),
  link: z.string().nullable(),
  description: z.string().nullable(),
  sequence: z.number(),
  stamp: z.coerce.date(),
}) satisfies z.ZodType<CancelledSnapshot, unknown>;

/** `calendar.reminder`: the reminder of one session at one of its times. */
export function reminderJob(reminders: ReminderService): JobHandler {
  return (p) => reminders.fire(String(p.eventId), Number(p.offset), String(p.startsAt));
}

/** `calendar.session-moved`: the update of a moved session to who holds its invitation. */
export function sessionMovedJob(reminders: ReminderService): JobHandler {
  return (p) => reminders.mailMoved(String(p.eventId), Number(p.sequence));
}

/** `calendar.session-cancelled`: METHOD:CANCEL to who holds a deleted session's invitation. */
export function sessionCancelledJob(reminders: ReminderService): JobHandler {
  return (p) => reminders.mailCancelled(cancelledSnapshot.parse(p.session));
}
