/** Tables of the calendar module (see migrations/0003_studies.sql for the constraints). */
import type { AttendanceStatus, EventType } from '@moim/contract';
import { date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const studyEvents = pgTable('study_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  studyId: uuid('study_id').notNull(),
  title: text('title').notNull(),
  description: text('description'),
  date: date('date', { mode: 'string' }).notNull(),
  startTime: text('start_time').notNull(),
  endTime: text('end_time').notNull(),
  eventType: text('event_type').$type<EventType>().notNull(),
  location: text('location').$type<'online' | 'offline'>().notNull(),
  address: text('address'),
  link: text('link'),
  participantLimit: integer('participant_limit'),
  currentParticipants: integer('current_participants').notNull().default(0),
  createdBy: uuid('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** the iCalendar SEQUENCE of the session's invitation: raised when it moves (migration 0042) */
  icsSequence: integer('ics_sequence').notNull().default(0),
});
export type StudyEventRow = typeof studyEvents.$inferSelect;
export type NewStudyEventRow = typeof studyEvents.$inferInsert;

export const eventRsvps = pgTable(
  'event_rsvps',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => studyEvents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
);

export const eventAttendance = pgTable(
  'event_attendance',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => studyEvents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    status: text('status').$type<AttendanceStatus>().notNull(),
    recordedBy: uuid('recorded_by').notNull(),
    recordedAt: ts('recorded_at').notNull().defaultNow(),
    /** set when the member checked in themselves (migration 0037) */
    checkedInAt: ts('checked_in_at'),
    checkInMethod: text('check_in_method').$type<'CODE' | 'LINK'>(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
);

export const calendarFeedTokens = pgTable('calendar_feed_tokens', {
  userId: uuid('user_id').primaryKey(),
  token: text('token').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  rotatedAt: ts('rotated_at'),
});

/** A study's check-in window and late rule (migration 0037; no row: the defaults). */
export const checkInRules = pgTable('check_in_rules', {
  studyId: uuid('study_id').primaryKey(),
  opensBeforeMinutes: integer('opens_before_minutes').notNull().default(15),
  closesAfterMinutes: integer('closes_after_minutes').notNull().default(30),
  lateAfterMinutes: integer('late_after_minutes').notNull().default(10),
  updatedBy: uuid('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Every change a leader made to an attendance record: who, when, from what to what. */
export const attendanceCorrections = pgTable(
  'attendance_corrections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => studyEvents.id, { onDelete: 'cascade' }),
    studyId: uuid('study_id').notNull(),
    userId: uuid('user_id').notNull(),
    fromStatus: text('from_status').$type<AttendanceStatus>(),
    toStatus: text('to_status').$type<AttendanceStatus>().notNull(),
    actorId: uuid('actor_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('attendance_corrections_study_idx').on(t.studyId, t.createdAt.desc())],
);

/** A member's reminder times for one study, minutes before a session (migration 0042; no row: the defaults). */
export const reminderPreferences = pgTable(
  'reminder_preferences',
  {
    userId: uuid('user_id').notNull(),
    studyId: uuid('study_id').notNull(),
    offsets: integer('offsets').array().notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.studyId] })],
);

/** Each reminder sent, once per (session, member, offset, start time): the exactly-once claim. */
export const reminderDeliveries = pgTable(
  'reminder_deliveries',
  {
    eventId: uuid('event_id').notNull(),
    userId: uuid('user_id').notNull(),
    offsetMinutes: integer('offset_minutes').notNull(),
    startsAt: ts('starts_at').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId, t.offsetMinutes, t.startsAt] }),
    index('reminder_deliveries_event_idx').on(t.eventId),
  ],
);
