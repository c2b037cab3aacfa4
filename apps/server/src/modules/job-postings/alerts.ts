/**
 * Daily mail alerts for saved searches: at 09:00 Asia/Seoul each saved search with alerts on
 * looks for postings created since its last alert that match its filters and, if there are any,
 * mails its owner a short list with an unsubscribe link. Claimed with a compare-and-swap on
 * next_alert_at, so two server instances never send the same alert; the mail is queued in the
 * same transaction (and de-duplicated per search and day).
 *
 * A posting's created_at is the start of the transaction that wrote it, so a posting written while
 * an alert runs can carry a time before the run yet be committed after the alert's search read
 * (PostgreSQL). A cursor moved to the run's own time would pass it, and no alert would ever list it.
 * So each run lists postings created up to ALERT_SETTLE_MS before it and moves the cursor only that
 * far: a posting younger than that is listed by the next day's alert instead.
 */
import { seoulDate } from '@moim/contract';
import type { AppContext } from '../../context.ts';
import { t } from '../../i18n/messages.ts';
import type { MailService } from '../../providers/mail/service.ts';
import type { UsersService } from '../users/index.ts';
import type { MemberService } from './member-service.ts';
import { nextAlertTime } from './member-service.ts';
import type { PostingService } from './posting-service.ts';
import * as repo from './repo.ts';
import type { JobSavedSearchRow } from './schema.ts';
import { searchIds } from './search-repo.ts';
import { escapeHtml } from '../../text/html.ts';

const LISTED = 10;
/**
 * How long before a run its list ends (see above). Postings are written one per transaction
 * (imports, the admin form, the seeder), each of a few statements under the statement timeout.
 */
export const ALERT_SETTLE_MS = 2 * 60_000;

export class AlertService {
  constructor(
    private readonly ctx: AppContext,
    private readonly postings: PostingService,
    private readonly members: MemberService,
    private readonly users: Pick<UsersService, 'getUser'>,
    private readonly mail: Pick<MailService, 'enqueue'>,
  ) {}

  /** Send every due alert; returns how many mails were queued. */
  async runDue(now = new Date()): Promise<number> {
    let sent = 0;
    for (;;) {
      const due = await repo.dueSavedSearches(this.ctx.db, now, 50);
      if (due.length === 0) break;
      for (const row of due) if (await this.runOne(row, now)) sent++;
      if (due.length < 50) break;
    }
    return sent;
  }

  private async runOne(row: JobSavedSearchRow, now: Date): Promise<boolean> {
    const filters = await this.postings.filtersOf(row.filters as Parameters<PostingService['filtersOf']>[0]);
    const upTo = new Date(Math.max(row.alertCursor.getTime(), now.getTime() - ALERT_SETTLE_MS));
    const found = await searchIds(
      this.ctx.db,
      { ...filters, activeOnly: true, createdAfter: row.alertCursor, createdUpTo: upTo },
      {
        now,
        sort: 'postedAt',
        dir: 'desc',
        page: 0,
        size: LISTED,
      },
    );
    const owner = found.total > 0 ? await this.users.getUser(row.userId) : null;
    const mailable = owner !== null && owner.status === 'ACTIVE';
    return this.ctx.db.transaction(async (tx) => {
      // Claim this day's alert; another instance that got here first wins.
      if (!(await repo.claimAlert(tx, row, { next: nextAlertTime(now), cursor: upTo, now, sent: mailable }))) return false;
      if (!mailable) return false;
      const rows = await repo.summaryRowsByIds(tx, found.ids);
      const base = this.ctx.config.publicUrl.replace(/\/$/, '');
      const unsubscribe = `${base}/ignition/navigator?unsubscribe=${row.id}&token=${this.members.unsubscribeToken(row.id)}`;
      const lines = rows.map((p) => ({ title: `${p.company.name} · ${p.title}`, url: `${base}/ignition/navigator/${p.id}` }));
      const more = found.total > rows.length ? found.total - rows.length : 0;
      // in the owner's language (server catalogue, i18n/messages.ts)
      const l = owner.locale;
      const subject = t(l, 'mail.jobs.alert.subject', { search: row.name, count: found.total });
      const intro = t(l, 'mail.jobs.alert.intro', { name: owner.name, search: row.name, count: found.total });
      const moreText = more ? t(l, 'mail.jobs.alert.more', { count: more }) : '';
      const text = [
        intro,
        '',
        ...lines.map((x) => `- ${x.title}\n  ${x.url}`),
        ...(more ? [`${moreText}: ${base}/ignition/navigator`] : []),
        '',
        `${t(l, 'mail.jobs.alert.unsubscribe')}: ${unsubscribe}`,
      ].join('\n');
      const html = [
        `<p>${escapeHtml(intro)}</p>`,
        `<ul>${lines.map((x) => `<li><a href="${escapeHtml(x.url)}">${escapeHtml(x.title)}</a></li>`).join('')}</ul>`,
        more ? `<p><a href="${escapeHtml(base)}/ignition/navigator">${escapeHtml(moreText)}</a></p>` : '',
        `<p style="color:#666;font-size:12px"><a href="${escapeHtml(unsubscribe)}">${escapeHtml(t(l, 'mail.jobs.alert.unsubscribe'))}</a></p>`,
      ].join('');
      await this.mail.enqueue({ to: owner.email, subject, text, html }, { tx, dedupeKey: `job-alert:${row.id}:${seoulDate(now)}` });
      return true;
    });
  }
}
