/**
 * The calendar module's part of a member's data export and erasure (docs/privacy.md): their
 * attendance records (check-ins included) and RSVPs. Attendance stays with the account deleted
 * (it is the study's record, shown under a deleted account's name); the private feed link goes.
 */
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { ModulePrivacy } from '../types.ts';
import { calendarFeedTokens, eventAttendance, eventRsvps, reminderDeliveries, reminderPreferences, studyEvents } from './schema.ts';

export function calendarPrivacy(ctx: AppContext): ModulePrivacy {
  const { db } = ctx;
  const eventRef = {
    id: studyEvents.id,
    studyId: studyEvents.studyId,
    title: studyEvents.title,
    date: studyEvents.date,
    startTime: studyEvents.startTime,
  };
  return {
    sections: [
      {
        file: 'attendance',
        about: {
          ko: '출석과 참석 응답: 모임별 출석 상태, 직접 체크인한 시각과 방법, 참석하겠다고 응답한 모임',
          en: 'Attendance and RSVPs: your status per session, when and how you checked in yourself, the sessions you said you would attend',
        },
        async collect(userId) {
          const attendance = await db
            .select({
              event: eventRef,
              status: eventAttendance.status,
              recordedAt: eventAttendance.recordedAt,
              recordedBySelf: eventAttendance.recordedBy,
              checkedInAt: eventAttendance.checkedInAt,
              checkInMethod: eventAttendance.checkInMethod,
            })
            .from(eventAttendance)
            .innerJoin(studyEvents, eq(studyEvents.id, eventAttendance.eventId))
            .where(eq(eventAttendance.userId, userId))
            .orderBy(asc(studyEvents.date));
          const rsvps = await db
            .select({ event: eventRef, createdAt: eventRsvps.createdAt })
            .from(eventRsvps)
            .innerJoin(studyEvents, eq(studyEvents.id, eventRsvps.eventId))
            .where(eq(eventRsvps.userId, userId))
            .orderBy(asc(studyEvents.date));
          return {
            attendance: attendance.map((a) => ({ ...a, recordedBySelf: a.recordedBySelf === userId })),
            rsvps,
          };
        },
      },
      {
        file: 'reminders',
        about: {
          ko: '일정 알림: 스터디별로 정한 알림 시간(시작 몇 분 전), 보낸 알림(모임, 시작 시각, 보낸 시각)',
          en: 'Session reminders: the reminder times you set per study (minutes before the start), the reminders sent (session, start, when sent)',
        },
        async collect(userId) {
          const preferences = await db
            .select({
              studyId: reminderPreferences.studyId,
              minutesBefore: reminderPreferences.offsets,
              updatedAt: reminderPreferences.updatedAt,
            })
            .from(reminderPreferences)
            .where(eq(reminderPreferences.userId, userId))
            .orderBy(asc(reminderPreferences.updatedAt));
          const sent = await db
            .select({
              event: eventRef,
              minutesBefore: reminderDeliveries.offsetMinutes,
              startsAt: reminderDeliveries.startsAt,
              sentAt: reminderDeliveries.sentAt,
            })
            .from(reminderDeliveries)
            .innerJoin(studyEvents, eq(studyEvents.id, reminderDeliveries.eventId))
            .where(eq(reminderDeliveries.userId, userId))
            .orderBy(asc(reminderDeliveries.sentAt));
          return { preferences, sent };
        },
      },
    ],
    async erase(userId) {
      await db.delete(calendarFeedTokens).where(eq(calendarFeedTokens.userId, userId));
      await db.delete(reminderPreferences).where(eq(reminderPreferences.userId, userId));
      await db.delete(reminderDeliveries).where(eq(reminderDeliveries.userId, userId));
    },
  };
}
