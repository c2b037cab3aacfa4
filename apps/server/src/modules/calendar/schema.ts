/** Tables of the calendar module (see migrations/0003_studies.sql for the constraints). */
import type { AttendanceStatus, EventType } from '@moim/contract';
import { date, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
);

export const calendarFeedTokens = pgTable('calendar_feed_tokens', {
  userId: uuid('user_id').primaryKey(),
  token: text('token').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  rotatedAt: ts('rotated_at'),
});
