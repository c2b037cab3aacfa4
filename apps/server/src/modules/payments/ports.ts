/**
 * The modules below payments as its services use them (deps.ts declares them): the studies
 * module's payment hooks (`StudiesPaymentHooks`), the users directory, mail and the in-app inbox.
 * All are injected at construction by the composition root (modules/index.ts); the payments tests may hand in a stand-in that implements the same type
 * (payments-test-kit.ts). Payments reads the studies module's own `ApplicationForPayment`, so a
 * rename there is a compile error here, never a silent `amount: 0`.
 */
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/messages.ts';
import type { NotifyInput } from '../notifications/index.ts';
import type { ApplicationForPayment, StudiesPaymentHooks } from '../studies/index.ts';
import type { PaymentsCalls } from './deps.ts';

export type { StudiesPaymentHooks } from '../studies/index.ts';

/** The injected modules as payments uses them, with the log for their soft failures. */
export interface PaymentsPorts extends PaymentsCalls {
  log: FastifyBaseLogger;
}

/** What payments reads of an application: the studies module's own type, narrowed. */
export type PayableApplication = Pick<
  ApplicationForPayment,
  | 'applicationId'
  | 'studyId'
  | 'studyTitle'
  | 'applicantId'
  | 'applicantName'
  | 'status'
  | 'paymentDeadline'
  | 'amount'
  | 'depositAmount'
  | 'studyStartDate'
>;

/**
 * The studies hooks as payments holds them: the studies module's own interface (no wrapper;
 * `getApplicationForPayment` answers with the whole `ApplicationForPayment`, payments reads the
 * `PayableApplication` part of it).
 */
export type StudiesPort = StudiesPaymentHooks;

export interface Person {
  id: string;
  name: string | null;
  email: string | null;
  /** the language of the mails and notices this person reads */
  locale: Locale;
}

/** A user's name and email through the users service (null fields when it cannot tell). */
export async function lookupPerson(ports: PaymentsPorts, userId: string): Promise<Person> {
  return (await lookupPeople(ports, [userId])).get(userId) ?? { id: userId, name: null, email: null, locale: DEFAULT_LOCALE };
}

export async function lookupPeople(ports: PaymentsPorts, ids: string[]): Promise<Map<string, Person>> {
  const out = new Map<string, Person>();
  const unique = [...new Set(ids)];
  if (unique.length > 0) {
    try {
      const found = await ports.users.getUsers(unique);
      for (const [id, u] of found) {
        out.set(id, {
          id,
          name: u.name || u.username || null,
          email: u.email || null,
          locale: u.locale,
        });
      }
    } catch (err) {
      ports.log.warn({ err }, 'payments: user lookup failed');
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

/** Sends through the mail provider now (payments' notices are already a queued job). */
export async function sendMail(ports: PaymentsPorts, message: MailMessage): Promise<void> {
  await ports.mail.send(message);
}

export interface Notice {
  type: 'PAYMENT_DUE' | 'PAYMENT_EXPIRED' | 'PAYMENT_CONFIRMED' | 'PAYMENT_REFUNDED';
  /** a notice of the server catalogue, rendered in the reader's language */
  message: NotifyInput['message'];
  link: string | null;
}

/** The in-app inbox (payments sends its own, richer mail). */
export async function notify(ports: PaymentsPorts, userId: string, notice: Notice): Promise<void> {
  try {
    await ports.notifications.notify(userId, { ...notice, mail: false });
  } catch (err) {
    ports.log.warn({ err }, 'payments: in-app notification failed');
  }
}
