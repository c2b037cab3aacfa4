/**
 * Check-in and the attendance record (docs/attendance.md "Check-in and attendance"): the window and
 * late rule a leader sets per study, the shapes of the check-in routes, and THE definition of a
 * member's attendance rate, streak and absences, which the server (membership `attendanceRate`,
 * the leader's report, the CSV) and the web use alike.
 */
import { z } from 'zod';
import { attendanceStatusSchema } from './calendar.ts';
import { type AttendanceStatus } from './calendar-rules.ts';
import { seoulInstant } from './seoul-dates.ts';

/** A check-in code changes every this many seconds (like TOTP's time step). */
export const CHECK_IN_STEP_SECONDS = 30;
/** Six digits. */
export const CHECK_IN_CODE_DIGITS = 6;
/** Absences from which the leader's report flags a member for a warning (SPEC `warningCount`). */
export const ABSENCES_BEFORE_WARNING = 3;

export const checkInRules = z
  .object({
    /** the window opens this many minutes before a session's start */
    opensBeforeMinutes: z.number().int().min(0).max(180),
    /** and closes this many minutes after it */
    closesAfterMinutes: z.number().int().min(1).max(720),
    /** a check-in more than this many minutes after the start is LATE */
    lateAfterMinutes: z.number().int().min(0).max(720),
  })
  .refine((r) => r.lateAfterMinutes <= r.closesAfterMinutes, { message: 'form.lateAfterWithinWindow', path: ['lateAfterMinutes'] });
export type CheckInRules = z.infer<typeof checkInRules>;

export const DEFAULT_CHECK_IN_RULES: CheckInRules = { opensBeforeMinutes: 15, closesAfterMinutes: 30, lateAfterMinutes: 10 };

export interface CheckInWindow {
  startsAt: Date;
  opensAt: Date;
  closesAt: Date;
  /** a check-in after this instant is LATE */
  lateFrom: Date;
}

/** The window of a session held on `date` at `startTime` (Asia/Seoul) under the study's rules. */
export function checkInWindow(session: { date: string; startTime: string }, rules: CheckInRules): CheckInWindow {
  const startsAt = seoulInstant(session.date, session.startTime);
  const at = (minutes: number) => new Date(startsAt.getTime() + minutes * 60_000);
  return {
    startsAt,
    opensAt: at(-rules.opensBeforeMinutes),
    closesAt: at(rules.closesAfterMinutes),
    lateFrom: at(rules.lateAfterMinutes),
  };
}

/** Where `now` falls in a window: before it, inside (on time or late) or after it. */
export function checkInMoment(w: CheckInWindow, now: Date): 'BEFORE' | 'PRESENT' | 'LATE' | 'AFTER' {
  const t = now.getTime();
  if (t < w.opensAt.getTime()) return 'BEFORE';
  if (t > w.closesAt.getTime()) return 'AFTER';
  return t > w.lateFrom.getTime() ? 'LATE' : 'PRESENT';
}

/** The time step a code belongs to. */
export function checkInStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / CHECK_IN_STEP_SECONDS);
}

/** The moim address a check-in QR code opens. */
export function checkInPath(slug: string, eventId: string, code: string): string {
  return `/study/${encodeURIComponent(slug)}/check-in?e=${encodeURIComponent(eventId)}&c=${encodeURIComponent(code)}`;
}

// ---------------------------------------------------------------------------------------------
// The attendance record: one definition

/** One session as one member's record sees it (`status` null: nothing recorded for them). */
export interface AttendanceEntry {
  date: string;
  status: AttendanceStatus | null;
}

export interface AttendanceSummary {
  /** percent with one decimal; null before the member has any counted session */
  rate: number | null;
  /** sessions counted (every session with attendance taken since joining, EXCUSED left out) */
  counted: number;
  present: number;
  late: number;
  /** ABSENT, or nothing recorded in a session whose attendance was taken */
  absent: number;
  excused: number;
  /** attended sessions in a row up to the latest counted one (EXCUSED ones neither break nor extend it) */
  streak: number;
  /** absences reached the warning threshold (ABSENCES_BEFORE_WARNING) */
  warn: boolean;
}

/**
 * A member's attendance over the sessions that count: sessions held (date up to today, Seoul)
 * with attendance taken (at least one record: a check-in or the leader's) since the member
 * joined. PRESENT and LATE are attended (a late arrival came: lateness shows in `late`, not in the
 * rate); EXCUSED sessions are left out; ABSENT or no record is an absence.
 */
