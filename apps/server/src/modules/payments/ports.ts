/**
 * What payments needs from other modules, through their typed public interfaces: the studies
 * module's payment hooks (`StudiesPaymentHooks`), the users directory, mail and the in-app
 * inbox. Each is read at call time from the module registry (modules register in order; the
 * payments tests swap in a stand-in that implements the same type); payments reads the studies
 * module's own `ApplicationForPayment`, so a rename there is a compile error here, never a silent
 * `amount: 0`.
 */
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../i18n/messages.ts';
import type { NotifyInput } from '../notifications/index.ts';
import type { ApplicationForPayment, StudiesPaymentHooks } from '../studies/index.ts';

export type { StudiesPaymentHooks } from '../studies/index.ts';

/** What payments reads of an application: the studies module's own type, narrowed. */
export type PayableApplication = Pick<
  ApplicationForPayment,
  'applicationId' | 'studyId' | 'studyTitle' | 'applicantId' | 'applicantName' | 'status' | 'paymentDeadline' | 'amount' | 'studyStartDate'
>;

function studiesHooks(ctx: AppContext): StudiesPaymentHooks {
  const s: StudiesPaymentHooks | undefined = ctx.services.studies;
  if (!s) throw new AppError('SYS-5003', '스터디 결제 기능을 준비 중입니다.');
  return s;
}

export function studiesPort(ctx: AppContext) {
  return {
    async application(applicationId: string, tx?: Tx): Promise<PayableApplication | null> {
      return studiesHooks(ctx).getApplicationForPayment(applicationId, tx);
    },
    async confirmPaid(tx: Tx, applicationId: string, paidAmount: number, orderId: string): Promise<void> {
      await studiesHooks(ctx).confirmPaidApplication(tx, applicationId, paidAmount, orderId);
    },
    /** SPEC's Application.checkoutId: the latest payment attempt's orderId. */
    async setCheckoutId(applicationId: string, orderId: string, tx?: Tx): Promise<void> {
      await studiesHooks(ctx).setCheckoutId(applicationId, orderId, tx);
    },
    async markPaymentPending(applicationId: string, tx?: Tx): Promise<void> {
      await studiesHooks(ctx).markPaymentPending(applicationId, tx);
    },
    async returnToAccepted(applicationId: string, tx?: Tx): Promise<void> {
      await studiesHooks(ctx).returnToAccepted(applicationId, tx);
    },
    async refund(applicationId: string, tx?: Tx): Promise<void> {
      await studiesHooks(ctx).refundApplication(applicationId, tx);
    },
  };
}
export type StudiesPort = ReturnType<typeof studiesPort>;

export interface Person {
  id: string;
  name: string | null;
  email: string | null;
  /** the language of the mails and notices this person reads */
  locale: Locale;
}

/** A user's name and email through the users service (null fields when it cannot tell). */
export async function lookupPerson(ctx: AppContext, userId: string): Promise<Person> {
  return (await lookupPeople(ctx, [userId])).get(userId) ?? { id: userId, name: null, email: null, locale: DEFAULT_LOCALE };
}

export async function lookupPeople(ctx: AppContext, ids: string[]): Promise<Map<string, Person>> {
  const out = new Map<string, Person>();
  const unique = [...new Set(ids)];
  const users = ctx.services.users;
  if (unique.length > 0 && users) {
    try {
      const found = await users.getUsers(unique);
      for (const [id, u] of found) {
        out.set(id, {
          id,
          name: u.name || u.username || null,
          email: u.email || null,
          locale: isLocale(u.locale) ? u.locale : DEFAULT_LOCALE,
        });
      }
    } catch (err) {
      ctx.log.warn({ err }, 'payments: user lookup failed');
    }
  }
  for (const id of unique) if (!out.has(id)) out.set(id, { id, name: null, email: null, locale: DEFAULT_LOCALE });
  return out;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends through the accounts module's mail service; false when there is none. */
export async function sendMail(ctx: AppContext, message: MailMessage): Promise<boolean> {
  const mail = ctx.services.mail;
  if (!mail) return false;
  await mail.send(message);
  return true;
}

export interface Notice {
  type: 'PAYMENT_DUE' | 'PAYMENT_EXPIRED' | 'PAYMENT_CONFIRMED' | 'PAYMENT_REFUNDED';
  /** a notice of the server catalogue, rendered in the reader's language */
  message: NotifyInput['message'];
  link: string | null;
}

/** The in-app inbox, when the notifications module is there (payments sends its own, richer mail). */
export async function notify(ctx: AppContext, userId: string, notice: Notice): Promise<void> {
  const n = ctx.services.notifications;
  if (!n) return;
  try {
    await n.notify(userId, { ...notice, mail: false });
  } catch (err) {
    ctx.log.warn({ err }, 'payments: in-app notification failed');
  }
}
