/**
 * The payments back office under /admin/payments. Read by the back office's route table (app/admin-area.tsx), a chunk of its own
 * loaded when an admin opens /admin, so none of this is in the start-up chunk.
 */
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/chunk/lazy-page';

const AdminPaymentsPage = lazyPage(() => import('./admin/admin-payments-page'), 'payments');
const AdminPaymentPage = lazyPage(() => import('./admin/admin-payment-page'), 'payments');
const AdminDepositRefundsPage = lazyPage(() => import('./admin/admin-deposit-refunds-page'), 'payments');

/** Under /admin (relative paths; the admin area already requires ROLE_ADMIN). */
export const adminRoutes: RouteObject[] = [
  { path: 'payments', element: <AdminPaymentsPage /> },
  { path: 'payments/:paymentId', element: <AdminPaymentPage /> },
  { path: 'deposit-refunds', element: <AdminDepositRefundsPage /> },
];

export const adminNav: Array<{ to: string; ns: string; labelKey: string }> = [
  { to: 'payments', ns: 'payments', labelKey: 'admin.nav' },
  { to: 'deposit-refunds', ns: 'payments', labelKey: 'depositRefunds.nav' },
];
