/**
 * The payment pages' logic: the pay panel's states and what "pay" does for each method, the
 * success page confirming once and handing refusals to the fail page, the fail page's reason
 * and retry, the transfer details and the deposit notification.
 */
import type { ApplicationPaymentState, BankTransferInstructions, CardCheckout, PaymentsConfig, PaymentView } from '@moim/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../shared/test/i18n';
import { AuthStateProvider, type AuthState } from '../../shared/auth/auth-provider';
import AdminPaymentsPage from './admin/admin-payments-page';
import { PayPanel } from './components/pay-panel';
import AccountInfoPage from './pages/account-info-page';
import PaymentFailPage from './pages/payment-fail-page';
import PaymentSuccessPage from './pages/payment-success-page';

type Handler = (
  url: URL,
  method: string,
  body: unknown,
) => { status?: number; data?: unknown; error?: { code: string; message: string; details?: unknown } } | undefined;

function stubFetch(handler: Handler) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname + url.search, body });
    const r = handler(url, method, body) ?? { status: 404, error: { code: 'BIZ-3001', message: 'not found' } };
    const payload = r.error ? { success: false, error: r.error, message: r.error.message } : { success: true, data: r.data ?? null };
    return new Response(JSON.stringify(payload), {
      status: r.status ?? (r.error ? 400 : 200),
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return calls;
}

const auth = {
  isAuthenticated: true,
  isLoading: false,
  user: { id: 'u1', email: 'm@x', name: '김회원', roles: ['ROLE_USER'] },
} as unknown as AuthState;

async function renderAt(element: ReactElement, path: string, extra: Array<{ path: string; element: ReactElement }> = []) {
  await initTestI18n('ko');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: path.split('?')[0]!, element }, ...extra, { path: '*', element: <p>elsewhere</p> }], {
    initialEntries: [path],
  });
  render(
    <AuthStateProvider value={auth}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AuthStateProvider>,
  );
  return router;
}

const config: PaymentsConfig = {
  provider: 'test',
  clientKey: 'test_ck_x',
  sdkUrl: null,
  testMode: true,
  testCards: [],
  bank: { bank: '모임은행', accountNumber: '1', holder: 'h' },
};

function view(over: Partial<PaymentView> = {}): PaymentView {
  return {
    id: 'p1',
    orderId: 'moim-order-1',
    kind: 'STUDY',
    orderName: '테코테코 1기 참가비',
    amount: 30000,
    method: 'CARD',
    provider: 'test',
    status: 'DONE',
    studyId: 's1',
    studyTitle: '테코테코 1기',
    applicationId: 'a1',
    applicationStatus: 'CONFIRMED',
    deadline: new Date(Date.now() + 86_400_000).toISOString(),
    approvedAt: new Date().toISOString(),
    failure: null,
    account: null,
    depositorName: null,
    depositNotifiedAt: null,
    returnNote: null,
    refundedAmount: 0,
    refundStatus: 'NONE',
    refundAccount: null,
    card: { number: '42424242****424*', issuerCode: '4V' },
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    ...over,
  };
}

function appState(over: Partial<ApplicationPaymentState> = {}): ApplicationPaymentState {
  return {
    applicationId: 'a1',
    studyId: 's1',
    studyTitle: '테코테코 1기',
    applicationStatus: 'ACCEPTED',
    amount: 30000,
    deadline: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    payable: true,
    current: null,
    payments: [],
    ...over,
  };
}

/** POST …/payment answers (startPaymentResult): the whole shapes, as the contract has them. */
const cardCheckout: CardCheckout = {
  method: 'CARD',
  provider: 'test',
  orderId: 'o1',
  amount: 30000,
  orderName: '테코테코 1기 참가비',
  customerName: '김회원',
  customerKey: 'u1',
  successUrl: 'http://localhost/payment/success',
  failUrl: 'http://localhost/payment/fail',
  checkoutUrl: '/api/payments/test-gateway/checkout?x=1',
  clientKey: 'test_ck_x',
  deadline: new Date(Date.now() + 2 * 86_400_000).toISOString(),
};
const bankTransfer: BankTransferInstructions = {
  method: 'BANK_TRANSFER',
  orderId: 'bt-1',
  amount: 30000,
  orderName: '테코테코 1기 참가비',
  account: { bank: '모임은행', accountNumber: '1', holder: 'h' },
  depositorName: '김회원',
  deadline: new Date(Date.now() + 2 * 86_400_000).toISOString(),
};

