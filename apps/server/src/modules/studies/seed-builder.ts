/**
 * The demo studies' builder (seed.ts, seed-deposit.ts): proposals, moves, joins and attendance
 * made through the services, with dates relative to now (a service whose clock is set back).
 */
import {
  type AttendanceStatus,
  type StudyAction,
  type StudyPageSection,
  type StudyProposal,
  type StudyProposalInput,
  addDays,
  seoulDate,
  seoulInstant,
  studyPageSection,
  studyProposalBody,
} from '@moim/contract';
import type { Clock } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import { ensurePasswordlessDemoAccounts } from '../users/index.ts';
import { MOTIVATIONS } from './seed-content.ts';
import type { StudyServices } from './service.ts';

export interface SharedUsers {
  admin: string;
  leader: string;
  member: string;
  others: string[];
}

/** The studies services over another clock, sharing the module's read caches (index.ts builds them). */
export type StudyServicesAt = (clock: Clock) => StudyServices;

export const DAY = 86_400_000;
export const asUser = (id: string): AuthUser => ({ id, roles: ['ROLE_USER'], systemRole: 'ROLE_USER' });
export const asAdmin = (id: string): AuthUser => ({ id, roles: ['ROLE_USER', 'ROLE_ADMIN'], systemRole: 'ROLE_ADMIN' });

/** Fallback when the accounts seeder did not run: a few accounts without passwords, made by the users module. */
export async function fallbackUsers(ctx: AppContext): Promise<SharedUsers> {
  const people = [
    { email: 'admin@moim.dev', name: '정모임', admin: true },
    { email: 'leader@moim.dev', name: '박지훈' },
    { email: 'member@moim.dev', name: '최서연' },
    ...['김하늘', '이도윤', '정민준', '강서윤', '윤지호', '한예린', '오승우', '임수아'].map((name, i) => ({
      email: `demo${i + 1}@moim.dev`,
      name,
    })),
  ];
  const ids = await ensurePasswordlessDemoAccounts(ctx, people);
  const id = (email: string) => ids.get(email)!;
  return {
    admin: id('admin@moim.dev'),
    leader: id('leader@moim.dev'),
    member: id('member@moim.dev'),
    others: people.slice(3).map((p) => id(p.email)),
  };
}

/** Builds proposals, moves and joins relative to a moment `daysAgo` days back. */
export class DemoBuilder {
  readonly now = Date.now();
  private readonly clocked = new Map<number, StudyServices>();

  constructor(
    readonly ctx: AppContext,
    readonly base: StudyServices,
    readonly u: SharedUsers,
    private readonly servicesAt: StudyServicesAt,
  ) {}

  /** The services with their clock set back `daysAgo` days (0: the real clock). */
  at(daysAgo: number): StudyServices {
    if (daysAgo === 0) return this.base;
    let s = this.clocked.get(daysAgo);
    if (!s) {
      const offset = daysAgo * DAY;
      s = this.servicesAt(() => new Date(Date.now() - offset));
      this.clocked.set(daysAgo, s);
    }
    return s;
  }

  /** A Seoul date `days` from today (negative: in the past). */
  day(days: number): string {
    return addDays(seoulDate(new Date(this.now)), days);
  }

  async propose(daysAgo: number, leaderId: string, input: StudyProposalInput): Promise<string> {
    const body: StudyProposal = studyProposalBody.parse(input);
    return (await this.at(daysAgo).studies.propose(asUser(leaderId), body)).id;
  }

  /** A status move through the service, as the admin (approve, reject, terminate) or the leader. */
  async move(daysAgo: number, studyId: string, action: StudyAction, actorId: string, reason?: string): Promise<void> {
    const actor = actorId === this.u.admin ? asAdmin(actorId) : asUser(actorId);
    await this.at(daysAgo).status.change(studyId, actor, { action, ...(reason ? { reason } : {}) });
  }

  async apply(daysAgo: number, studyId: string, userId: string, i: number): Promise<string> {
    const app = await this.at(daysAgo).applications.apply({ id: studyId }, asUser(userId), {
      motivation: MOTIVATIONS[i % MOTIVATIONS.length]!,
      answers: [],
    });
    return app.applicationId;
  }

  async join(daysAgo: number, studyId: string, leaderId: string, userId: string, i: number): Promise<string> {
    const appId = await this.apply(daysAgo, studyId, userId, i);
    await this.at(daysAgo).applications.accept(studyId, appId, asUser(leaderId), '함께해요!');
    return appId;
  }

  async page(studyId: string, leaderId: string, sections: unknown[]): Promise<void> {
    const parsed = sections.map((s) => studyPageSection.parse(s)) as StudyPageSection[];
    await this.base.pages.saveDraft(studyId, asUser(leaderId), parsed);
    await this.base.pages.publish(studyId, asUser(leaderId));
  }

  /**
   * Attendance made as it happens now: for each past session the leader opens check-in, members
   * who came check in with the code on the leader's screen (PRESENT five minutes before the
   * start, LATE a quarter of an hour after it), and the leader records the absent and excused
   * ones afterwards (those records are in the corrections log).
   */
  async checkInAttendance(studyId: string, leaderId: string, members: string[], patterns: AttendanceStatus[][]): Promise<void> {
    const calendar = this.base.deps.calendar;
    const events = (await calendar.listForStudy(studyId, { to: this.day(-1) }, null)).filter((e) => e.eventType === 'regular');
    const leader = asUser(leaderId);
    for (const [k, e] of events.entries()) {
      const start = seoulInstant(e.date, e.startTime).getTime();
      const rest: { userId: string; status: AttendanceStatus }[] = [];
      // one reading of the leader's screen per arrival time: the code the members who came then typed
      const codes = new Map<AttendanceStatus, { desk: ReturnType<typeof calendar.checkIns.withClock>; code: string }>();
      for (const [m, userId] of members.entries()) {
        const pattern = patterns[m % patterns.length]!;
        const status = pattern[k % pattern.length]!;
        if (status !== 'PRESENT' && status !== 'LATE') {
          rest.push({ userId, status });
          continue;
        }
        let screen = codes.get(status);
        if (!screen) {
          const at = new Date(start + (status === 'PRESENT' ? -5 : 15) * 60_000);
          const desk = calendar.checkIns.withClock(() => at);
          screen = { desk, code: (await desk.code(studyId, e.id, leader)).code };
          codes.set(status, screen);
        }
        await screen.desk.checkIn(studyId, asUser(userId), { eventId: e.id, code: screen.code });
      }
      if (rest.length) await calendar.recordAttendance(studyId, e.id, leader, { records: rest });
    }
  }

  /** Attendance for the study's sessions up to yesterday, from a fixed pattern per member. */
  async attendance(studyId: string, leaderId: string, members: string[], patterns: AttendanceStatus[][]): Promise<void> {
    const events = (await this.base.deps.calendar.listForStudy(studyId, { to: this.day(-1) }, null)).filter(
      (e) => e.eventType === 'regular',
    );
    const leader = asUser(leaderId);
    for (const [k, e] of events.entries()) {
      const records = members.map((userId, m) => ({
        userId,
        status: patterns[m % patterns.length]![k % patterns[m % patterns.length]!.length]!,
      }));
      await this.base.deps.calendar.recordAttendance(studyId, e.id, leader, { records });
    }
  }
}

export const P: AttendanceStatus = 'PRESENT';
export const L: AttendanceStatus = 'LATE';
export const A: AttendanceStatus = 'ABSENT';
export const E: AttendanceStatus = 'EXCUSED';
