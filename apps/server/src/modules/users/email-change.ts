/**
 * E-mail change (docs/accounts.md "E-mail change"): asked for behind step-up and the password; a
 * single-use link (32 random bytes, sha256 kept, EMAIL_CHANGE_TTL_MINUTES) goes to the NEW address
 * and a notice to the old one; the change takes effect only when the link is opened, if the
 * address is still free then. Sessions stay (the account and its sign-in methods are the same).
 */
import { createHash, randomBytes } from 'node:crypto';
import { EMAIL_CHANGE_TTL_MINUTES, type EmailChangeRequest } from '@moim/contract';
import type { AppContext } from '../../context.ts';
import { AppError, invalidInput } from '../../http/app-error.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { type Locale, t } from '../../i18n/messages.ts';
import type { MailMessage } from '../../providers/mail/index.ts';
import { escapeHtml } from '../../text/html.ts';
import * as repo from './repo.ts';
import type { UsersDeps } from './deps.ts';
import { emailTaken } from './user-view.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

function changeLinkMail(to: string, name: string, link: string, locale: Locale): MailMessage {
  const lines = [t(locale, 'mail.emailChange.request'), link, '', t(locale, 'mail.emailChange.ttl', { minutes: EMAIL_CHANGE_TTL_MINUTES })];
  const text = [t(locale, 'mail.greeting', { name }), '', ...lines, t(locale, 'mail.emailChange.ignore'), '', '— moim'].join('\n');
  const html =
    `<p>${escapeHtml(t(locale, 'mail.greeting', { name }))}</p>` +
    `<p>${escapeHtml(t(locale, 'mail.emailChange.request'))}</p>` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t(locale, 'mail.emailChange.button'))}</a></p>` +
    `<p>${escapeHtml(t(locale, 'mail.emailChange.ttl', { minutes: EMAIL_CHANGE_TTL_MINUTES }))} ${escapeHtml(t(locale, 'mail.emailChange.ignore'))}</p>`;
  return { to, subject: t(locale, 'mail.emailChange.subject'), text, html };
}

function noticeMail(
  to: string,
  name: string,
  kind: 'emailChangeRequested' | 'emailChanged',
  newAddress: string,
  locale: Locale,
): MailMessage {
  const body = t(locale, `mail.${kind}.body`, { to: newAddress });
  const greeting = t(locale, 'mail.greeting', { name });
  return {
    to,
    subject: t(locale, `mail.${kind}.subject`),
    text: [greeting, '', body, '', '— moim'].join('\n'),
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>`,
  };
}

export function createEmailChange(ctx: AppContext, deps: UsersDeps) {
  const { db } = ctx;
  const { credentials, mail, securityLog } = deps;

  return {
    /** Step-up is checked by the route; the password here (accounts without one: the step-up alone). */
    async request(user: AuthUser, input: EmailChangeRequest): Promise<{ requested: true; expiresAt: string }> {
      const row = await repo.findById(db, user.id);
      if (!row || row.status === 'DELETED') throw new AppError('AUTH-1003', 'auth.accountGone');
      if (row.status === 'DEACTIVATED') throw new AppError('AUTH-1006');
      const newEmail = input.newEmail.trim();
      const failed = (reason: string) =>
        securityLog.record({
          action: 'account.email.change_requested',
          actor: row.id,
          target: { kind: 'user', id: row.id },
          outcome: 'failure',
          reason,
        });
      if (row.passwordHash) {
        if (!input.password) throw invalidInput('VAL-2003', { path: 'body.password', code: 'missing', message: 'users.passwordNeeded' });
        if (!(await credentials.passwords.verify(row.passwordHash, input.password)).ok) {
          await failed('bad_password');
          throw new AppError('AUTH-1001', 'users.wrongCurrentPassword');
        }
      }
      if (newEmail.toLowerCase() === row.email.toLowerCase())
        throw invalidInput('VAL-2001', { path: 'body.newEmail', code: 'same_as_current', message: 'users.sameEmail' });
      if (await repo.findByEmail(db, newEmail)) throw emailTaken();
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + EMAIL_CHANGE_TTL_MINUTES * 60_000);
      const link = `${ctx.config.publicUrl}/users/me/email/confirm?token=${token}`;
      await db.transaction(async (tx) => {
        await repo.insertEmailChange(tx, { tokenHash: sha256(token), userId: row.id, newEmail, expiresAt });
        await mail.enqueue(changeLinkMail(newEmail, row.name, link, row.locale), { tx });
        // the old address hears of it at once (an attacker holding a session cannot hide the attempt)
        await mail.enqueue(noticeMail(row.email, row.name, 'emailChangeRequested', securityLog.mask.email(newEmail), row.locale), { tx });
        await securityLog.record(
          {
            action: 'account.email.change_requested',
            actor: row.id,
            target: { kind: 'user', id: row.id },
            details: { to: securityLog.mask.email(newEmail) },
          },
          tx,
        );
      });
      return { requested: true, expiresAt: expiresAt.toISOString() };
    },

    /** The link from the new address: AUTH-1025 unless it is the account's newest, unused and unexpired one. */
    async confirm(token: string): Promise<{ changed: true; email: string }> {
      return db.transaction(async (tx) => {
        const change = await repo.useEmailChange(tx, sha256(token));
        if (!change) throw new AppError('AUTH-1025', 'users.emailChangeInvalid');
        const row = await repo.findById(tx, change.userId);
        if (!row || row.status !== 'ACTIVE') throw new AppError('AUTH-1025', 'users.emailChangeInvalid');
        const taken = await repo.findByEmail(tx, change.newEmail);
        if (taken && taken.id !== row.id) throw emailTaken();
        try {
          await repo.updateUser(tx, row.id, { email: change.newEmail, emailVerified: true });
        } catch (err) {
          if (uniqueViolation(err)) throw emailTaken();
          throw err;
        }
        await mail.enqueue(noticeMail(row.email, row.name, 'emailChanged', securityLog.mask.email(change.newEmail), row.locale), { tx });
        await securityLog.record(
          {
            action: 'account.email.changed',
            actor: row.id,
            target: { kind: 'user', id: row.id },
            details: { from: securityLog.mask.email(row.email), to: securityLog.mask.email(change.newEmail) },
          },
          tx,
        );
        return { changed: true as const, email: change.newEmail };
      });
    },
  };
}

export type EmailChangeService = ReturnType<typeof createEmailChange>;