export function attendanceSummary(entries: AttendanceEntry[], joinedOn: string): AttendanceSummary {
  const sorted = entries.filter((e) => e.date >= joinedOn).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const s: AttendanceSummary = { rate: null, counted: 0, present: 0, late: 0, absent: 0, excused: 0, streak: 0, warn: false };
  for (const e of sorted) {
    if (e.status === 'EXCUSED') {
      s.excused++;
      continue;
    }
    s.counted++;
    if (e.status === 'PRESENT') s.present++;
    else if (e.status === 'LATE') s.late++;
    else s.absent++;
    s.streak = e.status === 'PRESENT' || e.status === 'LATE' ? s.streak + 1 : 0;
  }
  s.rate = s.counted === 0 ? null : Math.round(((s.present + s.late) / s.counted) * 1000) / 10;
  s.warn = s.absent >= ABSENCES_BEFORE_WARNING;
  return s;
}

/** One membership as the study's roll saw it: joined on, left on (null: still a member), its records by session. */
export interface RollEntry {
  joinedOn: string;
  leftOn: string | null;
  records: Record<string, AttendanceStatus>;
}

/** A session on the study's curve. */
export interface SessionTrend {
  eventId: string;
  date: string;
  /** members on the roll that day: joined on or before it and not yet left (members who left since included) */
  enrolled: number;
  /** PRESENT or LATE among them */
  attended: number;
  excused: number;
  /** attended ÷ (enrolled − excused), percent with one decimal; null when nobody counted */
  rate: number | null;
  /** of the members on the roll at the first session, the percent still on it (one decimal) */
  retention: number | null;
}

/** On the study's roll that day: joined on or before it and not left before it (a member who left that day is not). */
export const onRoll = (m: Pick<RollEntry, 'joinedOn' | 'leftOn'>, date: string) =>
  m.joinedOn <= date && (m.leftOn === null || m.leftOn > date);
const percent = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);

/**
 * The study's attendance curve and retention over its sessions with attendance taken (the same
 * counting as `attendanceSummary`: no record is an absence, EXCUSED is left out of the rate), over
 * everyone who was a member that day, members who have left since included (a curve that forgot
 * them would read better the more people drop out). Retention follows the first session's members.
 */
