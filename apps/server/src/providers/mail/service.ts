/**
 * `MailService`: how every module sends mail. Built once by the composition root
 * (modules/index.ts) and injected into the modules that mail:
 *   await mail.send({ to, subject, text, html })          // now
 *   await mail.enqueue({ to, subject, text, html }, { tx }) // from the job queue
 */
import type { MailOutboxItem, Page } from '@moim/contract';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { createMailProvider, forgetOutboxRecipient, listOutbox, type MailMessage, type MailProvider } from './index.ts';

export interface MailService {
  /** 'outbox' (default) or 'smtp' (SMTP_URL set) */
  readonly transport: string;
  /** Send now through the configured provider; throws if the provider fails. */
  send(message: MailMessage): Promise<void>;
  /**
   * Send from the job queue: retried with back-off, survives restarts; with `tx` the mail exists
   * only if that transaction commits. `dedupeKey` sends one pending mail per key.
   */
  enqueue(message: MailMessage, opts?: { tx?: DbOrTx; dedupeKey?: string }): Promise<void>;
  /** The outbox, newest first (back office). */
  outbox(q: { page: number; size: number; to?: string | undefined }): Promise<Page<MailOutboxItem>>;
  /** Erase stored mail addressed to `email` (account deletion). Returns how many. */
  forgetRecipient(email: string): Promise<number>;
}

export const MAIL_JOB = 'mail.send';

export function createMailService(ctx: AppContext, provider: MailProvider = createMailProvider(ctx.config, ctx.db, ctx.log)): MailService {
  ctx.jobs.register(MAIL_JOB, async (payload) => {
    const m = payload as unknown as MailMessage;
    await provider.send({ to: m.to, subject: m.subject, text: m.text, html: m.html ?? null, attachments: m.attachments ?? undefined });
  });
  return {
    transport: provider.transport,
    send: (m) => provider.send(m),
    async enqueue(m, opts = {}) {
      const payload: Record<string, unknown> = {
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html ?? null,
        ...(m.attachments?.length ? { attachments: m.attachments } : {}),
      };
      await ctx.jobs.enqueue(MAIL_JOB, payload, { maxAttempts: 8, ...(opts.dedupeKey ? { dedupeKey: opts.dedupeKey } : {}) }, opts.tx);
    },
    outbox: (q) => listOutbox(ctx.db, q),
    forgetRecipient: (email) => forgetOutboxRecipient(ctx.db, email),
  };
}
