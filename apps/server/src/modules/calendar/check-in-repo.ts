/** SQL for check-in rules, members' own check-ins, the leader's corrections and the attendance report. */
import type { AttendanceStatus, CheckInRules } from '@moim/contract';
import { DEFAULT_CHECK_IN_RULES } from '@moim/contract';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { userPublic } from '../users/index.ts';
import { attendanceCorrections, checkInRules, eventAttendance, studyEvents } from './schema.ts';

export async function rulesOf(db: DbOrTx, studyId: string): Promise<CheckInRules> {
  const [r] = await db.select().from(checkInRules).where(eq(checkInRules.studyId, studyId));
  return r
    ? { opensBeforeMinutes: r.opensBeforeMinutes, closesAfterMinutes: r.closesAfterMinutes, lateAfterMinutes: r.lateAfterMinutes }
    : { ...DEFAULT_CHECK_IN_RULES };
}

export async function saveRules(db: DbOrTx, studyId: string, rules: CheckInRules, by: string): Promise<void> {
  const row = { ...rules, updatedBy: by, updatedAt: new Date() };
  await db
    .insert(checkInRules)
    .values({ studyId, ...row })
    .onConflictDoUpdate({ target: checkInRules.studyId, set: row });
}

/** A member's own check-in: one row per (event, member); false when a record already exists. */
export async function insertCheckIn(
  db: DbOrTx,
  r: { eventId: string; userId: string; status: AttendanceStatus; at: Date; method: 'CODE' | 'LINK' },
): Promise<boolean> {
  const ins = await db
    .insert(eventAttendance)
    .values({
      eventId: r.eventId,
      userId: r.userId,
      status: r.status,
      recordedBy: r.userId,
      recordedAt: r.at,
      checkedInAt: r.at,
      checkInMethod: r.method,
    })
    .onConflictDoNothing()
    .returning({ id: eventAttendance.eventId });
  return ins.length === 1;
}

export async function recordOf(db: DbOrTx, eventId: string, userId: string) {
  const [r] = await db
    .select()
    .from(eventAttendance)
    .where(and(eq(eventAttendance.eventId, eventId), eq(eventAttendance.userId, userId)));
  return r;
}

/** Current records of some members in an event, locked for a correction. */
export async function recordsForUpdate(db: DbOrTx, eventId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: eventAttendance.userId, status: eventAttendance.status })
    .from(eventAttendance)
    .where(and(eq(eventAttendance.eventId, eventId), inArray(eventAttendance.userId, userIds)))
    .for('update');
}

export async function insertCorrections(
  db: DbOrTx,
  rows: {
    eventId: string;
    studyId: string;
    userId: string;
    fromStatus: AttendanceStatus | null;
    toStatus: AttendanceStatus;
    actorId: string;
    createdAt: Date;
  }[],
): Promise<void> {
  if (rows.length) await db.insert(attendanceCorrections).values(rows);
}

export async function corrections(db: DbOrTx, studyId: string, limit: number) {
  const member = alias(userPublic, 'member');
  const actor = alias(userPublic, 'actor');
  return db
    .select({
      id: attendanceCorrections.id,
      eventId: attendanceCorrections.eventId,
      eventDate: studyEvents.date,
      userId: attendanceCorrections.userId,
      userName: member.name,
      fromStatus: attendanceCorrections.fromStatus,
      toStatus: attendanceCorrections.toStatus,
      actorId: attendanceCorrections.actorId,
      actorName: actor.name,
      createdAt: attendanceCorrections.createdAt,
    })
    .from(attendanceCorrections)
    .innerJoin(studyEvents, eq(studyEvents.id, attendanceCorrections.eventId))
    .innerJoin(member, eq(member.id, attendanceCorrections.userId))
    .innerJoin(actor, eq(actor.id, attendanceCorrections.actorId))
    .where(eq(attendanceCorrections.studyId, studyId))
    .orderBy(desc(attendanceCorrections.createdAt), desc(attendanceCorrections.id))
    .limit(limit);
}

/** Every record of one event (for the live room). */
export async function eventRecords(db: DbOrTx, eventId: string) {
  return db
    .select({
      userId: eventAttendance.userId,
      status: eventAttendance.status,
      checkedInAt: eventAttendance.checkedInAt,
      method: eventAttendance.checkInMethod,
    })
    .from(eventAttendance)
    .where(eq(eventAttendance.eventId, eventId));
}

export async function publicNames(db: DbOrTx, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, { name: string; profileImage: string | null }>();
  const rows = await db
    .select({ id: userPublic.id, name: userPublic.name, profileImage: userPublic.profileImage })
    .from(userPublic)
    .where(inArray(userPublic.id, userIds));
  return new Map(rows.map((r) => [r.id, { name: r.name, profileImage: r.profileImage }]));
}

/** Sessions (regular and special) of a study held up to `today`, with whether attendance was taken. */
export async function heldSessions(db: DbOrTx, studyId: string, today: string) {
  return db
    .select({
      id: studyEvents.id,
      title: studyEvents.title,
      date: studyEvents.date,
      startTime: studyEvents.startTime,
      taken: sql<boolean>`exists (select 1 from event_attendance a where a.event_id = ${studyEvents.id})`,
    })
    .from(studyEvents)
    .where(and(eq(studyEvents.studyId, studyId), lte(studyEvents.date, today), sql`${studyEvents.eventType} <> 'recruitment'`))
    .orderBy(asc(studyEvents.date), asc(studyEvents.startTime));
}

export async function recordsOfEvents(db: DbOrTx, eventIds: string[], userIds?: string[]) {
  if (eventIds.length === 0) return [];
  const conds = [inArray(eventAttendance.eventId, eventIds)];
  if (userIds) {
    if (userIds.length === 0) return [];
    conds.push(inArray(eventAttendance.userId, userIds));
  }
  return db
    .select({
      eventId: eventAttendance.eventId,
      userId: eventAttendance.userId,
      status: eventAttendance.status,
      checkedInAt: eventAttendance.checkedInAt,
    })
    .from(eventAttendance)
    .where(and(...conds));
}

/** Events of a study on the given dates (today's and yesterday's sessions, for a typed code). */
export async function sessionsOn(db: DbOrTx, studyId: string, dates: string[]) {
  return db
    .select()
    .from(studyEvents)
    .where(and(eq(studyEvents.studyId, studyId), inArray(studyEvents.date, dates), sql`${studyEvents.eventType} <> 'recruitment'`))
    .orderBy(asc(studyEvents.date), asc(studyEvents.startTime));
}

/** Every regular session of a study (past and future, in order), for the deposit's shares. */
export async function regularSessions(db: DbOrTx, studyId: string) {
  return db
    .select({
      id: studyEvents.id,
      date: studyEvents.date,
      startTime: studyEvents.startTime,
      endTime: studyEvents.endTime,
      taken: sql<boolean>`exists (select 1 from event_attendance a where a.event_id = ${studyEvents.id})`,
    })
    .from(studyEvents)
    .where(and(eq(studyEvents.studyId, studyId), eq(studyEvents.eventType, 'regular')))
    .orderBy(asc(studyEvents.date), asc(studyEvents.startTime));
}
