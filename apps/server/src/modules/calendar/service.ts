/**
 * Calendar events of studies: regular sessions generated from a study's recurrence when it is
 * approved (and kept in step when its schedule changes), the recruitment deadline, special
 * events the leader adds; RSVPs with an atomic participant limit; attendance and the rates
 * derived from it; the private iCal feed. Study facts come from the studies module's
 * lower layer (`StudyDirectory`, injected); studies calls calendar downward.
 */
import {
  type AttendanceBody,
  type AttendanceStatus,
  attendanceSummary,
  CALENDAR_MAX_RANGE_DAYS,
  type CalendarEvent,
  type CalendarQuery,
  type RecurrenceType,
  type StudyEventBody,
  type StudyEventPatch,
  type Weekday,
  addDays,
  daysBetween,
  generateSessionDates,
  seoulDate,
} from '@moim/contract';
import { checkInsChanged } from './live-topics.ts';
import type { Clock } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, invalidInput } from '../../http/app-error.ts';
import { isAdmin, type AuthUser } from '../../http/auth-guard.ts';
import type { CalendarStudyAccess as StudyCallerAccess, CalendarStudies, CalendarStudyRef as StudyRef } from './ports.ts';
import {
  addRsvp,
  attendanceOf,
  attendanceSheet,
  deleteEvents,
  eventsWithAttendance,
  findEvent,
  insertEvent,
  insertEvents,
  listEvents,
  regularEventsFrom,
  removeRsvp,
  rsvpedIds,
  updateEvent,
  updateRegularEvents,
  upsertAttendance,
  upsertRecruitmentEvent,
} from './repo.ts';
import { insertCorrections, recordsForUpdate } from './check-in-repo.ts';
import type { CheckInService } from './check-in-service.ts';
import type { ReminderService } from './reminder-service.ts';
import { eventsByIds } from './reminder-repo.ts';
import type { NewStudyEventRow, StudyEventRow } from './schema.ts';
import { toCalendarEvent } from './event-view.ts';

/** The schedule facts of a study the generator needs (a studies row or StudyRef fits). */
export interface ScheduleSource {
  id: string;
  title: string;
  recurrenceType: RecurrenceType;
  scheduleWeekdays: Weekday[];
  sessionStartTime: string;
  sessionEndTime: string;
  startDate: string;
  endDate: string;
  locationType: 'ONLINE' | 'OFFLINE';
  locationAddress: string | null;
  recruitDeadline: Date;
}

/** Studies whose events the public calendar shows. */
const PUBLIC_STATUSES = new Set(['APPROVED', 'IN_PROGRESS', 'COMPLETED']);

const eventNotFound = () => new AppError('BIZ-3001', 'calendar.eventNotFound');
const studyNotFound = () => new AppError('BIZ-3001', 'studies.notFound');
const endBeforeStart = () =>
  invalidInput('VAL-2004', { path: 'body.endTime', code: 'endTimeAfterStart', message: 'form.endTimeAfterStart' });

function seoulClock(d: Date): string {
  return new Date(d.getTime() + 9 * 3_600_000).toISOString().slice(11, 16);
}

export class CalendarService {
  constructor(
    private readonly ctx: AppContext,
    /** the studies module's lower layer (ports.ts): built before calendar */
    private readonly studies: CalendarStudies,
    /** members' check-ins, the leader's code and room, the attendance report (check-in-service.ts) */
    readonly checkIns: CheckInService,
    /** reminders before each session, the invitation's updates and cancellations (reminder-service.ts) */
    readonly reminders: ReminderService,
    private readonly clock: Clock,
  ) {}

  private get db() {
    return this.ctx.db;
  }

  private today(): string {
    return seoulDate(this.clock());
  }

  // -------------------------------------------------------------------------------------------
  // Generation

