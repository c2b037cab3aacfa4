/** SQL for session reminders: members' reminder times and the sent-reminder claims. */
import { and, asc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { reminderDeliveries, reminderPreferences, studyEvents, type StudyEventRow } from './schema.ts';

export async function preferencesOfStudy(db: DbOrTx, studyId: string): Promise<{ userId: string; offsets: number[] }[]> {
  return db
    .select({ userId: reminderPreferences.userId, offsets: reminderPreferences.offsets })
    .from(reminderPreferences)
    .where(eq(reminderPreferences.studyId, studyId));
}

export async function preferenceOf(db: DbOrTx, userId: string, studyId: string): Promise<number[] | undefined> {
  const [r] = await db
    .select({ offsets: reminderPreferences.offsets })
    .from(reminderPreferences)
    .where(and(eq(reminderPreferences.userId, userId), eq(reminderPreferences.studyId, studyId)));
  return r?.offsets;
}

export async function setPreference(db: DbOrTx, userId: string, studyId: string, offsets: number[], at: Date): Promise<void> {
  await db
    .insert(reminderPreferences)
    .values({ userId, studyId, offsets, updatedAt: at })
    .onConflictDoUpdate({ target: [reminderPreferences.userId, reminderPreferences.studyId], set: { offsets, updatedAt: at } });
}

/**
 * Claim one reminder (session, member, offset, start time): true for exactly one caller however
 * many workers or redeliveries try it, so what follows in the same transaction happens once.
 */
export async function claimDelivery(
  db: DbOrTx,
  row: { eventId: string; userId: string; offsetMinutes: number; startsAt: Date; sentAt: Date },
): Promise<boolean> {
  const r = await db.insert(reminderDeliveries).values(row).onConflictDoNothing().returning({ userId: reminderDeliveries.userId });
  return r.length > 0;
}

/** Who has been sent this session's invitation (and so gets its update or cancellation). */
export async function invitedUsers(db: DbOrTx, eventId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: reminderDeliveries.userId })
    .from(reminderDeliveries)
    .where(eq(reminderDeliveries.eventId, eventId));
  return rows.map((r) => r.userId);
}

/** Sessions (regular and special) of a study from a date on. */
export async function sessionsFrom(db: DbOrTx, studyId: string, from: string): Promise<StudyEventRow[]> {
  return db
    .select()
    .from(studyEvents)
    .where(and(eq(studyEvents.studyId, studyId), ne(studyEvents.eventType, 'recruitment'), gte(studyEvents.date, from)))
    .orderBy(asc(studyEvents.date));
}

export async function eventsByIds(db: DbOrTx, ids: string[]): Promise<StudyEventRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(studyEvents).where(inArray(studyEvents.id, ids));
}

/** Raise the iCalendar SEQUENCE of sessions that moved; returns them as they are now. */
export async function bumpSequence(db: DbOrTx, ids: string[]): Promise<StudyEventRow[]> {
  if (ids.length === 0) return [];
  return db
    .update(studyEvents)
    .set({ icsSequence: sql`${studyEvents.icsSequence} + 1` })
    .where(inArray(studyEvents.id, ids))
    .returning();
}
