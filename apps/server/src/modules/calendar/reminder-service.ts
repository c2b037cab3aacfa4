/**
 * Reminders before each session (docs/reminders.md): an inbox notice, a mail with the session as
 * an .ics invitation, and a web push to every device the member allowed, at each of the member's
 * reminder times (24 h and 1 h before by default; per study, changeable or off).
 *
 * Scheduling: one queued job per (session, reminder time, start instant), keyed so it is queued
 * once, written in the transaction that creates or moves the session. Nothing is trusted from
 * the moment it was queued: at send time the job re-reads the session (gone: cancelled; another
 * start: moved, a newer job exists), the study (still running) and the members (still active,
 * still wanting that time), and claims each (session, member, time, start) in
 * `reminder_deliveries` inside the transaction that writes the notice and queues the mail and
 * pushes: exactly one worker wins, whatever the number of instances or redeliveries.
 *
 * A session that moves raises its SEQUENCE and mails the update (same UID) to whoever holds its
 * invitation; a cancelled one mails METHOD:CANCEL to them.
 */
import {
  DEFAULT_REMINDER_OFFSETS,
  type ReminderSettings,
  type ReminderSettingsBody,
  addDays,
  seoulDate,
  seoulInstant,
} from '@moim/contract';
import type { AppContext } from '../../context.ts';
import type { JobSpec } from '../../jobs/queue.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import { type Locale, type MessageKey, renderNotice, t } from '../../i18n/messages.ts';
import { escapeHtml } from '../../text/html.ts';
import type { Clock } from '../../clock.ts';
import type { ReminderDeps } from './deps.ts';
import type { CalendarStudies } from './ports.ts';
import { type InviteSession, sessionInvite } from './reminder-ics.ts';
import {
  bumpSequence,
  claimDelivery,
  invitedUsers,
  preferenceOf,
  preferencesOfStudy,
  sessionsFrom,
  setPreference,
} from './reminder-repo.ts';
import { findEvent } from './repo.ts';
import type { StudyEventRow } from './schema.ts';

export const REMINDER_JOB = 'calendar.reminder';
export const SESSION_MOVED_JOB = 'calendar.session-moved';
export const SESSION_CANCELLED_JOB = 'calendar.session-cancelled';

/** Studies whose sessions are reminded of. */
const RUNNING = new Set(['APPROVED', 'IN_PROGRESS']);

const startOf = (e: Pick<StudyEventRow, 'date' | 'startTime'>) => seoulInstant(e.date, e.startTime);

function leadKey(offset: number): { key: MessageKey; n: number } {
  if (offset % 1440 === 0) return { key: 'reminder.lead.days', n: offset / 1440 };
  if (offset % 60 === 0) return { key: 'reminder.lead.hours', n: offset / 60 };
  return { key: 'reminder.lead.minutes', n: offset };
}

/** What a cancelled session's job carries (the row is gone by the time it runs; jobs.ts reads it back). */
export type CancelledSnapshot = InviteSession & { studyId: string; eventType: string };

export class ReminderService {
  constructor(
    private readonly ctx: AppContext,
    private readonly studies: CalendarStudies,
    private readonly deps: ReminderDeps,
    private readonly clock: Clock,
  ) {}

  // -------------------------------------------------------------------------------------------
  // Scheduling (inside the caller's transaction)

  /** Queue the reminders of these sessions at every reminder time anyone in their study uses. */
  async schedule(tx: DbOrTx, events: StudyEventRow[]): Promise<void> {
    const byStudy = new Map<string, StudyEventRow[]>();
    for (const e of events) if (e.eventType !== 'recruitment') byStudy.set(e.studyId, [...(byStudy.get(e.studyId) ?? []), e]);
    const now = this.clock().getTime();
    const queue: JobSpec[] = [];
    for (const [studyId, list] of byStudy) {
      const offsets = new Set<number>(DEFAULT_REMINDER_OFFSETS);
      for (const p of await preferencesOfStudy(tx, studyId)) for (const o of p.offsets) offsets.add(o);
      for (const e of list) {
        const startsAt = startOf(e);
        for (const offset of offsets) {
          const runAt = new Date(startsAt.getTime() - offset * 60_000);
          if (runAt.getTime() <= now) continue; // that reminder's time has passed
          const key = `reminder:${e.id}:${offset}:${startsAt.toISOString()}`;
          queue.push({
            kind: REMINDER_JOB,
            payload: { eventId: e.id, offset, startsAt: startsAt.toISOString() },
            opts: { runAt, dedupeKey: key, maxAttempts: 8 },
          });
        }
      }
    }
    // one statement per 500 reminders, not one per reminder: a long daily study's approval queues hundreds
    await this.ctx.jobs.enqueueMany(queue, tx);
  }

  /** Every upcoming session of a study (after its schedule was generated or changed). */
  async scheduleStudy(tx: DbOrTx, studyId: string): Promise<void> {
    await this.schedule(tx, await sessionsFrom(tx, studyId, addDays(seoulDate(this.clock()), -1)));
  }