  /**
   * Make the study's generated events match its schedule: regular sessions from `fromDate` on
   * (every date when includePast), keeping sessions that already have RSVPs or attendance, and
   * the recruitment event at the deadline. Idempotent.
   */
  async syncGeneratedEvents(tx: DbOrTx, study: ScheduleSource, fromDate: string, opts: { includePast?: boolean } = {}): Promise<void> {
    const from = opts.includePast ? null : fromDate;
    const dates = generateSessionDates({
      recurrenceType: study.recurrenceType,
      weekdays: study.scheduleWeekdays,
      startDate: study.startDate,
      endDate: study.endDate,
    }).filter((d) => !from || d >= from);
    const wanted = new Set(dates);
    const existing = await regularEventsFrom(tx, study.id, from);
    const dropped = existing.filter((e) => !wanted.has(e.date) && !e.used).map((e) => e.id);
    const before = await eventsByIds(
      tx,
      existing.map((e) => e.id),
    );
    await this.reminders.cancelled(
      tx,
      before.filter((e) => dropped.includes(e.id)),
    );
    await deleteEvents(tx, dropped);
    const location = study.locationType === 'ONLINE' ? ('online' as const) : ('offline' as const);
    await updateRegularEvents(tx, study.id, from, {
      title: study.title,
      startTime: study.sessionStartTime,
      endTime: study.sessionEndTime,
      location,
      address: study.locationAddress,
    });
    const have = new Set(existing.map((e) => e.date));
    await insertEvents(
      tx,
      dates
        .filter((d) => !have.has(d))
        .map((date) => ({
          studyId: study.id,
          title: study.title,
          date,
          startTime: study.sessionStartTime,
          endTime: study.sessionEndTime,
          eventType: 'regular' as const,
          location,
          address: study.locationAddress,
        })),
    );
    // sessions whose time or place changed are moved (a higher SEQUENCE, the update mailed);
    // every upcoming one gets its reminders
    const moved = before.filter(
      (e) =>
        !dropped.includes(e.id) &&
        (e.startTime !== study.sessionStartTime ||
          e.endTime !== study.sessionEndTime ||
          e.location !== location ||
          (e.address ?? null) !== (study.locationAddress ?? null)),
    );
    await this.reminders.moved(
      tx,
      moved.map((e) => e.id),
    );
    await this.reminders.scheduleStudy(tx, study.id);
    const deadlineTime = seoulClock(study.recruitDeadline);
    await upsertRecruitmentEvent(tx, {
      studyId: study.id,
      title: `${study.title} 모집 마감`,
      date: seoulDate(study.recruitDeadline),
      startTime: deadlineTime,
      endTime: deadlineTime,
      eventType: 'recruitment',
      location: 'online',
    });
  }

  // -------------------------------------------------------------------------------------------
  // Reading

  private range(q: { from?: string | undefined; to?: string | undefined }): { from: string; to: string } {
    const today = this.today();
    const from = q.from ?? `${today.slice(0, 7)}-01`;
    const to = q.to ?? addDays(from, 41);
    if (to < from) throw invalidInput('VAL-2004', { path: 'query.to', code: 'before_start', message: 'calendar.rangeOrder' });
    if (daysBetween(from, to) > CALENDAR_MAX_RANGE_DAYS) {
      const text = { key: 'calendar.rangeTooLong', params: { days: CALENDAR_MAX_RANGE_DAYS } } as const;
      throw new AppError('VAL-2004', text, {
        fields: [{ path: 'query.to', code: 'too_big', message: text.key }],
        maxDays: CALENDAR_MAX_RANGE_DAYS,
      });
    }
    return { from, to };
  }

  /** GET /api/calendar/events: events of publicly visible studies in a date range. */
  async listPublic(q: CalendarQuery, user: AuthUser | null): Promise<CalendarEvent[]> {
    const { from, to } = this.range(q);
    const events = await listEvents(this.db, { from, to, types: q.type, studyIds: q.studyId ? [q.studyId] : undefined });
    const refs = new Map((await this.studies.getStudyRefs(events.map((e) => e.studyId))).map((s) => [s.id, s]));
    const visible = events.filter((e) => {
      const s = refs.get(e.studyId);
      return s && !s.deleted && PUBLIC_STATUSES.has(s.status);
    });
    return this.present(visible, refs, user);
  }

