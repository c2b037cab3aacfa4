/**
 * The inbox: `notify` stores an in-app notification (inside the caller's transaction when one is
 * given, so it exists exactly when the change it reports commits) and queues an e-mail through
 * the mail provider, sent later by the job queue once the recipient's address is known.
 *
 * A notification is stored as a message key of the server catalogue (i18n/messages.ts) and its
 * parameters, with the Korean title and body beside them (what older rows have alone). It is
 * rendered in the reader's locale (`users.locale`) when listed and when mailed.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { userTopic } from '../../live/hub.ts';
import { type Notification, type NotifyInput as ContractNotifyInput, type Page, toPage } from '@moim/contract';
import type { AppContext } from '../../context.ts';
import type { JobHandler } from '../../jobs/queue.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { DEFAULT_LOCALE, isNoticeKey, type Locale, type MessageParams, type NoticeKey, renderNotice, t } from '../../i18n/messages.ts';
import { userContact, userLocale } from './peers.ts';
import { deletedAmong, findNotifications, insertNotifications, listForUser, markAllRead, markRead, unreadCount } from './repo.ts';
import type { NotificationRow } from './schema.ts';
import { escapeHtml } from '../../text/html.ts';
import type { PushService } from './push-service.ts';
import type { NotificationsDeps } from './deps.ts';

/** What modules pass to `notify`: a notice key of the server catalogue and its parameters. */
export interface NotifyInput extends Omit<ContractNotifyInput, 'message'> {
  message: { key: NoticeKey; params?: MessageParams };
}

/** A notice for `notify`, typed against the catalogue. */
export function notice(key: NoticeKey, params: MessageParams = {}): NotifyInput['message'] {
  return { key, params };
}

export const NOTIFICATION_MAIL_JOB = 'notifications.mail';

const silenced = new AsyncLocalStorage<boolean>();

/** The row as its reader sees it: rendered in `locale` from its key, else the stored texts. */
export function toNotification(r: NotificationRow, locale: Locale = DEFAULT_LOCALE): Notification {
  const text = r.messageKey && isNoticeKey(r.messageKey) ? renderNotice(locale, r.messageKey, r.messageParams ?? {}) : null;
  return {
    id: r.id,
    type: r.type,
    title: text ? text.title.slice(0, 200) : r.title,
    body: text ? text.body.slice(0, 2000) : r.body,
    link: r.link,
    readAt: r.readAt ? r.readAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * The inbox's rules. Every module above receives it by injection (narrowed with `Pick<…>`); built
 * in index.ts over the push service it exposes as `push`.
 */
export class NotificationsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: NotificationsDeps,
    /** web push: devices that allowed notifications, and messages to them (push-service.ts) */
    readonly push: PushService,
  ) {}

  /** Store an in-app notification for `userId` (and queue a mail unless `mail: false`). */
  notify(userId: string, input: NotifyInput, tx?: DbOrTx): Promise<void> {
    return this.notifyMany([userId], input, tx);
  }

  /** The same notification to several users. */
  async notifyMany(userIds: readonly string[], input: NotifyInput, tx: DbOrTx = this.ctx.db): Promise<void> {
    const gone = await deletedAmong(tx, userIds);
    const ids = [...new Set(userIds)].filter((id) => !gone.has(id));
    if (ids.length === 0) return;
    const params = input.message.params ?? {};
    // the Korean texts are stored too: what a reader without a known locale (and older code) sees
    const ko = renderNotice('ko', input.message.key, params);
    const rows = await insertNotifications(
      tx,
      ids.map((userId) => ({
        userId,
        type: input.type,
        title: ko.title.slice(0, 200),
        body: ko.body.slice(0, 2000),
        link: input.link ?? null,
        messageKey: input.message.key,
        messageParams: { ...params },
      })),
    );
    if (input.mail !== false && !silenced.getStore()) {
      await this.ctx.jobs.enqueue(NOTIFICATION_MAIL_JOB, { ids: rows.map((r) => r.id) }, { maxAttempts: 5 }, tx);
    }
    // open pages see it (header count, inbox) once the transaction commits (docs/live.md)
    // (`created`: something the reader may have on screen changed; the web asks again for what it shows)
    if (!silenced.getStore()) await this.ctx.live.publishAfterCommit(tx, ids.map(userTopic), 'notification.changed', { created: true });
  }

  /** Run `fn` storing notifications without mailing them (demo content). */
  withoutMail<T>(fn: () => Promise<T>): Promise<T> {
    return silenced.run(true, fn);
  }

  async list(userId: string, q: { page: number; size: number; unread?: boolean | undefined }): Promise<Page<Notification>> {
    const [{ rows, total }, locale] = await Promise.all([listForUser(this.ctx.db, userId, q), this.readerLocale(userId)]);
    return toPage(
      rows.map((r) => toNotification(r, locale)),
      total,
      q,
    );
  }

  unreadCount(userId: string): Promise<number> {
    return unreadCount(this.ctx.db, userId);
  }

  async markRead(userId: string, id: string): Promise<Notification> {
    const row = await markRead(this.ctx.db, userId, id, new Date());
    if (!row) throw new AppError('BIZ-3001', 'notifications.notFound');
    // the reader's other tabs and devices update their count
    await this.ctx.live.publish(userTopic(userId), 'notification.changed', { notificationId: id });
    return toNotification(row, await this.readerLocale(userId));
  }

  async markAllRead(userId: string): Promise<number> {
    const out = await markAllRead(this.ctx.db, userId, new Date());
    await this.ctx.live.publish(userTopic(userId), 'notification.changed', {});
    return out;
  }

  private readerLocale(userId: string): Promise<Locale> {
    return userLocale(this.deps.users, userId);
  }
}

/** The `notifications.mail` job: one per notify call; it mails each stored notification to its recipient's address. */
export function notificationMailJob(ctx: AppContext, deps: NotificationsDeps): JobHandler {
  const { mail } = deps;
  return async (payload) => {
    const rows = await findNotifications(ctx.db, (payload.ids as string[] | undefined) ?? []);
    for (const row of rows) {
      const contact = await userContact(deps.users, row.userId);
      if (!contact?.email) continue; // no address known: the in-app notification stands alone
      // rendered now, in the recipient's locale
      const n = toNotification(row, contact.locale);
      const link = n.link ? `${ctx.config.publicUrl}${n.link}` : null;
      const message = {
        to: contact.email,
        subject: t(contact.locale, 'mail.notification.subject', { title: n.title }),
        text: link ? `${n.body}\n\n${link}` : n.body,
        html: `<p>${escapeHtml(n.body).replace(/\n/g, '<br>')}</p>${link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : ''}`,
      };
      // each mail as its own queued job (retried alone, once per notification)
      await mail.enqueue(message, { dedupeKey: `notification-mail:${n.id}` });
    }
  };
}
