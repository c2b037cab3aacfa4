import { bigserial, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A file sent with a mail (an .ics invitation). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** the file's text (UTF-8) */
  content: string;
}

export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body'),
  transport: text('transport').notNull().default('outbox'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** the order mails were stored in: the outbox lists newest first by it (created_at ties within a millisecond on PGlite) */
  seq: bigserial('seq', { mode: 'number' }).notNull(),
  /** files sent with the mail (migration 0042) */
  attachments: jsonb('attachments').$type<MailAttachment[]>(),
});