  /** GET /api/studies/{id}/events: every event of one visible study. */
  async listForStudy(
    studyId: string,
    q: { from?: string | undefined; to?: string | undefined },
    user: AuthUser | null,
  ): Promise<CalendarEvent[]> {
    const a = await this.visibleStudy(studyId, user);
    const events = await listEvents(this.db, { from: q.from, to: q.to, studyIds: [studyId] });
    return this.present(events, new Map([[studyId, a.study]]), user);
  }

  private async present(events: StudyEventRow[], refs: Map<string, StudyRef>, user: AuthUser | null): Promise<CalendarEvent[]> {
    const mine = user ? new Set(await this.studies.activeStudyIdsOf(user.id)) : new Set<string>();
    const rsvped = user
      ? await rsvpedIds(
          this.db,
          user.id,
          events.map((e) => e.id),
        )
      : null;
    const admin = isAdmin(user);
    return events.map((e) =>
      toCalendarEvent(e, refs.get(e.studyId)!, { rsvped: rsvped ? rsvped.has(e.id) : null, showLink: admin || mine.has(e.studyId) }),
    );
  }

  private async visibleStudy(studyId: string, user: AuthUser | null, db: DbOrTx = this.db): Promise<StudyCallerAccess> {
    const a = await this.studies.callerAccess(studyId, user, db);
    if (!a || !a.visible) throw studyNotFound();
    return a;
  }

  private async managedEvent(studyId: string, eventId: string, user: AuthUser) {
    const a = await this.visibleStudy(studyId, user);
    if (!a.canManage) throw new AppError('AUTH-1004', 'calendar.manageManagersOnly');
    const e = await findEvent(this.db, eventId);
    if (!e || e.studyId !== studyId) throw eventNotFound();
    return { a, e };
  }

  // -------------------------------------------------------------------------------------------
  // Special events

  async create(studyId: string, user: AuthUser, body: StudyEventBody): Promise<CalendarEvent> {
    const a = await this.visibleStudy(studyId, user);
    if (!a.canManage) throw new AppError('AUTH-1004', 'calendar.addManagersOnly');
    if (a.study.status !== 'APPROVED' && a.study.status !== 'IN_PROGRESS') {
      throw new AppError('BIZ-3002', 'calendar.addOnlyActive', { status: a.study.status });
    }
    if (body.endTime <= body.startTime) throw endBeforeStart();
    const e = await this.db.transaction(async (tx) => {
      const row = await insertEvent(tx, {
        studyId,
        title: body.title,
        description: body.description ?? null,
        date: body.date,
        startTime: body.startTime,
        endTime: body.endTime,
        eventType: 'special',
        location: body.location,
        address: body.address ?? null,
        link: body.link ?? null,
        participantLimit: body.participantLimit ?? null,
        createdBy: user.id,
      });
      await this.reminders.schedule(tx, [row]);
      return row;
    });
    return toCalendarEvent(e, a.study, { rsvped: false, showLink: true });
  }

