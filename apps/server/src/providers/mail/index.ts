/**
 * Mail behind one interface. The default OutboxMailProvider writes each message to the
 * `mail_outbox` table (admins read it in the back office), so mail works with no outside
 * service; SmtpMailProvider sends through SMTP (nodemailer) when SMTP_URL is set.
 *
 * Modules send through the injected `MailService` (see service.ts): `send` now, or `enqueue` to send
 * from the job queue (retried, and only if the caller's transaction commits).
 */
import { count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { toPage, type MailOutboxItem, type Page } from '@moim/contract';
import type { Db } from '../../db/client.ts';
import { type MailAttachment, mailOutbox } from './schema.ts';

export type { MailAttachment } from './schema.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null | undefined;
  /** files sent with it (an .ics invitation) */
  attachments?: MailAttachment[] | undefined;
}

export interface MailProvider {
  /** 'outbox' or 'smtp' */
  readonly transport: string;
  send(message: MailMessage): Promise<void>;
}

export class OutboxMailProvider implements MailProvider {
  readonly transport = 'outbox';
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(m: MailMessage): Promise<void> {
    await this.db.insert(mailOutbox).values({
      toAddress: m.to,
      subject: m.subject,
      textBody: m.text,
      htmlBody: m.html ?? null,
      attachments: m.attachments?.length ? m.attachments : null,
    });
    this.log.info({ to: m.to, subject: m.subject }, 'mail stored in the outbox');
  }
}

export class SmtpMailProvider implements MailProvider {
  readonly transport = 'smtp';
  private readonly transporter: Transporter;
  constructor(
    url: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transporter = nodemailer.createTransport(url);
  }

  async send(m: MailMessage): Promise<void> {
    const info = await this.transporter.sendMail({
      from: this.from,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html ?? undefined,
      ...(m.attachments?.length
        ? {
            // a text/calendar part with its METHOD is what mail clients offer to add to a calendar
            icalEvent: icalEventOf(m.attachments),
            attachments: m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
          }
        : {}),
    });
    this.log.info({ to: m.to, subject: m.subject, messageId: info.messageId }, 'mail sent over SMTP');
  }
}

/** The invitation among the attachments as nodemailer's calendar alternative (METHOD read from the file). */
function icalEventOf(attachments: MailAttachment[]): { method: string; content: string } | undefined {
  const ics = attachments.find((a) => a.contentType.startsWith('text/calendar'));
  if (!ics) return undefined;
  const method = /^METHOD:(\w+)/m.exec(ics.content)?.[1] ?? 'PUBLISH';
  return { method, content: ics.content };
}

export function createMailProvider(
  config: { SMTP_URL?: string | undefined; MAIL_FROM: string },
  db: Db,
  log: FastifyBaseLogger,
): MailProvider {
  return config.SMTP_URL ? new SmtpMailProvider(config.SMTP_URL, config.MAIL_FROM, log) : new OutboxMailProvider(db, log);
}

/** The outbox, newest first (back office). */
export async function listOutbox(db: Db, q: { page: number; size: number; to?: string | undefined }): Promise<Page<MailOutboxItem>> {
  const where = q.to ? eq(sql`lower(${mailOutbox.toAddress})`, q.to.trim().toLowerCase()) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.seq))
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ n: count() }).from(mailOutbox).where(where),
  ]);
  return toPage(
    rows.map((r) => ({
      id: r.id,
      to: r.toAddress,
      subject: r.subject,
      text: r.textBody,
      html: r.htmlBody,
      transport: r.transport,
      createdAt: r.createdAt.toISOString(),
      ...(r.attachments?.length ? { attachments: r.attachments } : {}),
    })),
    Number(total?.n ?? 0),
    q,
  );
}

/** Erase stored mail addressed to `email` (account deletion). */
export async function forgetOutboxRecipient(db: Db, email: string): Promise<number> {
  const r = await db
    .delete(mailOutbox)
    .where(eq(sql`lower(${mailOutbox.toAddress})`, email.trim().toLowerCase()))
    .returning({ id: mailOutbox.id });
  return r.length;
}
