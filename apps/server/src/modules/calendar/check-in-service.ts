/**
 * Check-in and the attendance record (docs/attendance.md "Check-in and attendance"): the study's
 * window and late rule, the leader's rotating code (check-in-code.ts) or online link, a member's
 * own check-in, the leader's live room, the log of corrections, the leader's report and CSV, and a
 * member's own record. Rates, streaks and absences come from the contract's `attendanceSummary`.
 */
import {
  type AttendanceCorrection,
  type AttendanceReport,
  type AttendanceStatus,
  type CheckInBody,
  type CheckInResult,
  type CheckInRoom,
  type CheckInRules,
  CHECK_IN_STEP_SECONDS,
  type MyAttendance,
  addDays,
  attendanceSummary,
  attendanceTrend,
  onRoll,
  checkInMoment,
  checkInPath,
  checkInStep,
  checkInWindow,
  csvCell,
  seoulDate,
  type CheckInWindow,
} from '@moim/contract';
import { checkInsChanged } from './live-topics.ts';
import type { Clock } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import { CheckInCodes } from './check-in-code.ts';
import {
  corrections,
  eventRecords,
  heldSessions,
  insertCheckIn,
  publicNames,
  recordOf,
  recordsOfEvents,
  regularSessions,
  rulesOf,
  saveRules,
  sessionsOn,
} from './check-in-repo.ts';
import type { CalendarStudies, CalendarStudyAccess } from './ports.ts';
import { findEvent } from './repo.ts';
import type { StudyEventRow } from './schema.ts';

const eventNotFound = () => new AppError('BIZ-3001', 'calendar.eventNotFound');
const studyNotFound = () => new AppError('BIZ-3001', 'studies.notFound');

const windowJson = (w: CheckInWindow) => ({
  startsAt: w.startsAt.toISOString(),
  opensAt: w.opensAt.toISOString(),
  closesAt: w.closesAt.toISOString(),
  lateFrom: w.lateFrom.toISOString(),
});

type Counts = Record<AttendanceStatus | 'none', number>;
const zeroCounts = (): Counts => ({ PRESENT: 0, LATE: 0, ABSENT: 0, EXCUSED: 0, none: 0 });

export class CheckInService {
  private readonly codes: CheckInCodes;

  constructor(
    private readonly ctx: AppContext,
    private readonly studies: CalendarStudies,
    private readonly clock: Clock,
    /** the same service over another clock (index.ts builds it) */
    private readonly at: (clock: Clock) => CheckInService,
  ) {
    this.codes = new CheckInCodes(ctx.config.jwtSecret);
  }

  private get db() {
    return this.ctx.db;
  }

  /** The same service reading another clock (the demo seeder replays past sessions with it). */
  withClock(clock: Clock): CheckInService {
    return this.at(clock);
  }

  private async access(studyId: string, user: AuthUser): Promise<CalendarStudyAccess> {
    const a = await this.studies.callerAccess(studyId, user);
    if (!a || !a.visible) throw studyNotFound();
    return a;
  }

  private async managed(studyId: string, user: AuthUser): Promise<CalendarStudyAccess> {
    const a = await this.access(studyId, user);
    if (!a.canManage) throw new AppError('AUTH-1004', 'calendar.manageManagersOnly');
    return a;
  }

  private async sessionOf(studyId: string, eventId: string): Promise<StudyEventRow> {
    const e = await findEvent(this.db, eventId);
    if (!e || e.studyId !== studyId) throw eventNotFound();
    if (e.eventType === 'recruitment') throw new AppError('BIZ-3003', 'calendar.noAttendance', { eventType: e.eventType });
    return e;
  }

  /** A running study's session; a TERMINATED study's sessions are cancelled. */
  private assertRunning(a: CalendarStudyAccess): void {
    if (a.study.status === 'TERMINATED') throw new AppError('BIZ-3002', 'calendar.checkInCancelled', { reason: 'SESSION_CANCELLED' });
    if (a.study.status !== 'APPROVED' && a.study.status !== 'IN_PROGRESS') {
      throw new AppError('BIZ-3002', 'calendar.checkInStudyEnded', { reason: 'STUDY_ENDED', status: a.study.status });
    }
  }

  private assertOpen(w: CheckInWindow, rules: CheckInRules, now: Date): 'PRESENT' | 'LATE' {
    const m = checkInMoment(w, now);
    if (m === 'BEFORE') {
      throw new AppError(
        'BIZ-3002',
        { key: 'calendar.checkInNotOpen', params: { minutes: rules.opensBeforeMinutes } },
        { reason: 'WINDOW_NOT_OPEN', opensAt: w.opensAt.toISOString() },
      );
    }
    if (m === 'AFTER')
      throw new AppError('BIZ-3002', 'calendar.checkInClosed', { reason: 'WINDOW_CLOSED', closesAt: w.closesAt.toISOString() });
    return m;
  }