  async update(studyId: string, eventId: string, user: AuthUser, body: StudyEventPatch): Promise<CalendarEvent> {
    const { a, e } = await this.managedEvent(studyId, eventId, user);
    if (e.eventType === 'recruitment') throw new AppError('BIZ-3003', 'calendar.recruitmentMoves');
    const startTime = body.startTime ?? e.startTime;
    const endTime = body.endTime ?? e.endTime;
    if (endTime <= startTime) throw endBeforeStart();
    if (body.participantLimit != null && body.participantLimit < e.currentParticipants) {
      const text = { key: 'calendar.limitBelowRsvps', params: { count: e.currentParticipants } } as const;
      throw new AppError('BIZ-3002', text, { currentParticipants: e.currentParticipants });
    }
    const patch: Partial<NewStudyEventRow> = Object.fromEntries(
      Object.entries({
        title: body.title,
        description: body.description,
        date: body.date,
        startTime: body.startTime,
        endTime: body.endTime,
        location: body.location,
        address: body.address,
        link: body.link,
        participantLimit: body.participantLimit,
      }).filter(([, v]) => v !== undefined),
    );
    const moves = (['date', 'startTime', 'endTime', 'location', 'address'] as const).some(
      (k) => patch[k] !== undefined && (patch[k] ?? null) !== (e[k] ?? null),
    );
    try {
      const updated = await this.db.transaction(async (tx) => {
        const row = await updateEvent(tx, eventId, patch);
        if (moves) await this.reminders.moved(tx, [eventId]);
        return row;
      });
      return toCalendarEvent(updated!, a.study, { rsvped: null, showLink: true });
    } catch (err) {
      // moving a regular session onto another session's date
      if (isUniqueViolation(err)) {
        throw new AppError('BIZ-3002', 'calendar.dateTaken');
      }
      throw err;
    }
  }

  /** Only special events can be deleted (regular sessions follow the schedule). */
  async remove(studyId: string, eventId: string, user: AuthUser): Promise<void> {
    const { e } = await this.managedEvent(studyId, eventId, user);
    if (e.eventType !== 'special') throw new AppError('BIZ-3003', 'calendar.onlySpecialDeleted', { eventType: e.eventType });
    await this.db.transaction(async (tx) => {
      await this.reminders.cancelled(tx, [e]);
      await deleteEvents(tx, [eventId]);
    });
  }

  // -------------------------------------------------------------------------------------------
  // RSVP

  /**
   * RSVP to an upcoming event: regular sessions for the study's active members, special events
   * for anyone signed in; never the recruitment marker. The limit holds under concurrency (a
   * conditional increment; the RSVP row is rolled back when the event is full).
   */
  async rsvp(
    eventId: string,
    user: AuthUser,
  ): Promise<{ eventId: string; rsvped: boolean; currentParticipants: number; participantLimit: number | null }> {
    const e = await findEvent(this.db, eventId);
    if (!e) throw eventNotFound();
    const a = await this.studies.callerAccess(e.studyId, user);
    if (!a || !a.visible || !PUBLIC_STATUSES.has(a.study.status)) throw eventNotFound();
    if (e.eventType === 'recruitment') throw new AppError('BIZ-3003', 'calendar.noRsvp', { eventType: e.eventType });
    if (a.study.status === 'COMPLETED') throw new AppError('BIZ-3002', 'calendar.studyEnded');
    if (e.date < this.today()) throw new AppError('BIZ-3002', 'calendar.eventPassed');
    if (e.eventType === 'regular' && !a.isActiveMember && !a.isAdmin) {
      throw new AppError('AUTH-1004', 'calendar.regularMembersOnly');
    }
    await this.db.transaction(async (tx) => {
      const r = await addRsvp(tx, eventId, user.id);
      if (r === 'full') throw new AppError('BIZ-3002', 'calendar.eventFull', { reason: 'FULL', participantLimit: e.participantLimit });
    });
    const now = (await findEvent(this.db, eventId))!;
    return { eventId, rsvped: true, currentParticipants: now.currentParticipants, participantLimit: now.participantLimit };
  }

  async cancelRsvp(eventId: string, user: AuthUser) {
    const e = await findEvent(this.db, eventId);
    if (!e) throw eventNotFound();
    await this.db.transaction((tx) => removeRsvp(tx, eventId, user.id));
    const now = (await findEvent(this.db, eventId))!;
    return { eventId, rsvped: false, currentParticipants: now.currentParticipants, participantLimit: now.participantLimit };
  }

  // -------------------------------------------------------------------------------------------
  // Attendance