  /** Sessions that moved: a higher SEQUENCE, reminders at the new time, the update mailed. */
  async moved(tx: DbOrTx, eventIds: string[]): Promise<void> {
    const now = await bumpSequence(tx, eventIds);
    await this.schedule(tx, now);
    await this.ctx.jobs.enqueueMany(
      now.map((e) => ({
        kind: SESSION_MOVED_JOB,
        payload: { eventId: e.id, sequence: e.icsSequence },
        opts: { dedupeKey: `session-moved:${e.id}:${e.icsSequence}`, maxAttempts: 8 },
      })),
      tx,
    );
  }

  /** Sessions about to be deleted: the cancellation mailed to whoever holds their invitation. */
  async cancelled(tx: DbOrTx, events: StudyEventRow[]): Promise<void> {
    const now = this.clock().getTime();
    const queue: JobSpec[] = [];
    for (const e of events) {
      if (e.eventType === 'recruitment' || startOf(e).getTime() <= now) continue;
      const session: CancelledSnapshot = {
        id: e.id,
        studyId: e.studyId,
        eventType: e.eventType,
        title: e.title,
        date: e.date,
        startTime: e.startTime,
        endTime: e.endTime,
        location: e.location,
        address: e.address,
        link: e.link,
        description: e.description,
        sequence: e.icsSequence + 1,
        stamp: this.clock(),
      };
      queue.push({
        kind: SESSION_CANCELLED_JOB,
        payload: { session: { ...session, stamp: session.stamp.toISOString() } },
        opts: { dedupeKey: `session-cancelled:${e.id}`, maxAttempts: 8 },
      });
    }
    await this.ctx.jobs.enqueueMany(queue, tx);
  }

  // -------------------------------------------------------------------------------------------
  // A member's settings

  private async member(studyId: string, user: AuthUser) {
    const a = await this.studies.callerAccess(studyId, user);
    if (!a || !a.visible) throw new AppError('BIZ-3001', 'studies.notFound');
    if (!a.isActiveMember && !a.isOwner) throw new AppError('AUTH-1004', 'calendar.remindersMembersOnly');
    return a;
  }

  async settings(studyId: string, user: AuthUser): Promise<ReminderSettings> {
    await this.member(studyId, user);
    const offsets = await preferenceOf(this.ctx.db, user.id, studyId);
    return { studyId, offsets: offsets ?? [...DEFAULT_REMINDER_OFFSETS], isDefault: offsets === undefined };
  }

  async setSettings(studyId: string, user: AuthUser, body: ReminderSettingsBody): Promise<ReminderSettings> {
    await this.member(studyId, user);
    const offsets = [...new Set(body.offsets)].sort((a, b) => b - a);
    await this.ctx.db.transaction(async (tx) => {
      await setPreference(tx, user.id, studyId, offsets, this.clock());
      // a new reminder time needs its jobs on the upcoming sessions (known ones are not queued twice)
      if (offsets.length) await this.scheduleStudy(tx, studyId);
    });
    return { studyId, offsets, isDefault: false };
  }

  // -------------------------------------------------------------------------------------------
  // Sending (the job handlers of jobs.ts, registered by index.ts)

  /** Who gets the reminder at `offset`: active members whose times for the study include it. */
  private async recipients(studyId: string, offset: number): Promise<string[]> {
    const members = await this.studies.activeMembers(studyId);
    const prefs = new Map((await preferencesOfStudy(this.ctx.db, studyId)).map((p) => [p.userId, p.offsets]));
    return members
      .filter((m) => (prefs.get(m.userId) ?? (DEFAULT_REMINDER_OFFSETS as readonly number[])).includes(offset))
      .map((m) => m.userId);
  }

  private async runningStudy(studyId: string) {
    const [study] = await this.studies.getStudyRefs([studyId]);
    return study && !study.deleted && RUNNING.has(study.status) ? study : null;
  }

  private organizer(): string {
    const from = this.ctx.config.MAIL_FROM;
    return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
  }

  private invite(e: InviteSession, method: 'REQUEST' | 'CANCEL', summary: string, url: string, to: string, locale: Locale) {
    return sessionInvite(e, {
      method,
      summary,
      url,
      organizer: this.organizer(),
      attendee: to,
      onlineLabel: t(locale, 'reminder.online'),
    });
  }

  private asInvite(e: StudyEventRow): InviteSession {
    return { ...e, sequence: e.icsSequence, stamp: e.updatedAt };
  }