export function attendanceTrend(sessions: { eventId: string; date: string }[], roll: RollEntry[]): SessionTrend[] {
  const ordered = [...sessions].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const first = ordered[0];
  const cohort = first ? roll.filter((m) => onRoll(m, first.date)) : [];
  return ordered.map((s) => {
    let enrolled = 0;
    let attended = 0;
    let excused = 0;
    for (const m of roll) {
      if (!onRoll(m, s.date)) continue;
      enrolled++;
      const st = m.records[s.eventId];
      if (st === 'PRESENT' || st === 'LATE') attended++;
      else if (st === 'EXCUSED') excused++;
    }
    const retained = cohort.filter((m) => onRoll(m, s.date)).length;
    return {
      eventId: s.eventId,
      date: s.date,
      enrolled,
      attended,
      excused,
      rate: percent(attended, enrolled - excused),
      retention: percent(retained, cohort.length),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Wire shapes

export const checkInRulesView = z.object({
  studyId: z.string(),
  opensBeforeMinutes: z.number().int(),
  closesAfterMinutes: z.number().int(),
  lateAfterMinutes: z.number().int(),
});

const windowView = z.object({ startsAt: z.string(), opensAt: z.string(), closesAt: z.string(), lateFrom: z.string() });

/** The leader's screen: the current code and what the QR opens. */
export const checkInCodeView = z.object({
  eventId: z.string(),
  code: z.string(),
  step: z.number().int(),
  /** when this code stops being the current one (the previous code is still taken one step more) */
  expiresAt: z.string(),
  periodSeconds: z.number().int(),
  /** site path the QR code encodes (the web prefixes its origin) */
  path: z.string(),
  window: windowView,
});

export const checkInLinkView = z.object({ eventId: z.string(), path: z.string(), window: windowView });

const sixDigits = z.string().regex(/^\d{6}$/, 'form.checkInCode');

export const checkInBody = z
  .object({
    /** which session (the QR carries it; typed digits may leave it out: the study's open session is used) */
    eventId: z.uuid().optional(),
    code: sixDigits.optional(),
    /** the online session's link token */
    link: z
      .string()
      .min(10)
      .max(100)
      .regex(/^[A-Za-z0-9_-]+$/)
      .optional(),
  })
  .refine((b) => (b.code === undefined) !== (b.link === undefined), { message: 'form.checkInCodeOrLink', path: ['code'] });
export type CheckInBody = z.infer<typeof checkInBody>;

export const checkInResult = z.object({
  eventId: z.string(),
  eventTitle: z.string(),
  date: z.string(),
  status: attendanceStatusSchema,
  checkedInAt: z.string(),
});
export type CheckInResult = z.infer<typeof checkInResult>;

export const CHECK_IN_METHODS = ['CODE', 'LINK'] as const;

/** The leader's live room: every active member and their record for the session. */
export const checkInRoom = z.object({
  eventId: z.string(),
  title: z.string(),
  date: z.string(),
  startTime: z.string(),
  location: z.enum(['online', 'offline']),
  window: windowView,
  state: z.enum(['BEFORE', 'OPEN', 'AFTER']),
  members: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      profileImage: z.string().nullable(),
      status: attendanceStatusSchema.nullable(),
      checkedInAt: z.string().nullable(),
      method: z.enum(CHECK_IN_METHODS).nullable(),
    }),
  ),
  counts: z.object({
    PRESENT: z.number().int(),
    LATE: z.number().int(),
    ABSENT: z.number().int(),
    EXCUSED: z.number().int(),
    none: z.number().int(),
  }),
});
export type CheckInRoom = z.infer<typeof checkInRoom>;

export const attendanceCorrection = z.object({
  id: z.string(),
  eventId: z.string(),
  eventDate: z.string(),
  userId: z.string(),
  userName: z.string(),
  fromStatus: attendanceStatusSchema.nullable(),
  toStatus: attendanceStatusSchema,
  actor: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
});
export type AttendanceCorrection = z.infer<typeof attendanceCorrection>;

const summaryView = z.object({
  rate: z.number().nullable(),
  counted: z.number().int(),
  present: z.number().int(),
  late: z.number().int(),
  absent: z.number().int(),
  excused: z.number().int(),
  streak: z.number().int(),
  warn: z.boolean(),
});

const sessionView = z.object({
  eventId: z.string(),
  title: z.string(),
  date: z.string(),
  startTime: z.string(),
  /** attendance taken (at least one record): the session counts in rates */
  taken: z.boolean(),
  counts: z.object({
    PRESENT: z.number().int(),
    LATE: z.number().int(),
    ABSENT: z.number().int(),
    EXCUSED: z.number().int(),
    none: z.number().int(),
  }),
});

/** The leader's report: sessions held so far, every active member's record and summary. */
const trendView = z.object({
  eventId: z.string(),
  date: z.string(),
  enrolled: z.number().int(),
  attended: z.number().int(),
  excused: z.number().int(),
  rate: z.number().nullable(),
  retention: z.number().nullable(),
});

export const attendanceReport = z.object({
  studyId: z.string(),
  sessions: z.array(sessionView),
  /** the curve over the sessions with attendance taken, oldest first (`attendanceTrend`) */
  trend: z.array(trendView),
  members: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      role: z.string(),
      joinedAt: z.string(),
      /** warnings the leader gave (SPEC membership `warningCount`) */
      warningCount: z.number().int(),
      summary: summaryView,
      /** eventId → status (absent key: nothing recorded) */
      records: z.record(z.string(), attendanceStatusSchema),
    }),
  ),
});
export type AttendanceReport = z.infer<typeof attendanceReport>;

/** A member's own record. */
export const myAttendance = z.object({
  studyId: z.string(),
  summary: summaryView,
  sessions: z.array(
    z.object({
      eventId: z.string(),
      title: z.string(),
      date: z.string(),
      startTime: z.string(),
      status: attendanceStatusSchema.nullable(),
      checkedInAt: z.string().nullable(),
    }),
  ),
});
export type MyAttendance = z.infer<typeof myAttendance>;

/**
 * A CSV cell neutralised against formula injection (OWASP "CSV Injection"): a value starting with
 * `=`, `+`, `-`, `@`, tab or carriage return gets a leading `'`; every cell is quoted with inner
 * quotes doubled.
 */
export function csvCell(value: string | number | null | undefined): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}
