/**
 * Mail and in-app notices about payments. They are sent from the job queue (`payments.notice`),
 * enqueued in the same transaction as the change they report, so a notice goes out exactly when
 * the change committed, and a mail outage only delays it. The payment-deadline reminder (24 h
 * before) and the expiry notice are the studies module's (inbox + mail through notifications).
 */
import type { AppContext } from '../../context.ts';
import { lookupPerson, notify, sendMail, type Notice, type PaymentsPorts } from './ports.ts';
import type { PaymentRow } from './schema.ts';

export type NoticeKind = 'CONFIRMED' | 'DEPOSIT_RETURNED' | 'REFUND_REQUESTED' | 'REFUND_DECLINED' | 'REFUNDED';

const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;
const seoul = (d: Date | null) => (d ? d.toLocaleString('ko-KR', { timeZone: 'Asia/Seoul', dateStyle: 'long', timeStyle: 'short' }) : '-');
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Rendered {
  subject: string;
  lines: string[];
  notice: Notice;
}

function render(kind: NoticeKind, p: PaymentRow, link: string, extra: Record<string, unknown>): Rendered {
  const what = p.studyTitle ?? p.orderName;
  switch (kind) {
    case 'CONFIRMED':
      return {
        subject: `[moim] ${what} 결제가 완료되었습니다`,
        lines: [
          `${what} 결제가 완료되어 참여가 확정되었습니다.`,
          `결제 금액: ${won(p.amount)} (${p.method === 'CARD' ? '카드' : '계좌이체'})`,
          `주문번호: ${p.orderId}`,
        ],
        notice: { type: 'PAYMENT_CONFIRMED', title: '결제 완료', body: `${what} 참여가 확정되었습니다.`, link },
      };
    case 'DEPOSIT_RETURNED':
      return {
        subject: `[moim] ${what} 입금 확인이 보류되었습니다`,
        lines: [
          `${what} 입금을 확인하지 못했습니다.`,
          `운영자 메모: ${String(extra.note ?? '-')}`,
          `입금자명 ${p.depositorName ?? '-'}, ${won(p.amount)}을 다시 확인하신 뒤 입금 완료를 알려 주세요. 기한: ${seoul(p.deadline)}`,
        ],
        notice: { type: 'PAYMENT_DUE', title: '입금 확인 보류', body: String(extra.note ?? ''), link },
      };
    case 'REFUND_REQUESTED':
      return {
        subject: `[moim] ${what} 환불 요청이 접수되었습니다`,
        lines: [
          `${what} 환불 요청이 접수되었습니다.`,
          p.refundDue
            ? `환불 예정 금액: ${won(p.refundDue)}. ${p.refundAccount ? '등록하신 계좌로 보내 드립니다.' : '환불받을 계좌를 등록해 주세요.'}`
            : '스터디가 시작된 뒤라 운영자가 환불 금액을 정해 안내해 드립니다.',
          `주문번호: ${p.orderId}`,
        ],
        notice: { type: 'PAYMENT_REFUNDED', title: '환불 요청 접수', body: `${what} 환불 요청이 접수되었습니다.`, link },
      };
    case 'REFUND_DECLINED':
      return {
        subject: `[moim] ${what} 환불 요청 결과를 알려 드립니다`,
        lines: [`${what} 환불 요청이 받아들여지지 않았습니다.`, `운영자 메모: ${String(extra.note ?? '-')}`, `주문번호: ${p.orderId}`],
        notice: { type: 'PAYMENT_REFUNDED', title: '환불 불가 안내', body: String(extra.note ?? ''), link },
      };
    case 'REFUNDED':
      return {
        subject: `[moim] ${what} 환불이 완료되었습니다`,
        lines: [
          `${what} 결제 중 ${won(p.refundedAmount)}이 환불되었습니다.`,
          p.method === 'CARD' ? '카드사 사정에 따라 취소가 반영되기까지 며칠 걸릴 수 있습니다.' : '등록하신 계좌로 송금했습니다.',
          `주문번호: ${p.orderId}`,
        ],
        notice: { type: 'PAYMENT_REFUNDED', title: '환불 완료', body: `${won(p.refundedAmount)} 환불되었습니다.`, link },
      };
  }
}

/** Send one notice about payment `p` to its payer: mail (if they have an address) and the inbox. */
export async function deliverNotice(
  ctx: AppContext,
  ports: PaymentsPorts,
  kind: NoticeKind,
  p: PaymentRow,
  extra: Record<string, unknown> = {},
) {
  const link = p.kind === 'STUDY' && p.studyId ? `/study/${p.studyId}` : `/payment/success?orderId=${encodeURIComponent(p.orderId)}`;
  const r = render(kind, p, link, extra);
  const person = await lookupPerson(ports, p.userId);
  if (person.email) {
    const url = `${ctx.config.publicUrl}${link}`;
    const greeting = `${person.name ?? p.customerName}님, 안녕하세요.`;
    await sendMail(ports, {
      to: person.email,
      subject: r.subject,
      text: [greeting, '', ...r.lines, '', url].join('\n'),
      html: `<p>${esc(greeting)}</p>${r.lines.map((l) => `<p>${esc(l)}</p>`).join('')}<p><a href="${esc(url)}">moim에서 보기</a></p>`,
    });
  }
  if (r.notice) await notify(ports, p.userId, r.notice);
}