  async sheet(studyId: string, eventId: string, user: AuthUser) {
    await this.managedEvent(studyId, eventId, user);
    const rows = await attendanceSheet(this.db, eventId);
    return { eventId, records: rows.map((r) => ({ ...r, recordedAt: r.recordedAt.toISOString() })) };
  }

  /**
   * The leader records or corrects attendance of a session that has happened or is happening
   * (today or before). Every change of a member's status is logged (attendance_corrections: who,
   * when, from what to what); a record that stays the same is not.
   */
  async recordAttendance(studyId: string, eventId: string, user: AuthUser, body: AttendanceBody): Promise<void> {
    const { e } = await this.managedEvent(studyId, eventId, user);
    if (e.eventType === 'recruitment') throw new AppError('BIZ-3003', 'calendar.noAttendance', { eventType: e.eventType });
    if (e.date > this.today()) throw new AppError('BIZ-3002', 'calendar.notYetHeld');
    const members = new Map((await this.studies.activeMembers(studyId)).map((m) => [m.userId, m]));
    for (const r of body.records) {
      const m = members.get(r.userId);
      if (!m || m.role === 'OWNER') throw new AppError('BIZ-3003', 'calendar.membersAttendance', { userId: r.userId });
    }
    const unique = [...new Map(body.records.map((r) => [r.userId, r])).values()];
    const at = this.clock();
    await this.db.transaction(async (tx) => {
      const before = new Map(
        (
          await recordsForUpdate(
            tx,
            eventId,
            unique.map((r) => r.userId),
          )
        ).map((r) => [r.userId, r.status]),
      );
      await upsertAttendance(tx, eventId, unique, user.id, at);
      await insertCorrections(
        tx,
        unique
          .filter((r) => before.get(r.userId) !== r.status)
          .map((r) => ({
            eventId,
            studyId,
            userId: r.userId,
            fromStatus: before.get(r.userId) ?? null,
            toStatus: r.status,
            actorId: user.id,
            createdAt: at,
          })),
      );
    });
    await checkInsChanged(this.ctx, studyId, eventId);
  }

  /**
   * Attendance rate per member (percent, one decimal): attended (PRESENT, LATE) over the past
   * events with attendance taken since the member joined, not counting their EXCUSED ones;
   * null before there is any such event.
   */
  async attendanceRates(
    studyId: string,
    members: { userId: string; joinedAt: Date }[],
    today: string,
  ): Promise<Map<string, number | null>> {
    const events = await eventsWithAttendance(this.db, [studyId], today);
    const records = await attendanceOf(
      this.db,
      events.map((e) => e.id),
      members.map((m) => m.userId),
    );
    const byKey = new Map(records.map((r) => [`${r.eventId}:${r.userId}`, r.status]));
    return new Map(members.map((m) => [m.userId, rate(events, byKey, m.userId, seoulDate(m.joinedAt))]));
  }

  /** One user's rate in each of their studies. */
  async userAttendanceRates(
    userId: string,
    memberships: { studyId: string; joinedAt: Date }[],
    today: string,
  ): Promise<Map<string, number | null>> {
    const events = await eventsWithAttendance(
      this.db,
      memberships.map((m) => m.studyId),
      today,
    );
    const records = await attendanceOf(
      this.db,
      events.map((e) => e.id),
      [userId],
    );
    const byKey = new Map(records.map((r) => [`${r.eventId}:${r.userId}`, r.status]));
    return new Map(
      memberships.map((m) => [
        m.studyId,
        rate(
          events.filter((e) => e.studyId === m.studyId),
          byKey,
          userId,
          seoulDate(m.joinedAt),
        ),
      ]),
    );
  }
}

/** The rate by the contract's one definition (`attendanceSummary`). */
function rate(events: { id: string; date: string }[], byKey: Map<string, AttendanceStatus>, userId: string, joined: string): number | null {
  return attendanceSummary(
    events.map((e) => ({ date: e.date, status: byKey.get(`${e.id}:${userId}`) ?? null })),
    joined,
  ).rate;
}
