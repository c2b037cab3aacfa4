/**
 * The payment pages (SPEC §2): the result pages the payment window returns to, the transfer
 * details and deposit status, the test checkout, the pay panel on a page of its own, and the
 * back office under /admin/payments (admin-routes.tsx).
 */
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../../shared/auth/require-auth';
import { lazyPage } from '../../shared/chunk/lazy-page';

const SuccessPage = lazyPage(() => import('./pages/payment-success-page'), 'payments');
const FailPage = lazyPage(() => import('./pages/payment-fail-page'), 'payments');
const AccountInfoPage = lazyPage(() => import('./pages/account-info-page'), 'payments');
const PendingPage = lazyPage(() => import('./pages/pending-page'), 'payments');
const CheckoutTestPage = lazyPage(() => import('./pages/checkout-test-page'), 'payments');
const CheckoutPage = lazyPage(() => import('./pages/payment-checkout-page'), 'payments');

const guarded = (el: ReactNode) => <RequireAuth>{el}</RequireAuth>;

export const routes: RouteObject[] = [
  { path: '/payment/success', element: guarded(<SuccessPage />) },
  // The fail page also works signed out (it shows the reason from the address).
  { path: '/payment/fail', element: <FailPage /> },
  { path: '/payment/account-info', element: guarded(<AccountInfoPage />) },
  { path: '/payment/pending', element: guarded(<PendingPage />) },
  { path: '/payment/checkout', element: guarded(<CheckoutPage />) },
  { path: '/checkout/test', element: guarded(<CheckoutTestPage />) },
];