  // -------------------------------------------------------------------------------------------
  // Rules

  async rules(studyId: string, user: AuthUser) {
    const a = await this.access(studyId, user);
    if (!a.canManage && !a.isActiveMember && !a.isAdmin) throw new AppError('AUTH-1004', 'calendar.checkInRulesMembersOnly');
    return { studyId, ...(await rulesOf(this.db, studyId)) };
  }

  async setRules(studyId: string, user: AuthUser, rules: CheckInRules) {
    await this.managed(studyId, user);
    await saveRules(this.db, studyId, rules, user.id);
    return { studyId, ...rules };
  }

  // -------------------------------------------------------------------------------------------
  // The leader's screen

  private async openSession(studyId: string, eventId: string, user: AuthUser) {
    const a = await this.managed(studyId, user);
    this.assertRunning(a);
    const e = await this.sessionOf(studyId, eventId);
    const rules = await rulesOf(this.db, studyId);
    const w = checkInWindow(e, rules);
    const now = this.clock();
    this.assertOpen(w, rules, now);
    return { a, e, w, now };
  }

  async code(studyId: string, eventId: string, user: AuthUser) {
    const { a, w, now } = await this.openSession(studyId, eventId, user);
    const step = checkInStep(now);
    const code = this.codes.code(eventId, step);
    return {
      eventId,
      code,
      step,
      expiresAt: new Date((step + 1) * CHECK_IN_STEP_SECONDS * 1000).toISOString(),
      periodSeconds: CHECK_IN_STEP_SECONDS,
      path: checkInPath(a.study.slug, eventId, code),
      window: windowJson(w),
    };
  }

  async link(studyId: string, eventId: string, user: AuthUser) {
    const { a, e, w } = await this.openSession(studyId, eventId, user);
    if (e.location !== 'online') throw new AppError('BIZ-3003', 'calendar.checkInLinkOnline', { location: e.location });
    const token = this.codes.linkToken(eventId);
    const path = `/study/${encodeURIComponent(a.study.slug)}/check-in?e=${eventId}&l=${token}`;
    return { eventId, path, window: windowJson(w) };
  }

  // -------------------------------------------------------------------------------------------
  // A member checks in

  async checkIn(studyId: string, user: AuthUser, body: CheckInBody): Promise<CheckInResult> {
    const a = await this.access(studyId, user);
    if (a.role === 'OWNER') throw new AppError('BIZ-3003', 'calendar.checkInLeader', { reason: 'LEADER' });
    if (!a.isActiveMember) throw new AppError('AUTH-1004', 'calendar.checkInMembersOnly');
    this.assertRunning(a);
    const rules = await rulesOf(this.db, studyId);
    const now = this.clock();
    const e = body.eventId ? await this.sessionOf(studyId, body.eventId) : await this.sessionByCode(studyId, rules, now, body);
    const w = checkInWindow(e, rules);
    const status = this.assertOpen(w, rules, now);
    if (body.link !== undefined) {
      if (e.location !== 'online') throw new AppError('BIZ-3003', 'calendar.checkInLinkOnline', { location: e.location });
      if (!this.codes.linkMatches(e.id, body.link))
        throw new AppError('BIZ-3003', 'calendar.checkInCodeInvalid', { reason: 'CODE_INVALID' });
    } else {
      const m = this.codes.match(e.id, body.code!, checkInStep(now), checkInStep(w.opensAt));
      if (m === 'EXPIRED') throw new AppError('BIZ-3003', 'calendar.checkInCodeExpired', { reason: 'CODE_EXPIRED' });
      if (m === 'NONE') throw new AppError('BIZ-3003', 'calendar.checkInCodeInvalid', { reason: 'CODE_INVALID' });
    }
    const added = await insertCheckIn(this.db, {
      eventId: e.id,
      userId: user.id,
      status,
      at: now,
      method: body.link !== undefined ? 'LINK' : 'CODE',
    });
    if (!added) {
      const r = await recordOf(this.db, e.id, user.id);
      throw new AppError('BIZ-3002', 'calendar.checkInAlready', { reason: 'ALREADY_CHECKED_IN', status: r?.status ?? null });
    }
    await checkInsChanged(this.ctx, studyId, e.id);
    return { eventId: e.id, eventTitle: e.title, date: e.date, status, checkedInAt: now.toISOString() };
  }

