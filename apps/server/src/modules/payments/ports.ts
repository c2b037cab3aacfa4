/**
 * What payments needs from other modules, reached only through their services
 * (`ctx.services.*`): the studies module's payment hooks, the users directory, mail and the
 * in-app inbox. Each is read at call time (modules register in order; tests may stub one), and
 * the answers are normalised here so the rest of the module sees one shape.
 */
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';

export interface PayableApplication {
  applicationId: string;
  studyId: string;
  studyTitle: string;
  applicantId: string;
  applicantName: string;
  status: string;
  paymentDeadline: Date | null;
  /** integer KRW the server charges (the study's cost as the studies module computes it) */
  amount: number;
  /** YYYY-MM-DD (Asia/Seoul) or null */
  studyStartDate: string | null;
}

/** The hooks the studies module exposes for payments (modules/studies/payment-hooks.ts). */
export interface StudiesPaymentHooks {
  getApplicationForPayment(applicationId: string, tx?: Tx): Promise<unknown>;
  confirmPaidApplication(tx: Tx, applicationId: string, paidAmount: number, checkoutId?: string): Promise<unknown>;
  markPaymentPending(applicationId: string, tx?: Tx): Promise<unknown>;
  returnToAccepted(applicationId: string, tx?: Tx): Promise<unknown>;
  refundApplication(applicationId: string, tx?: Tx): Promise<unknown>;
  setCheckoutId?(applicationId: string, checkoutId: string, tx?: Tx): Promise<unknown>;
}

type Loose = Record<string, any>;

function services(ctx: AppContext): Loose {
  return ctx.services as unknown as Loose;
}

function studiesHooks(ctx: AppContext): StudiesPaymentHooks {
  const s = services(ctx).studies as Partial<StudiesPaymentHooks> | undefined;
  if (!s || typeof s.getApplicationForPayment !== 'function') {
    throw new AppError('SYS-5003', '스터디 결제 기능을 준비 중입니다.');
  }
  return s as StudiesPaymentHooks;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);
const toDate = (v: unknown): Date | null => {
  if (v instanceof Date) return v;
  if (typeof v === 'string' && v) {
    const d = new Date(v);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  return null;
};
const toDay = (v: unknown): string | null => {
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v)) return v.slice(0, 10);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return null;
};

/** Whatever the studies module answers, as a PayableApplication (null: no such application). */
export function normaliseApplication(raw: unknown): PayableApplication | null {
  if (!raw || typeof raw !== 'object') return null;
  const a = raw as Loose;
  const study = (a.study ?? {}) as Loose;
  const applicant = (a.applicant ?? a.user ?? {}) as Loose;
  const applicationId = str(a.applicationId) ?? str(a.id);
  const studyId = str(a.studyId) ?? str(study.id);
  const applicantId = str(a.applicantId) ?? str(a.userId) ?? str(applicant.id);
  if (!applicationId || !studyId || !applicantId) return null;
  const amount = [a.amount, a.amountDue, a.cost, study.cost].find((v) => typeof v === 'number' && Number.isInteger(v));
  return {
    applicationId,
    studyId,
    studyTitle: str(a.studyTitle) ?? str(study.title) ?? '',
    applicantId,
    applicantName: str(a.applicantName) ?? str(applicant.name) ?? '',
    status: str(a.status) ?? 'UNKNOWN',
    paymentDeadline: toDate(a.paymentDeadline),
    amount: (amount as number | undefined) ?? 0,
    studyStartDate: toDay(a.studyStartDate ?? a.startDate ?? study.startDate),
  };
}

export function studiesPort(ctx: AppContext) {
  return {
    async application(applicationId: string, tx?: Tx): Promise<PayableApplication | null> {
      return normaliseApplication(await studiesHooks(ctx).getApplicationForPayment(applicationId, tx));
    },
    async confirmPaid(tx: Tx, applicationId: string, paidAmount: number, orderId: string): Promise<void> {
      await studiesHooks(ctx).confirmPaidApplication(tx, applicationId, paidAmount, orderId);
    },
    /** SPEC's Application.checkoutId: the latest payment attempt's orderId. */
    async setCheckoutId(applicationId: string, orderId: string, tx?: Tx): Promise<void> {
      await studiesHooks(ctx).setCheckoutId?.(applicationId, orderId, tx);
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
}

/** A user's name and email through the users service (null fields when it cannot tell). */
export async function lookupPerson(ctx: AppContext, userId: string): Promise<Person> {
  return (await lookupPeople(ctx, [userId])).get(userId) ?? { id: userId, name: null, email: null };
}

export async function lookupPeople(ctx: AppContext, ids: string[]): Promise<Map<string, Person>> {
  const out = new Map<string, Person>();
  const unique = [...new Set(ids)];
  const users = services(ctx).users as Loose | undefined;
  if (unique.length > 0 && typeof users?.getUsers === 'function') {
    try {
      const found = (await users.getUsers(unique)) as Map<string, Loose>;
      for (const [id, u] of found) out.set(id, { id, name: str(u.name) ?? str(u.username), email: str(u.email) });
    } catch (err) {
      ctx.log.warn({ err }, 'payments: user lookup failed');
    }
  }
  for (const id of unique) if (!out.has(id)) out.set(id, { id, name: null, email: null });
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
  const mail = services(ctx).mail as Loose | undefined;
  if (typeof mail?.send !== 'function') return false;
  await mail.send(message);
  return true;
}

export interface Notice {
  type: 'PAYMENT_DUE' | 'PAYMENT_EXPIRED' | 'PAYMENT_CONFIRMED' | 'PAYMENT_REFUNDED';
  title: string;
  body: string;
  link: string | null;
}

/** The in-app inbox, when the notifications module is there (payments sends its own, richer mail). */
export async function notify(ctx: AppContext, userId: string, notice: Notice): Promise<void> {
  const n = services(ctx).notifications as Loose | undefined;
  if (typeof n?.notify !== 'function') return;
  try {
    await n.notify(userId, { ...notice, mail: false });
  } catch (err) {
    ctx.log.warn({ err }, 'payments: in-app notification failed');
  }
}
