/**
 * Mail and in-app notices about payments. They are sent from the job queue (`payments.notice`),
 * enqueued in the same transaction as the change they report, so a notice goes out exactly when
 * the change committed, and a mail outage only delays it. The payment-deadline reminder (24 h
 * before) and the expiry notice are the studies module's (inbox + mail through notifications).
 */
import type { AppContext } from '../../context.ts';
import { type MessageKey, type MessageParams, t } from '../../i18n/messages.ts';
import { notice } from '../notifications/index.ts';
import { lookupPerson, notify, sendMail, type Notice, type PaymentsPorts } from './ports.ts';
import type { PaymentRow } from './schema.ts';
import { escapeHtml as esc } from '../../text/html.ts';

export const NOTICE_KINDS = ['CONFIRMED', 'DEPOSIT_RETURNED', 'REFUND_REQUESTED', 'REFUND_DECLINED', 'REFUNDED'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** Catalogue names per kind: the mail's `mail.payment.<name>.*` and the notice's `notice.payment.<name>`. */
const NAME = {
  CONFIRMED: 'confirmed',
  DEPOSIT_RETURNED: 'depositReturned',
  REFUND_REQUESTED: 'refundRequested',
  REFUND_DECLINED: 'refundDeclined',
  REFUNDED: 'refunded',
} as const satisfies Record<NoticeKind, string>;

const TYPE: Record<NoticeKind, Notice['type']> = {
  CONFIRMED: 'PAYMENT_CONFIRMED',
  DEPOSIT_RETURNED: 'PAYMENT_DUE',
  REFUND_REQUESTED: 'PAYMENT_REFUNDED',
  REFUND_DECLINED: 'PAYMENT_REFUNDED',
  REFUNDED: 'PAYMENT_REFUNDED',
};

/** The parameters every text of `kind` may use (amounts as numbers, instants as ISO strings). */
function paramsOf(kind: NoticeKind, p: PaymentRow, extra: Record<string, unknown>): MessageParams {
  return {
    what: p.studyTitle ?? p.orderName,
    orderId: p.orderId,
    method: p.method,
    amount: kind === 'REFUNDED' ? p.refundedAmount : p.amount,
    note: String(extra.note ?? ''),
    depositor: p.depositorName ?? '',
    deadline: p.deadline ? p.deadline.toISOString() : '',
    refundDue: p.refundDue ?? 0,
    hasAccount: p.refundAccount ? 1 : 0,
  };
}

/** Send one notice about payment `p` to its payer: mail in their language (if they have an address) and the inbox. */
export async function deliverNotice(
  ctx: AppContext,
  ports: PaymentsPorts,
  kind: NoticeKind,
  p: PaymentRow,
  extra: Record<string, unknown> = {},
) {
  const link = p.kind === 'STUDY' && p.studyId ? `/study/${p.studyId}` : `/payment/success?orderId=${encodeURIComponent(p.orderId)}`;
  const params = paramsOf(kind, p, extra);
  const name = NAME[kind];
  const person = await lookupPerson(ports, p.userId);
  if (person.email) {
    const l = person.locale;
    const url = `${ctx.config.publicUrl}${link}`;
    const greeting = t(l, 'mail.greeting', { name: person.name ?? p.customerName });
    const lines = t(l, `mail.payment.${name}.lines` as MessageKey, params).split('\n');
    await sendMail(ports, {
      to: person.email,
      subject: t(l, `mail.payment.${name}.subject` as MessageKey, params),
      text: [greeting, '', ...lines, '', url].join('\n'),
      html: `<p>${esc(greeting)}</p>${lines.map((x) => `<p>${esc(x)}</p>`).join('')}<p><a href="${esc(url)}">${esc(t(l, 'mail.viewOnMoim'))}</a></p>`,
    });
  }
  await notify(ports, p.userId, { type: TYPE[kind], message: notice(`notice.payment.${name}`, params), link });
}