  /**
   * Typed digits without an event: the study's session whose window is open now and whose code
   * they are (a window may cross midnight, so yesterday's sessions are looked at too). With none
   * open: 409; with open ones but no match, the first one answers (expired or not its code).
   */
  private async sessionByCode(studyId: string, rules: CheckInRules, now: Date, body: CheckInBody): Promise<StudyEventRow> {
    const today = seoulDate(now);
    const open = (await sessionsOn(this.db, studyId, [addDays(today, -1), today, addDays(today, 1)])).filter((e) => {
      const m = checkInMoment(checkInWindow(e, rules), now);
      return m === 'PRESENT' || m === 'LATE';
    });
    if (open.length === 0) throw new AppError('BIZ-3002', 'calendar.checkInNoOpenSession', { reason: 'NO_OPEN_SESSION' });
    if (body.code === undefined) return open[0]!;
    const step = checkInStep(now);
    return open.find((e) => this.codes.match(e.id, body.code!, step, step - 1) !== 'NONE') ?? open[0]!;
  }

  // -------------------------------------------------------------------------------------------
  // The leader's room, corrections, report

  async room(studyId: string, eventId: string, user: AuthUser): Promise<CheckInRoom> {
    await this.managed(studyId, user);
    const e = await this.sessionOf(studyId, eventId);
    const rules = await rulesOf(this.db, studyId);
    const w = checkInWindow(e, rules);
    const m = checkInMoment(w, this.clock());
    const members = (await this.studies.activeMembers(studyId)).filter((x) => x.role !== 'OWNER');
    const records = new Map((await eventRecords(this.db, eventId)).map((r) => [r.userId, r]));
    const names = await publicNames(
      this.db,
      members.map((x) => x.userId),
    );
    const counts = zeroCounts();
    const list = members.map((x) => {
      const r = records.get(x.userId);
      counts[r?.status ?? 'none']++;
      const n = names.get(x.userId);
      return {
        userId: x.userId,
        name: n?.name ?? '',
        profileImage: n?.profileImage ?? null,
        status: r?.status ?? null,
        checkedInAt: r?.checkedInAt ? r.checkedInAt.toISOString() : null,
        method: r?.method ?? null,
      };
    });
    // checked in first (earliest first), then the rest by name
    const when = (x: { checkedInAt: string | null }) => (x.checkedInAt ? Date.parse(x.checkedInAt) : Number.POSITIVE_INFINITY);
    list.sort((x, y) => when(x) - when(y) || x.name.localeCompare(y.name, 'ko'));
    return {
      eventId,
      title: e.title,
      date: e.date,
      startTime: e.startTime,
      location: e.location,
      window: windowJson(w),
      state: m === 'BEFORE' ? 'BEFORE' : m === 'AFTER' ? 'AFTER' : 'OPEN',
      members: list,
      counts,
    };
  }

  async corrections(studyId: string, user: AuthUser): Promise<AttendanceCorrection[]> {
    await this.managed(studyId, user);
    const rows = await corrections(this.db, studyId, 500);
    return rows.map((r) => ({
      id: r.id,
      eventId: r.eventId,
      eventDate: r.eventDate,
      userId: r.userId,
      userName: r.userName,
      fromStatus: r.fromStatus,
      toStatus: r.toStatus,
      actor: { id: r.actorId, name: r.actorName },
      createdAt: r.createdAt.toISOString(),
    }));
  }

  async report(studyId: string, user: AuthUser): Promise<AttendanceReport> {
    await this.managed(studyId, user);
    const today = seoulDate(this.clock());
    const sessions = await heldSessions(this.db, studyId, today);
    const [active, roll] = await Promise.all([this.studies.activeMembers(studyId), this.studies.memberRoll(studyId)]);
    const members = active.filter((x) => x.role !== 'OWNER');
    const records = await recordsOfEvents(
      this.db,
      sessions.map((s) => s.id),
    );
    const names = await publicNames(
      this.db,
      members.map((m) => m.userId),
    );
    const byKey = new Map(records.map((r) => [`${r.eventId}:${r.userId}`, r.status]));
    // everyone on the roll of each session's day, members who have left since included (the curve and
    // the per-session counts agree; the per-member rows below are today's members)
    const rollEntries = roll.map((m) => {
      const own: Record<string, AttendanceStatus> = {};
      for (const s of sessions) {
        const st = byKey.get(`${s.id}:${m.userId}`);
        if (st) own[s.id] = st;
      }
      return { joinedOn: seoulDate(m.joinedAt), leftOn: m.isActive || !m.leftAt ? null : seoulDate(m.leftAt), records: own };
    });
    const trend = attendanceTrend(
      sessions.filter((s) => s.taken).map((s) => ({ eventId: s.id, date: s.date })),
      rollEntries,
    );
    return {
      studyId,
      trend,
      sessions: sessions.map((s) => {
        const counts = zeroCounts();
        for (const m of rollEntries) if (onRoll(m, s.date)) counts[m.records[s.id] ?? 'none']++;
        return { eventId: s.id, title: s.title, date: s.date, startTime: s.startTime, taken: s.taken, counts };
      }),
      members: members
        .map((m) => {
          const own: Record<string, AttendanceStatus> = {};
          for (const s of sessions) {
            const st = byKey.get(`${s.id}:${m.userId}`);
            if (st) own[s.id] = st;
          }
          const summary = attendanceSummary(
            sessions.filter((s) => s.taken).map((s) => ({ date: s.date, status: own[s.id] ?? null })),
            seoulDate(m.joinedAt),
          );
          return {
            userId: m.userId,
            name: names.get(m.userId)?.name ?? '',
            role: m.role,
            joinedAt: m.joinedAt.toISOString(),
            warningCount: m.warningCount,
            summary,
            records: own,
          };
        })
        .sort((x, y) => x.name.localeCompare(y.name, 'ko')),
    };
  }