beforeAll(() => initTestI18n('ko'));
afterEach(() => cleanup());

describe('PayPanel', () => {
  it('shows the amount and deadline, and opens the built-in checkout for a card', async () => {
    const assign = vi.fn();
    Object.defineProperty(window, 'location', { value: { ...window.location, assign }, writable: true });
    const calls = stubFetch((url, method) => {
      if (url.pathname === '/api/payments/config') return { data: config };
      if (url.pathname.endsWith('/payment') && method === 'GET') return { data: appState() };
      if (url.pathname.endsWith('/payment') && method === 'POST') return { data: cardCheckout };
      return undefined;
    });
    await renderAt(<PayPanel studyId="s1" applicationId="a1" />, '/study/s1');
    expect(await screen.findByText('30,000원')).toBeTruthy();
    expect(screen.getByText('테스트 모드 · 실제로 결제되지 않습니다')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '30,000원 결제하기' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/test-gateway/checkout?x=1'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ method: 'CARD' });
  });

  it('goes to the transfer details for a bank transfer', async () => {
    stubFetch((url, method) => {
      if (url.pathname === '/api/payments/config') return { data: config };
      if (url.pathname.endsWith('/payment') && method === 'GET') return { data: appState() };
      if (url.pathname.endsWith('/payment') && method === 'POST') return { data: bankTransfer };
      return undefined;
    });
    const router = await renderAt(<PayPanel studyId="s1" applicationId="a1" />, '/study/s1');
    fireEvent.click(await screen.findByRole('radio', { name: '계좌이체' }));
    fireEvent.click(screen.getByRole('button', { name: '30,000원 결제하기' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/payment/account-info?orderId=bt-1'));
  });

  it('says why it cannot pay: confirmed, deposit pending, expired; and shows the last failure', async () => {
    let state = appState({ applicationStatus: 'CONFIRMED', payable: false });
    stubFetch((url) => (url.pathname === '/api/payments/config' ? { data: config } : { data: state }));
    await renderAt(<PayPanel studyId="s1" applicationId="a1" />, '/x');
    expect(await screen.findByText('결제가 완료되어 참여가 확정되었습니다.')).toBeTruthy();
    cleanup();
    state = appState({
      applicationStatus: 'PAYMENT_PENDING',
      payable: false,
      current: view({ status: 'WAITING_FOR_DEPOSIT', method: 'BANK_TRANSFER' }),
    });
    await renderAt(<PayPanel studyId="s1" applicationId="a1" />, '/x');
    expect(await screen.findByText(/입금 확인을 기다리고 있어요/)).toBeTruthy();
    cleanup();
    state = appState({ applicationStatus: 'EXPIRED', payable: false });
    await renderAt(<PayPanel studyId="s1" applicationId="a1" />, '/x');
    expect(await screen.findByText('결제 기한이 지나 신청이 만료되었습니다.')).toBeTruthy();
    cleanup();
    state = appState({
      current: view({
        status: 'ABORTED',
        failure: { code: 'REJECT_CARD_PAYMENT', message: '한도초과 혹은 잔액부족으로 결제에 실패했습니다.' },
      }),
    });
    await renderAt(<PayPanel studyId="s1" applicationId="a1" />, '/x');
    expect(await screen.findByText(/지난 결제 시도가 실패했습니다: 한도초과/)).toBeTruthy();
  });
});

describe('/payment/success', () => {
  it('confirms once with the returned parameters and shows the result', async () => {
    const calls = stubFetch((url) => (url.pathname === '/api/payments/confirm' ? { data: view() } : undefined));
    await renderAt(<PaymentSuccessPage />, '/payment/success?paymentType=NORMAL&orderId=moim-order-1&paymentKey=pk_1&amount=30000');
    expect(await screen.findByRole('heading', { name: '결제 완료' })).toBeTruthy();
    expect(screen.getByText('「테코테코 1기」 참여가 확정되었습니다.')).toBeTruthy();
    const confirms = calls.filter((c) => c.path === '/api/payments/confirm');
    expect(confirms).toHaveLength(1);
    expect(confirms[0]!.body).toEqual({ paymentKey: 'pk_1', orderId: 'moim-order-1', amount: 30000 });
  });

  it('sends a refusal to /payment/fail with the provider code and message', async () => {
    stubFetch((url) =>
      url.pathname === '/api/payments/confirm'
        ? {
            status: 422,
            error: {
              code: 'BIZ-3003',
              message: '한도초과 혹은 잔액부족으로 결제에 실패했습니다.',
              details: { reason: 'PROVIDER_REFUSED', providerCode: 'REJECT_CARD_PAYMENT' },
            },
          }
        : undefined,
    );
    const router = await renderAt(<PaymentSuccessPage />, '/payment/success?orderId=moim-order-1&paymentKey=pk_1&amount=30000');
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/fail'));
    const q = new URLSearchParams(router.state.location.search);
    expect(q.get('code')).toBe('REJECT_CARD_PAYMENT');
    expect(q.get('message')).toBe('한도초과 혹은 잔액부족으로 결제에 실패했습니다.');
    expect(q.get('orderId')).toBe('moim-order-1');
  });

  it('says what is missing when the address has no order, and where to go on', async () => {
    stubFetch(() => undefined);
    await renderAt(<PaymentSuccessPage />, '/payment/success');
    expect(await screen.findByRole('heading', { name: '어떤 결제인지 알 수 없어요' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '내 스터디 보기' }).getAttribute('href')).toBe('/users/me#my-studies');
    expect(screen.getByRole('link', { name: '스터디 둘러보기' }).getAttribute('href')).toBe('/study');
  });
});

describe('/payment/fail', () => {
  it('shows the provider reason and offers to pay again while the application is ACCEPTED', async () => {
    stubFetch((url) =>
      url.pathname === '/api/payments/moim-order-1' ? { data: view({ status: 'ABORTED', applicationStatus: 'ACCEPTED' }) } : undefined,
    );
    await renderAt(
      <PaymentFailPage />,
      '/payment/fail?code=REJECT_CARD_PAYMENT&message=%ED%95%9C%EB%8F%84%EC%B4%88%EA%B3%BC&orderId=moim-order-1',
    );
    expect(screen.getByTestId('pay-fail-reason').textContent).toBe('한도초과');
    const retry = await screen.findByRole('link', { name: '다시 결제하기' });
    expect(retry.getAttribute('href')).toBe('/payment/checkout?studyId=s1&applicationId=a1');
  });
});

describe('/payment/account-info', () => {
  it('shows the account, amount and depositor name and reports the deposit', async () => {
    const p = view({
      status: 'WAITING_FOR_DEPOSIT',
      method: 'BANK_TRANSFER',
      applicationStatus: 'ACCEPTED',
      approvedAt: null,
      card: null,
      account: { bank: '모임은행', accountNumber: '123-456-789012', holder: '(주)모임' },
      depositorName: '김회원1234',
    });
    const calls = stubFetch((url, method) => {
      if (url.pathname === '/api/payments/moim-order-1') return { data: p };
      if (url.pathname === '/api/studies/s1/applications/a1/payment/notify-deposit' && method === 'POST')
        return { data: { ...p, applicationStatus: 'PAYMENT_PENDING' } };
      return undefined;
    });
    const router = await renderAt(<AccountInfoPage />, '/payment/account-info?orderId=moim-order-1');
    expect(await screen.findByText('123-456-789012')).toBeTruthy();
    expect(screen.getByText('김회원1234')).toBeTruthy();
    expect(screen.getByText('모임은행')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '입금했어요' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/pending'));
    expect(calls.find((c) => c.path.endsWith('/notify-deposit'))?.body).toEqual({});
  });
});

describe('/admin/payments', () => {
  it('lists payments and sends the filters as query parameters', async () => {
    const calls = stubFetch((url) =>
      url.pathname === '/api/admin/payments'
        ? {
            data: {
              content: [{ ...view(), user: { id: 'u1', name: '김회원', email: 'm@x' } }],
              number: 0,
              size: 20,
              totalElements: 1,
              totalPages: 1,
              first: true,
              last: true,
            },
          }
        : undefined,
    );
    await renderAt(<AdminPaymentsPage />, '/admin/payments?status=DONE');
    expect(await screen.findByText('테코테코 1기 참가비')).toBeTruthy();
    expect(calls[0]!.path).toContain('status=DONE');
    fireEvent.change(screen.getByLabelText('결제 수단'), { target: { value: 'BANK_TRANSFER' } });
    fireEvent.click(screen.getByRole('button', { name: '적용' }));
    await waitFor(() => expect(calls.some((c) => c.path.includes('method=BANK_TRANSFER'))).toBe(true));
  });
});
