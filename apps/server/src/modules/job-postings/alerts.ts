/**
 * Daily mail alerts for saved searches: at 09:00 Asia/Seoul each saved search with alerts on
 * looks for postings created since its last alert that match its filters and, if there are any,
 * mails its owner a short list with an unsubscribe link. Claimed with a compare-and-swap on
 * next_alert_at, so two server instances never send the same alert; the mail is queued in the
 * same transaction (and de-duplicated per search and day).
 */
import { seoulDate } from '@moim/contract';
import type { AppContext } from '../../context.ts';
import type { MailService } from '../../providers/mail/service.ts';
import type { UsersService } from '../users/index.ts';
import type { MemberService } from './member-service.ts';
import { nextAlertTime } from './member-service.ts';
import type { PostingService } from './posting-service.ts';
import * as repo from './repo.ts';
import type { JobSavedSearchRow } from './schema.ts';
import { searchIds } from './search-repo.ts';

const LISTED = 10;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

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
    const found = await searchIds(
      this.ctx.db,
      { ...filters, activeOnly: true, createdAfter: row.alertCursor },
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
      if (!(await repo.claimAlert(tx, row, nextAlertTime(now), now, mailable))) return false;
      if (!mailable) return false;
      const rows = await repo.postingsByIds(tx, found.ids);
      const base = this.ctx.config.publicUrl.replace(/\/$/, '');
      const unsubscribe = `${base}/ignition/navigator?unsubscribe=${row.id}&token=${this.members.unsubscribeToken(row.id)}`;
      const lines = rows.map((p) => ({ title: `${p.company.name} · ${p.title}`, url: `${base}/ignition/navigator/${p.id}` }));
      const more = found.total > rows.length ? found.total - rows.length : 0;
      const subject = `[moim] '${row.name}'에 새 공고 ${found.total}건`;
      const text = [
        `${owner.name}님, 저장한 검색 '${row.name}'에 맞는 새 채용 공고가 ${found.total}건 올라왔습니다.`,
        '',
        ...lines.map((l) => `- ${l.title}\n  ${l.url}`),
        ...(more ? [`…외 ${more}건: ${base}/ignition/navigator`] : []),
        '',
        `이 알림을 그만 받으려면: ${unsubscribe}`,
      ].join('\n');
      const html = [
        `<p>${escapeHtml(owner.name)}님, 저장한 검색 <strong>${escapeHtml(row.name)}</strong>에 맞는 새 채용 공고가 ${found.total}건 올라왔습니다.</p>`,
        `<ul>${lines.map((l) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.title)}</a></li>`).join('')}</ul>`,
        more ? `<p><a href="${escapeHtml(base)}/ignition/navigator">…외 ${more}건 더 보기</a></p>` : '',
        `<p style="color:#666;font-size:12px"><a href="${escapeHtml(unsubscribe)}">이 알림 수신 거부</a></p>`,
      ].join('');
      await this.mail.enqueue({ to: owner.email, subject, text, html }, { tx, dedupeKey: `job-alert:${row.id}:${seoulDate(now)}` });
      return true;
    });
  }
}