  /** The report as CSV (UTF-8 with a BOM for spreadsheets), every cell neutralised (contract `csvCell`). */
  async csv(studyId: string, user: AuthUser, locale: 'ko' | 'en'): Promise<string> {
    const r = await this.report(studyId, user);
    const ko = locale === 'ko';
    const label: Record<AttendanceStatus, string> = ko
      ? { PRESENT: '출석', LATE: '지각', ABSENT: '결석', EXCUSED: '사유 결석' }
      : { PRESENT: 'present', LATE: 'late', ABSENT: 'absent', EXCUSED: 'excused' };
    const head = [
      ko ? '이름' : 'Name',
      ko ? '출석률(%)' : 'Attendance rate (%)',
      ko ? '출석' : 'Present',
      ko ? '지각' : 'Late',
      ko ? '결석' : 'Absent',
      ko ? '사유 결석' : 'Excused',
      ko ? '연속 출석' : 'Streak',
      ko ? '경고' : 'Warnings',
      ...r.sessions.map((s) => `${s.date} ${s.title}`),
    ];
    const lines = [head.map(csvCell).join(',')];
    for (const m of r.members) {
      const cells = [
        m.name,
        m.summary.rate ?? '',
        m.summary.present,
        m.summary.late,
        m.summary.absent,
        m.summary.excused,
        m.summary.streak,
        m.warningCount,
        ...r.sessions.map((s) => {
          const st = m.records[s.eventId];
          return st ? label[st] : s.taken && seoulDate(new Date(m.joinedAt)) <= s.date ? label.ABSENT : '';
        }),
      ];
      lines.push(cells.map(csvCell).join(','));
    }
    return `\uFEFF${lines.join('\r\n')}\r\n`;
  }

  async mine(studyId: string, user: AuthUser): Promise<MyAttendance> {
    const a = await this.access(studyId, user);
    if (!a.isActiveMember || a.role === 'OWNER') throw new AppError('AUTH-1004', 'calendar.attendanceMembersOnly');
    const me = (await this.studies.activeMembers(studyId)).find((m) => m.userId === user.id);
    const joined = seoulDate(me?.joinedAt ?? new Date(0));
    const sessions = await heldSessions(this.db, studyId, seoulDate(this.clock()));
    const records = new Map(
      (
        await recordsOfEvents(
          this.db,
          sessions.map((s) => s.id),
          [user.id],
        )
      ).map((r) => [r.eventId, r]),
    );
    const mine = sessions.filter((s) => s.date >= joined);
    return {
      studyId,
      summary: attendanceSummary(
        mine.filter((s) => s.taken).map((s) => ({ date: s.date, status: records.get(s.id)?.status ?? null })),
        joined,
      ),
      sessions: mine.map((s) => ({
        eventId: s.id,
        title: s.title,
        date: s.date,
        startTime: s.startTime,
        status: records.get(s.id)?.status ?? null,
        checkedInAt: records.get(s.id)?.checkedInAt?.toISOString() ?? null,
      })),
    };
  }

  /**
   * The facts a deposit is settled from (docs/deposits.md), for the studies module's payment
   * hooks: every regular session of the study with whether attendance was taken, and the records.
   */
  async depositAttendance(studyId: string): Promise<DepositAttendance> {
    const sessions = await regularSessions(this.db, studyId);
    const records = await recordsOfEvents(
      this.db,
      sessions.map((s) => s.id),
    );
    return {
      sessions: sessions.map((s) => ({ eventId: s.id, date: s.date, startTime: s.startTime, endTime: s.endTime, taken: Boolean(s.taken) })),
      records: records.map((r) => ({ eventId: r.eventId, userId: r.userId, status: r.status })),
    };
  }
}

export interface DepositAttendance {
  sessions: { eventId: string; date: string; startTime: string; endTime: string; taken: boolean }[];
  records: { eventId: string; userId: string; status: AttendanceStatus }[];
}
