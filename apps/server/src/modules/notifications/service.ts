/**
 * The inbox: `notify` stores an in-app notification (inside the caller's transaction when one is
 * given, so it exists exactly when the change it reports commits) and queues an e-mail through
 * the mail provider, sent later by the job queue once the recipient's address is known.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { type Notification, type NotifyInput, type Page, toPage } from '@moim/contract';
import type { AppContext } from '../../context.ts';
import type { MailService } from '../../providers/mail/service.ts';
import type { UsersService } from '../users/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { userContact } from './peers.ts';
import { findNotifications, insertNotifications, listForUser, markAllRead, markRead, unreadCount } from './repo.ts';
import type { NotificationRow } from './schema.ts';

export const NOTIFICATION_MAIL_JOB = 'notifications.mail';

const silenced = new AsyncLocalStorage<boolean>();

export interface NotificationsService {
  /** Store an in-app notification for `userId` (and queue a mail unless `mail: false`). */
  notify(userId: string, input: NotifyInput, tx?: DbOrTx): Promise<void>;
  /** The same notification to several users. */
  notifyMany(userIds: readonly string[], input: NotifyInput, tx?: DbOrTx): Promise<void>;
  /** Run `fn` storing notifications without mailing them (demo content). */
  withoutMail<T>(fn: () => Promise<T>): Promise<T>;
  list(userId: string, q: { page: number; size: number; unread?: boolean | undefined }): Promise<Page<Notification>>;
  unreadCount(userId: string): Promise<number>;
  markRead(userId: string, id: string): Promise<Notification>;
  markAllRead(userId: string): Promise<number>;
}

/** What notifications needs below it: a recipient's contact (users) and the mail provider. */
export interface NotificationsDeps {
  users: Pick<UsersService, 'getUser'>;
  mail: MailService;
}

export function toNotification(r: NotificationRow): Notification {
  return {
    id: r.id,
    type: r.type,
    title: r.title,
    body: r.body,
    link: r.link,
    readAt: r.readAt ? r.readAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
  };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function createNotificationsService(ctx: AppContext, deps: NotificationsDeps): NotificationsService {
  const { mail } = deps;
  // One job per notify call; it mails each stored notification to its recipient's address.
  ctx.jobs.register(NOTIFICATION_MAIL_JOB, async (payload) => {
    const rows = await findNotifications(ctx.db, (payload.ids as string[] | undefined) ?? []);
    for (const n of rows) {
      const contact = await userContact(deps.users, n.userId);
      if (!contact?.email) continue; // no address known: the in-app notification stands alone
      const link = n.link ? `${ctx.config.publicUrl}${n.link}` : null;
      const message = {
        to: contact.email,
        subject: `[moim] ${n.title}`,
        text: link ? `${n.body}\n\n${link}` : n.body,
        html: `<p>${escapeHtml(n.body).replace(/\n/g, '<br>')}</p>${link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : ''}`,
      };
      // each mail as its own queued job (retried alone, once per notification)
      await mail.enqueue(message, { dedupeKey: `notification-mail:${n.id}` });
    }
  });

  async function notifyMany(userIds: readonly string[], input: NotifyInput, tx: DbOrTx = ctx.db): Promise<void> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return;
    const rows = await insertNotifications(
      tx,
      ids.map((userId) => ({
        userId,
        type: input.type,
        title: input.title.slice(0, 200),
        body: input.body.slice(0, 2000),
        link: input.link ?? null,
      })),
    );
    if (input.mail !== false && !silenced.getStore()) {
      await ctx.jobs.enqueue(NOTIFICATION_MAIL_JOB, { ids: rows.map((r) => r.id) }, { maxAttempts: 5 }, tx);
    }
  }

  return {
    notify: (userId, input, tx) => notifyMany([userId], input, tx),
    notifyMany,
    withoutMail: (fn) => silenced.run(true, fn),
    async list(userId, q) {
      const { rows, total } = await listForUser(ctx.db, userId, q);
      return toPage(rows.map(toNotification), total, q);
    },
    unreadCount: (userId) => unreadCount(ctx.db, userId),
    async markRead(userId, id) {
      const row = await markRead(ctx.db, userId, id, new Date());
      if (!row) throw new AppError('BIZ-3001', '알림을 찾을 수 없습니다.');
      return toNotification(row);
    },
    markAllRead: (userId) => markAllRead(ctx.db, userId, new Date()),
  };
}
