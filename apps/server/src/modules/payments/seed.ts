/**
 * Payments demo content (last in the registry), made through the real flow: the admin buys the
 * /checkout/test item once with the declined test card and once with the approving one, so the
 * back office shows an ABORTED and a DONE payment with their event logs on first start.
 */
import { TEST_CARDS } from '@moim/contract';
import type { AppContext } from '../../context.ts';
import type { Seeder } from '../../seed/index.ts';

async function buyTestItem(ctx: AppContext, userId: string, card: string): Promise<void> {
  const service = ctx.services.payments;
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

export const paymentsSeeder: Seeder = {
  name: 'payments',
  async demo(ctx, shared) {
    const users = shared.users as { admin?: string } | undefined;
    if (!users?.admin) return;
    await buyTestItem(ctx, users.admin, TEST_CARDS[1].number);
    await buyTestItem(ctx, users.admin, TEST_CARDS[0].number);
  },
};