  async fire(eventId: string, offset: number, startsAtIso: string): Promise<void> {
    const e = await findEvent(this.ctx.db, eventId);
    if (!e) return; // cancelled
    const startsAt = startOf(e);
    if (startsAt.toISOString() !== startsAtIso) return; // moved: the job for the new time sends it
    if (startsAt.getTime() <= this.clock().getTime()) return; // late beyond use (the queue was down)
    const study = await this.runningStudy(e.studyId);
    if (!study) return;
    const summary = e.eventType === 'regular' ? study.title : `[${study.title}] ${e.title}`;
    const link = `/study/${study.slug}`;
    const url = `${this.ctx.config.publicUrl}${link}`;
    const lead = leadKey(offset);
    for (const userId of await this.recipients(e.studyId, offset)) {
      const user = await this.deps.users.getUser(userId);
      if (!user || user.status !== 'ACTIVE') continue;
      const locale = user.locale;
      const place = e.location === 'online' ? t(locale, 'reminder.online') : (e.address ?? '');
      const params = { lead: t(locale, lead.key, { n: lead.n }), title: summary, startsAt: startsAt.toISOString(), place };
      await this.ctx.db.transaction(async (tx) => {
        const claimed = await claimDelivery(tx, { eventId, userId, offsetMinutes: offset, startsAt, sentAt: this.clock() });
        if (!claimed) return; // another worker (or an earlier run) sent this one
        const message = { key: 'notice.session.reminder' as const, params };
        await this.deps.notifications.notify(userId, { type: 'SESSION_REMINDER', message, link, mail: false }, tx);
        const text = renderNotice(locale, 'notice.session.reminder', params);
        if (user.email) {
          const body = [text.body, '', t(locale, 'mail.reminder.attached'), '', url, '', t(locale, 'mail.reminder.settings')].join('\n');
          await this.deps.mail.enqueue(
            {
              to: user.email,
              subject: t(locale, 'mail.reminder.subject', params),
              text: body,
              html: `<p>${escapeHtml(body).replace(/\n/g, '<br>')}</p>`,
              attachments: [this.invite(this.asInvite(e), 'REQUEST', summary, url, user.email, locale)],
            },
            { tx, dedupeKey: `reminder-mail:${eventId}:${userId}:${offset}:${startsAtIso}` },
          );
        }
        await this.deps.notifications.push.push(
          [userId],
          { title: text.title, body: text.body, url: link, tag: `session-${eventId}` },
          { ttlSeconds: Math.max(60, Math.floor((startsAt.getTime() - this.clock().getTime()) / 1000)), topic: `session-${eventId}` },
          tx,
        );
      });
    }
  }

  /** The update of a moved session to the members who hold its invitation. */
  async mailMoved(eventId: string, sequence: number): Promise<void> {
    const e = await findEvent(this.ctx.db, eventId);
    if (!e || e.icsSequence !== sequence) return; // cancelled, or moved again (that move mails)
    const study = await this.runningStudy(e.studyId);
    if (!study) return;
    const active = new Set((await this.studies.activeMembers(e.studyId)).map((m) => m.userId));
    const summary = e.eventType === 'regular' ? study.title : `[${study.title}] ${e.title}`;
    const url = `${this.ctx.config.publicUrl}/study/${study.slug}`;
    const startsAt = startOf(e).toISOString();
    for (const userId of await invitedUsers(this.ctx.db, eventId)) {
      if (!active.has(userId)) continue;
      const user = await this.deps.users.getUser(userId);
      if (!user?.email || user.status !== 'ACTIVE') continue;
      const params = { title: summary, startsAt };
      const body = [t(user.locale, 'mail.session.updated.lines', params), '', url].join('\n');
      await this.deps.mail.enqueue(
        {
          to: user.email,
          subject: t(user.locale, 'mail.session.updated.subject', params),
          text: body,
          html: `<p>${escapeHtml(body).replace(/\n/g, '<br>')}</p>`,
          attachments: [this.invite(this.asInvite(e), 'REQUEST', summary, url, user.email, user.locale)],
        },
        { dedupeKey: `session-moved-mail:${eventId}:${sequence}:${userId}` },
      );
    }
  }

  /** METHOD:CANCEL to the members who hold a deleted session's invitation. */
  async mailCancelled(session: CancelledSnapshot): Promise<void> {
    const [study] = await this.studies.getStudyRefs([session.studyId]);
    if (!study) return;
    const active = new Set((await this.studies.activeMembers(session.studyId)).map((m) => m.userId));
    const summary = session.eventType === 'regular' ? study.title : `[${study.title}] ${session.title}`;
    const url = `${this.ctx.config.publicUrl}/study/${study.slug}`;
    const startsAt = startOf(session).toISOString();
    for (const userId of await invitedUsers(this.ctx.db, session.id)) {
      if (!active.has(userId)) continue;
      const user = await this.deps.users.getUser(userId);
      if (!user?.email || user.status !== 'ACTIVE') continue;
      const params = { title: summary, startsAt };
      const body = [t(user.locale, 'mail.session.cancelled.lines', params), '', url].join('\n');
      await this.deps.mail.enqueue(
        {
          to: user.email,
          subject: t(user.locale, 'mail.session.cancelled.subject', params),
          text: body,
          html: `<p>${escapeHtml(body).replace(/\n/g, '<br>')}</p>`,
          attachments: [this.invite(session, 'CANCEL', summary, url, user.email, user.locale)],
        },
        { dedupeKey: `session-cancelled-mail:${session.id}:${userId}` },
      );
    }
  }
}
