/**
 * Payments demo content (after the studies seeder), made through the real flow: the admin buys
 * the /checkout/test item once with the declined test card and once with the approving one, so
 * the back office shows an ABORTED and a DONE payment with their event logs on first start; the
 * accepted demo application the studies seeder left in `shared.studyDeposit` is paid by bank
 * transfer (deposit reported), so the back office has a deposit to confirm.
 */
import { TEST_CARDS } from '@moim/contract';
import type { Seeder } from '../../seed/index.ts';
import type { DemoDeposit, DemoDepositStudy } from '../studies/index.ts';
import type { PaymentsService } from './service.ts';

async function buyTestItem(service: PaymentsService, userId: string, card: string): Promise<void> {
  const gateway = service.gateway;
  if (!gateway) return; // Toss mode: no demo charges against a real provider
  const user = { id: userId, roles: ['ROLE_USER', 'ROLE_ADMIN'], systemRole: 'ROLE_ADMIN' };
  const c = await service.startTestCheckout(user);
  const auth = await gateway.authenticate({
    orderId: c.orderId,
    orderName: c.orderName,
    amount: c.amount,
    customerName: c.customerName,
    cardNumber: card,
  });
  if ('error' in auth) return;
  await service.confirm(user, { paymentKey: auth.paymentKey, orderId: c.orderId, amount: c.amount }).catch(() => undefined);
}

/**
 * The deposit sprint (studies' seed-deposit.ts): every member pays fee + deposit by card through
 * the gateway, the studies seeder then records the past sessions' check-ins, and the settlement
 * returns each session's share (the card refunds run from the job queue).
 */
async function payDepositStudy(service: PaymentsService, demo: DemoDepositStudy): Promise<void> {
  const gateway = service.gateway;
  if (!gateway) return;
  for (const p of demo.payers) {
    const payer = { id: p.userId, roles: ['ROLE_USER'], systemRole: 'ROLE_USER' };
    const c = await service.startStudyPayment(payer, demo.studyId, p.applicationId, 'CARD');
    if (c.method !== 'CARD') continue;
    const auth = await gateway.authenticate({
      orderId: c.orderId,
      orderName: c.orderName,
      amount: c.amount,
      customerName: c.customerName,
      cardNumber: TEST_CARDS[0].number,
    });
    if ('error' in auth) continue;
    await service.confirm(payer, { paymentKey: auth.paymentKey, orderId: c.orderId, amount: c.amount });
  }
  await demo.afterPaid();
  await service.deposits.settleStudy(demo.studyId);
}

export const paymentsSeeder = (service: PaymentsService): Seeder => ({
  name: 'payments',
  async demo(_ctx, shared) {
    const depositStudy = shared.depositStudy as DemoDepositStudy | undefined;
    if (depositStudy) await payDepositStudy(service, depositStudy);
    const deposit = shared.studyDeposit as DemoDeposit | undefined;
    if (deposit) {
      const payer = { id: deposit.userId, roles: ['ROLE_USER'], systemRole: 'ROLE_USER' };
      await service.startStudyPayment(payer, deposit.studyId, deposit.applicationId, 'BANK_TRANSFER');
      await service.notifyDeposit(payer, deposit.studyId, deposit.applicationId);
    }
    const users = shared.users as { admin?: string } | undefined;
    if (!users?.admin) return;
    await buyTestItem(service, users.admin, TEST_CARDS[1].number);
    await buyTestItem(service, users.admin, TEST_CARDS[0].number);
  },
});
