/**
 * The private iCal feed: one secret token per user (in the URL, so calendar apps can subscribe
 * without a login; rotating it cuts off the old URL). The feed holds the regular and special
 * events of the user's active studies and the events they RSVP'd to, from 90 days back to a
 * year ahead, with stable UIDs (`<eventId>@moim`) so calendar apps update rather than duplicate.
 * Times are written in UTC (Asia/Seoul has no daylight saving, so nothing is lost).
 */
import { addDays, seoulDate, seoulInstant } from '@moim/contract';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { CalendarStudies } from './ports.ts';
import { AppError } from '../../http/app-error.ts';
import { feedTokenOf, listEvents, rsvpedEvents, setFeedToken, userOfFeedToken } from './repo.ts';
import type { StudyEventRow } from './schema.ts';
import { sessionUid } from './reminder-ics.ts';

const FEED_STATUSES = new Set(['APPROVED', 'IN_PROGRESS', 'COMPLETED']);
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;

export class FeedService {
  constructor(
    private readonly ctx: AppContext,
    private readonly studies: Pick<CalendarStudies, 'activeStudyIdsOf' | 'getStudyRefs'>,
    private readonly clock: Clock,
  ) {}

  private url(token: string): string {
    return `${this.ctx.config.publicUrl}/api/calendar/feed/${token}.ics`;
  }

  async token(userId: string): Promise<{ token: string; url: string }> {
    const existing = await feedTokenOf(this.ctx.db, userId);
    const token = existing ?? (await setFeedToken(this.ctx.db, userId, randomBytes(24).toString('base64url'), false));
    return { token, url: this.url(token) };
  }

  async rotate(userId: string): Promise<{ token: string; url: string }> {
    const token = await setFeedToken(this.ctx.db, userId, randomBytes(24).toString('base64url'), true);
    return { token, url: this.url(token) };
  }

  /** The .ics text for a feed file name (`<token>.ics`); BIZ-3001 for an unknown token. */
  async ics(file: string): Promise<string> {
    const token = file.endsWith('.ics') ? file.slice(0, -4) : file;
    const userId = TOKEN_PATTERN.test(token) ? await userOfFeedToken(this.ctx.db, token) : undefined;
    if (!userId) throw new AppError('BIZ-3001', 'calendar.feedNotFound');

    const today = seoulDate(this.clock());
    const from = addDays(today, -90);
    const to = addDays(today, 365);
    const studyIds = await this.studies.activeStudyIdsOf(userId);
    const own = await listEvents(this.ctx.db, { from, to, types: ['regular', 'special'], studyIds });
    const rsvped = await rsvpedEvents(this.ctx.db, userId, from, to);
    const events = new Map<string, StudyEventRow>();
    for (const e of [...own, ...rsvped]) events.set(e.id, e);
    const refs = new Map((await this.studies.getStudyRefs([...events.values()].map((e) => e.studyId))).map((s) => [s.id, s]));

    const cal = ical({
      name: 'moim 스터디 일정',
      prodId: { company: 'moim', product: 'study-calendar', language: 'KO' },
      method: ICalCalendarMethod.PUBLISH,
      ttl: 60 * 60,
    });
    for (const e of events.values()) {
      const s = refs.get(e.studyId);
      if (!s || s.deleted || !FEED_STATUSES.has(s.status)) continue;
      cal.createEvent({
        id: sessionUid(e.id),
        start: seoulInstant(e.date, e.startTime),
        end: seoulInstant(e.date, e.endTime),
        stamp: e.updatedAt,
        summary: e.eventType === 'regular' ? s.title : `[${s.title}] ${e.title}`,
        description: e.description ?? undefined,
        location: e.location === 'online' ? (e.link ?? '온라인') : (e.address ?? undefined),
        url: `${this.ctx.config.publicUrl}/study/${s.slug}`,
      });
    }
    return cal.toString();
  }
}
