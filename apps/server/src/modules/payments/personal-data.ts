/**
 * The payments module's part of a member's data export and erasure (docs/privacy.md). Payment
 * records are what Korea's e-commerce law (전자상거래법 §6, 시행령 §6) requires a seller to keep
 * for 5 years, so erasure anonymises instead of deleting: the payer's name, the depositor's name
 * and (once no refund is owed) the refund account go; amounts, dates, methods, statuses and the
 * ledger stay, tied to the deleted account's id, which no longer names anybody.
 */
import { DELETED_USER_NAME } from '@moim/contract';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { ModulePrivacy } from '../types.ts';
import { paymentEvents, payments } from './schema.ts';

/** refund states in which the member's account is still needed to pay them back */
const REFUND_OWED = ['REQUESTED', 'AWAITING_TRANSFER'] as const;

export function paymentsPrivacy(ctx: AppContext): ModulePrivacy {
  const { db } = ctx;
  return {
    sections: [
      {
        file: 'payments',
        about: {
          ko: '결제: 주문, 금액, 결제 수단(카드 번호는 가려진 형태), 상태, 입금자명, 환불과 환불 계좌, 결제 이력',
          en: 'Payments: order, amount, method (card number masked), status, depositor name, refunds and refund account, the payment history',
        },
        async collect(userId) {
          const rows = await db.select().from(payments).where(eq(payments.userId, userId)).orderBy(asc(payments.createdAt));
          const ids = rows.map((r) => r.id);
          const events = ids.length
            ? await db
                .select({
                  paymentId: paymentEvents.paymentId,
                  type: paymentEvents.type,
                  fromStatus: paymentEvents.fromStatus,
                  toStatus: paymentEvents.toStatus,
                  amount: paymentEvents.amount,
                  at: paymentEvents.at,
                })
                .from(paymentEvents)
                .where(inArray(paymentEvents.paymentId, ids))
                .orderBy(asc(paymentEvents.seq))
            : [];
          return rows.map(({ paymentKey: _k, userId: _u, ...p }) => ({
            ...p,
            history: events.filter((e) => e.paymentId === p.id).map(({ paymentId: _p, ...e }) => e),
          }));
        },
      },
    ],
    async erase(userId) {
      await db
        .update(payments)
        .set({ customerName: DELETED_USER_NAME, depositorName: null, updatedAt: new Date() })
        .where(eq(payments.userId, userId));
      await db
        .update(payments)
        .set({ refundAccount: null })
        .where(and(eq(payments.userId, userId), notInArray(payments.refundStatus, [...REFUND_OWED])));
    },
  };
}
