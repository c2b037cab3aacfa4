/**
 * What the payments services share (index.ts builds it once and hands it to each): the app
 * context, the payment provider, the module's clock and the studies port, plus the small rules
 * every part uses — order ids, the provider's refusal as moim's error, the payer's notice queue
 * and the public view of a payment.
 */
import type { BankAccount, PaymentView } from '@moim/contract';
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { ErrorText } from '../../i18n/error-texts.ts';
import type { Locale } from '../../i18n/messages.ts';
import type { PaymentProvider } from '../../providers/payments/index.ts';
import { TOSS_ERRORS, type TossErrorCode } from '../../providers/payments/toss-protocol.ts';
import type { NoticeKind } from './notices.ts';
import type { PaymentsPorts, StudiesPort } from './ports.ts';
import type { PaymentRow } from './schema.ts';
import * as repo from './repo.ts';
import { userTopic } from '../../live/hub.ts';

export const JOB_NOTICE = 'payments.notice';
export const JOB_RECONCILE = 'payments.reconcile';
export const JOB_REFUND = 'payments.refund';

/** A confirmation older than this is presumed dead (crash, lost answer) and may be taken over. */
export const CLAIM_STALE_MS = 60_000;

export interface PaymentContext {
  ctx: AppContext;
  /** the modules below payments: studies hooks, users, mail, notifications (ports.ts) */
  ports: PaymentsPorts;
  provider: PaymentProvider;
  clock: Clock;
  studies: StudiesPort;
}

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function newOrderId(prefix: string): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  let out = '';
  for (const b of randomBytes(16)) out += alphabet[b % alphabet.length];
  return `${prefix}-${Date.now().toString(36)}-${out}`;
}

/**
 * The provider's refusal as moim's error: 422 BIZ-3003, `details.reason = PROVIDER_REFUSED` and
 * `details.providerCode`. A Korean reader reads the provider's own words (Toss writes Korean); an
 * English reader the English of that code (`TOSS_ERRORS`), else a sentence naming the code.
 */
export class ProviderRefusal extends AppError {
  constructor(
    readonly providerCode: string,
    readonly providerMessage: string,
  ) {
    const text: ErrorText =
      providerCode === 'NETWORK_ERROR' ? 'payments.providerUnreachable' : { key: 'payments.providerRefused', params: { providerCode } };
    super('BIZ-3003', text, { reason: 'PROVIDER_REFUSED', providerCode });
  }

  override render(locale: Locale): string {
    if (locale === 'ko') return this.providerMessage.trim() || super.render(locale);
    return isTossCode(this.providerCode) ? TOSS_ERRORS[this.providerCode].en : super.render(locale);
  }
}

function isTossCode(code: string): code is TossErrorCode {
  return Object.hasOwn(TOSS_ERRORS, code);
}

export function providerFailure(code: string, message: string): AppError {
  return new ProviderRefusal(code, message);
}

export function maskAccount(number: string): string {
  const d = number.replace(/\D/g, '');
  return d.length <= 4 ? '****' : `${'*'.repeat(d.length - 4)}${d.slice(-4)}`;
}

/** Queues the payer's mail and inbox entry about a payment (notices.ts sends it). */
export async function enqueueNotice(
  d: PaymentContext,
  tx: DbOrTx,
  kind: NoticeKind,
  paymentId: string,
  extra: Record<string, unknown> = {},
): Promise<void> {
  await d.ctx.jobs.enqueue(JOB_NOTICE, { kind, paymentId, extra }, {}, tx);
  // the payer's open pages (the pending page, their payments) see the new status once committed (docs/live.md)
  const row = await repo.byId(tx, paymentId);
  if (row) await d.ctx.live.publishAfterCommit(tx, userTopic(row.userId), 'payment.changed', { paymentId, orderId: row.orderId });
}

/** moim's account for bank transfers (configuration). */
export function bankAccount(d: PaymentContext): BankAccount {
  const c = d.ctx.config;
  return { bank: c.BANK_NAME, accountNumber: c.BANK_ACCOUNT_NUMBER, holder: c.BANK_ACCOUNT_HOLDER };
}

/** The application's status as the studies module tells it; null when unknown or unreachable. */
export async function applicationStatusOf(d: PaymentContext, p: PaymentRow): Promise<string | null> {
  if (!p.applicationId) return null;
  try {
    return (await d.studies.getApplicationForPayment(p.applicationId))?.status ?? null;
  } catch {
    return null;
  }
}

/** A payment as its payer and the back office see it. */
export function paymentView(d: PaymentContext, p: PaymentRow, applicationStatus: string | null = null): PaymentView {
  return {
    id: p.id,
    orderId: p.orderId,
    kind: p.kind,
    orderName: p.orderName,
    amount: p.amount,
    method: p.method,
    provider: p.provider,
    status: p.status,
    studyId: p.studyId,
    studyTitle: p.studyTitle,
    applicationId: p.applicationId,
    applicationStatus,
    deadline: iso(p.deadline),
    approvedAt: iso(p.approvedAt),
    failure: p.failureCode ? { code: p.failureCode, message: p.failureMessage ?? '' } : null,
    account: p.method === 'BANK_TRANSFER' ? bankAccount(d) : null,
    depositorName: p.depositorName,
    depositNotifiedAt: iso(p.depositNotifiedAt),
    returnNote: p.returnNote,
    refundedAmount: p.refundedAmount,
    refundStatus: p.refundStatus,
    refundAccount: p.refundAccount ?? null,
    card: p.card ? { number: p.card.number, issuerCode: p.card.issuerCode } : null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}
