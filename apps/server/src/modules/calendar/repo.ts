/** SQL for calendar events, RSVPs, attendance and feed tokens. Attendees' names: the `user_public` view. */
import type { AttendanceStatus, EventType } from '@moim/contract';
import { and, asc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userPublic } from '../users/index.ts';
import { calendarFeedTokens, eventAttendance, eventRsvps, type NewStudyEventRow, studyEvents, type StudyEventRow } from './schema.ts';

export async function insertEvents(db: DbOrTx, rows: NewStudyEventRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insert(studyEvents)
      .values(rows.slice(i, i + 200))
      .onConflictDoNothing();
  }
}

export async function insertEvent(db: DbOrTx, row: NewStudyEventRow): Promise<StudyEventRow> {
  const [r] = await db.insert(studyEvents).values(row).returning();
  return r!;
}

/** Regular events of a study from a date on, with whether anyone RSVP'd or attendance was taken. */
export async function regularEventsFrom(db: DbOrTx, studyId: string, from: string | null) {
  const conds: SQL[] = [eq(studyEvents.studyId, studyId), eq(studyEvents.eventType, 'regular')];
  if (from) conds.push(gte(studyEvents.date, from));
  return db
    .select({
      id: studyEvents.id,
      date: studyEvents.date,
      used: sql<boolean>`(exists (select 1 from event_attendance a where a.event_id = ${studyEvents.id})
        or exists (select 1 from event_rsvps r where r.event_id = ${studyEvents.id}))`,
    })
    .from(studyEvents)
    .where(and(...conds));
}

export async function deleteEvents(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(studyEvents).where(inArray(studyEvents.id, ids));
}

/** Keep regular sessions (from a date on) in step with the study's times and place. */
export async function updateRegularEvents(
  db: DbOrTx,
  studyId: string,
  from: string | null,
  patch: Pick<NewStudyEventRow, 'startTime' | 'endTime' | 'location' | 'address' | 'title'>,
): Promise<void> {
  const conds: SQL[] = [eq(studyEvents.studyId, studyId), eq(studyEvents.eventType, 'regular')];
  if (from) conds.push(gte(studyEvents.date, from));
  await db
    .update(studyEvents)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(...conds));
}

export async function upsertRecruitmentEvent(db: DbOrTx, row: NewStudyEventRow): Promise<void> {
  await db
    .insert(studyEvents)
    .values(row)
    .onConflictDoUpdate({
      target: studyEvents.studyId,
      targetWhere: sql`event_type = 'recruitment'`,
      set: { date: row.date, startTime: row.startTime, endTime: row.endTime, title: row.title, updatedAt: new Date() },
    });
}

export async function findEvent(db: DbOrTx, id: string): Promise<StudyEventRow | undefined> {
  const [r] = await db.select().from(studyEvents).where(eq(studyEvents.id, id));
  return r;
}

export async function updateEvent(db: DbOrTx, id: string, patch: Partial<NewStudyEventRow>): Promise<StudyEventRow | undefined> {
  const [r] = await db
    .update(studyEvents)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(studyEvents.id, id))
    .returning();
  return r;
}

export async function listEvents(
  db: DbOrTx,
  f: { from?: string | undefined; to?: string | undefined; types?: EventType[] | undefined; studyIds?: string[] | undefined },
  limit = 5000,
): Promise<StudyEventRow[]> {
  const conds: SQL[] = [];
  if (f.from) conds.push(gte(studyEvents.date, f.from));
  if (f.to) conds.push(lte(studyEvents.date, f.to));
  if (f.types?.length) conds.push(inArray(studyEvents.eventType, f.types));
  if (f.studyIds) {
    if (f.studyIds.length === 0) return [];
    conds.push(inArray(studyEvents.studyId, f.studyIds));
  }
  return db
    .select()
    .from(studyEvents)
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(asc(studyEvents.date), asc(studyEvents.startTime), asc(studyEvents.id))
    .limit(limit);
}

/** Events a user RSVP'd to (any study), in a date range. */
export async function rsvpedEvents(db: DbOrTx, userId: string, from: string, to: string): Promise<StudyEventRow[]> {
  const rows = await db
    .select({ e: studyEvents })
    .from(eventRsvps)
    .innerJoin(studyEvents, eq(studyEvents.id, eventRsvps.eventId))
    .where(and(eq(eventRsvps.userId, userId), gte(studyEvents.date, from), lte(studyEvents.date, to)));
  return rows.map((r) => r.e);
}

export async function rsvpedIds(db: DbOrTx, userId: string, eventIds: string[]): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  const rows = await db
    .select({ id: eventRsvps.eventId })
    .from(eventRsvps)
    .where(and(eq(eventRsvps.userId, userId), inArray(eventRsvps.eventId, eventIds)));
  return new Set(rows.map((r) => r.id));
}

/** Add an RSVP and count it, unless the event is full (then nothing changes and false). */
export async function addRsvp(db: DbOrTx, eventId: string, userId: string): Promise<'added' | 'already' | 'full'> {
  const ins = await db.insert(eventRsvps).values({ eventId, userId }).onConflictDoNothing().returning({ id: eventRsvps.eventId });
  if (ins.length === 0) return 'already';
  const upd = await db
    .update(studyEvents)
    .set({ currentParticipants: sql`${studyEvents.currentParticipants} + 1` })
    .where(
      and(
        eq(studyEvents.id, eventId),
        or(isNull(studyEvents.participantLimit), sql`${studyEvents.currentParticipants} < ${studyEvents.participantLimit}`),
      ),
    )
    .returning({ id: studyEvents.id });
  return upd.length === 1 ? 'added' : 'full';
}

export async function removeRsvp(db: DbOrTx, eventId: string, userId: string): Promise<boolean> {
  const del = await db
    .delete(eventRsvps)
    .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.userId, userId)))
    .returning({ id: eventRsvps.eventId });
  if (del.length === 0) return false;
  await db
    .update(studyEvents)
    .set({ currentParticipants: sql`greatest(${studyEvents.currentParticipants} - 1, 0)` })
    .where(eq(studyEvents.id, eventId));
  return true;
}

export async function upsertAttendance(
  db: DbOrTx,
  eventId: string,
  records: { userId: string; status: AttendanceStatus }[],
  by: string,
  at: Date,
): Promise<void> {
  if (records.length === 0) return;
  await db
    .insert(eventAttendance)
    .values(records.map((r) => ({ eventId, userId: r.userId, status: r.status, recordedBy: by, recordedAt: at })))
    .onConflictDoUpdate({
      target: [eventAttendance.eventId, eventAttendance.userId],
      set: { status: sql`excluded.status`, recordedBy: by, recordedAt: at },
    });
}

export async function attendanceSheet(db: DbOrTx, eventId: string) {
  return db
    .select({
      userId: eventAttendance.userId,
      name: userPublic.name,
      status: eventAttendance.status,
      recordedAt: eventAttendance.recordedAt,
    })
    .from(eventAttendance)
    .innerJoin(userPublic, eq(userPublic.id, eventAttendance.userId))
    .where(eq(eventAttendance.eventId, eventId))
    .orderBy(asc(userPublic.name));
}

/** Past events (up to `today`) of the given studies where attendance was taken. */
export async function eventsWithAttendance(db: DbOrTx, studyIds: string[], today: string) {
  if (studyIds.length === 0) return [];
  return db
    .select({ id: studyEvents.id, studyId: studyEvents.studyId, date: studyEvents.date })
    .from(studyEvents)
    .where(
      and(
        inArray(studyEvents.studyId, studyIds),
        lte(studyEvents.date, today),
        sql`exists (select 1 from event_attendance a where a.event_id = ${studyEvents.id})`,
      ),
    );
}

export async function attendanceOf(db: DbOrTx, eventIds: string[], userIds: string[]) {
  if (eventIds.length === 0 || userIds.length === 0) return [];
  return db
    .select({ eventId: eventAttendance.eventId, userId: eventAttendance.userId, status: eventAttendance.status })
    .from(eventAttendance)
    .where(and(inArray(eventAttendance.eventId, eventIds), inArray(eventAttendance.userId, userIds)));
}

// Feed tokens -----------------------------------------------------------------------------------

export async function feedTokenOf(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [r] = await db.select({ token: calendarFeedTokens.token }).from(calendarFeedTokens).where(eq(calendarFeedTokens.userId, userId));
  return r?.token;
}

export async function setFeedToken(db: DbOrTx, userId: string, token: string, rotate: boolean): Promise<string> {
  const q = db.insert(calendarFeedTokens).values({ userId, token });
  const [r] = rotate
    ? await q
        .onConflictDoUpdate({ target: calendarFeedTokens.userId, set: { token, rotatedAt: new Date() } })
        .returning({ token: calendarFeedTokens.token })
    : await q.onConflictDoNothing().returning({ token: calendarFeedTokens.token });
  return r?.token ?? (await feedTokenOf(db, userId))!;
}

export async function userOfFeedToken(db: DbOrTx, token: string): Promise<string | undefined> {
  const [r] = await db.select({ userId: calendarFeedTokens.userId }).from(calendarFeedTokens).where(eq(calendarFeedTokens.token, token));
  return r?.userId;
}
