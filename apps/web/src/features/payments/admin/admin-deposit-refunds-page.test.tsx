/**
 * The back office's deposit payout list (/admin/deposit-refunds): what a row says, the filters
 * sent to the API, loading/empty/error, "sent" only after the confirmation (and the list
 * updated), the server's refusal shown in the reader's language, and "retry" for a failed card
 * refund.
 */
import type { DepositPayoutView } from '@moim/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { initTestI18n, newTestQueryClient, stubFetch, type FetchHandler } from '../../../shared/test/render';
import AdminDepositRefundsPage from './admin-deposit-refunds-page';

const STUDY = '7f1c2a9e-3b4d-4e5f-8a6b-1c2d3e4f5a6b';

function payout(over: Partial<DepositPayoutView> = {}): DepositPayoutView {
  return {
    id: 'r-transfer',
    kind: 'SESSION',
    eventId: 'e1',
    sessionDate: '2026-11-20',
    attendance: 'PRESENT',
    amount: 10_000,
    status: 'AWAITING_TRANSFER',
    channel: 'TRANSFER',
    createdAt: '2026-11-20T13:00:00Z',
    doneAt: null,
    studyId: STUDY,
    studyTitle: '테코테코 스프린트',
    userId: 'u-lee',
    user: { id: 'u-lee', name: '이체회원', email: 'lee@example.com' },
    orderId: 'moim-order-7',
    refundAccount: { bank: '모임은행', number: '110-123-456789', holder: '이체회원' },
    failure: null,
    ...over,
  };
}

async function show(path = '/admin/deposit-refunds', lng: 'ko' | 'en' = 'ko') {
  await initTestI18n(lng);
  const router = createMemoryRouter(
    [
      { path: '/admin/deposit-refunds', element: <AdminDepositRefundsPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={newTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** The list as the server keeps it: "sent" and "retry" change it, a second "sent" is refused. */
function server(initial: DepositPayoutView[], opts: { refuseSent?: { ko: string; en: string } } = {}) {
  let rows = initial;
  const handler: FetchHandler = (url, init) => {
    if (url.pathname === '/api/admin/deposit-refunds/studies' && init.method === 'GET') {
      const ids = [...new Set(rows.map((r) => r.studyId))];
      return {
        data: ids.map((id) => {
          const of = rows.filter((r) => r.studyId === id);
          return {
            studyId: id,
            studyTitle: of[0]!.studyTitle,
            awaitingTransfer: of.filter((r) => r.status === 'AWAITING_TRANSFER').length,
            failed: of.filter((r) => r.status === 'FAILED').length,
            total: of.length,
          };
        }),
      };
    }
    if (url.pathname === '/api/admin/deposit-refunds' && init.method === 'GET') {
      const status = url.searchParams.get('status');
      const study = url.searchParams.get('studyId');
      return { data: rows.filter((r) => (!status || r.status === status) && (!study || r.studyId === study)) };
    }
    const sent = /^\/api\/admin\/deposit-refunds\/([^/]+)\/sent$/.exec(url.pathname);
    if (sent && init.method === 'POST') {
      if (opts.refuseSent) {
        const lang = (init.headers as Record<string, string>)['accept-language'] === 'en' ? 'en' : 'ko';
        return { status: 409, error: { code: 'BIZ-3002', message: opts.refuseSent[lang] } };
      }
      rows = rows.map((r) => (r.id === sent[1] ? { ...r, status: 'DONE', doneAt: '2026-11-29T10:00:00Z' } : r));
      return { data: rows.find((r) => r.id === sent[1]) };
    }
    const retry = /^\/api\/admin\/deposit-refunds\/([^/]+)\/retry$/.exec(url.pathname);
    if (retry && init.method === 'POST') {
      rows = rows.map((r) => (r.id === retry[1] ? { ...r, status: 'PENDING', failure: null } : r));
      return { data: { queued: true } };
    }
    return undefined;
  };
  return stubFetch(handler).calls;
}

const posts = (calls: ReturnType<typeof server>) => calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname);
const lists = (calls: ReturnType<typeof server>) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/admin/deposit-refunds').map((c) => c.url.search);

describe('/admin/deposit-refunds', () => {
  it('lists the refunds waiting for a transfer by default, each with its study, member, amount, method, account and dates', async () => {
    const calls = server([
      payout(),
      payout({ id: 'r-bonus', kind: 'BONUS', eventId: null, sessionDate: null, attendance: null, amount: 5_000, refundAccount: null }),
      payout({ id: 'r-done', status: 'DONE', doneAt: '2026-11-21T01:00:00Z' }),
    ]);
    await show();
    const row = await screen.findByTestId('deposit-refund-r-transfer');
    expect(lists(calls)).toEqual(['?status=AWAITING_TRANSFER']);
    expect(screen.queryByTestId('deposit-refund-r-done')).toBeNull();
    const cells = within(row);
    expect(within(cells.getAllByRole('cell')[0]!).getAllByText('테코테코 스프린트')[0]!.closest('.visually-hidden')).toBeNull();
    expect(cells.getByText('lee@example.com')).toBeTruthy();
    expect(cells.getByText('10,000원')).toBeTruthy();
    expect(cells.getByText('회차 환급')).toBeTruthy();
    expect(cells.getByText('계좌 송금')).toBeTruthy();
    expect(cells.getByText('110-123-456789')).toBeTruthy();
    expect(cells.getByText('송금 대기')).toBeTruthy();
    expect(cells.getByText('11월 20일 모임')).toBeTruthy();
    // a bonus whose member gave no refund account says so
    const bonus = within(screen.getByTestId('deposit-refund-r-bonus'));
    expect(bonus.getByText('개근 보너스')).toBeTruthy();
    expect(bonus.getByText('환불 계좌 미등록')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('2건 · 합계 15,000원');
  });

  it('sends the filters the API knows: a status, all statuses, one study picked by its title and what waits in it', async () => {
    const calls = server([payout(), payout({ id: 'r-failed', status: 'FAILED', channel: 'CARD', refundAccount: null })]);
    const router = await show();
    await screen.findByTestId('deposit-refund-r-transfer');

    fireEvent.change(screen.getByLabelText('상태'), { target: { value: 'FAILED' } });
    fireEvent.click(screen.getByRole('button', { name: '적용' }));
    await screen.findByTestId('deposit-refund-r-failed');
    expect(router.state.location.search).toBe('?status=FAILED');
    expect(lists(calls).at(-1)).toBe('?status=FAILED');

    // the picker names each study with what waits in it
    const picker = screen.getByLabelText('스터디') as HTMLSelectElement;
    await waitFor(() =>
      expect([...picker.options].map((o) => o.textContent)).toEqual(['모든 스터디', '테코테코 스프린트 (송금 대기 1 · 실패 1)']),
    );
    fireEvent.change(picker, { target: { value: STUDY } });
    fireEvent.click(screen.getByRole('button', { name: '적용' }));
    await waitFor(() => expect(lists(calls).at(-1)).toBe(`?status=FAILED&studyId=${STUDY}`));
    expect(router.state.location.search).toBe(`?status=FAILED&studyId=${STUDY}`);

    fireEvent.change(screen.getByLabelText('상태'), { target: { value: 'ALL' } });
    fireEvent.change(picker, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '적용' }));
    await screen.findByTestId('deposit-refund-r-transfer');
    expect(lists(calls).at(-1)).toBe('');

    fireEvent.click(screen.getAllByRole('button', { name: /이 스터디만 보기/ })[0]!);
    await waitFor(() => expect(lists(calls).at(-1)).toBe(`?studyId=${STUDY}`));
    expect(router.state.location.search).toBe(`?status=ALL&studyId=${STUDY}`);
  });

  it('says when nothing waits', async () => {
    server([payout({ id: 'r-done', status: 'DONE' })]);
    await show();
    expect(await screen.findByText('송금을 기다리는 환급이 없습니다.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when the list cannot load, and loads it again on request', async () => {
    let fail = true;
    const calls = stubFetch((url) => {
      if (url.pathname !== '/api/admin/deposit-refunds') return undefined;
      return fail ? { status: 500, error: { code: 'SYS-5000', message: '서버 오류가 발생했습니다.' } } : { data: [payout()] };
    }).calls;
    await show('/admin/deposit-refunds?status=FAILED');
    expect(await screen.findByText('서버 오류가 발생했습니다.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    await screen.findByTestId('deposit-refund-r-transfer');
    expect(calls.filter((c) => c.url.pathname === '/api/admin/deposit-refunds')).toHaveLength(2);
    // the picker's own call failed quietly (no handler): the list still works, and says so under the picker
    expect(screen.getByText(/스터디 목록을 불러오지 못했어요/)).toBeTruthy();
  });

  it('marks a transfer as sent only after the confirmation, then the list no longer shows it', async () => {
    const calls = server([payout(), payout({ id: 'r-other', user: { id: 'u-park', name: '박회원', email: null } })]);
    await show();
    const row = await screen.findByTestId('deposit-refund-r-transfer');

    // asking is not sending: cancel leaves everything as it was
    fireEvent.click(within(row).getByRole('button', { name: /송금 완료/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('10,000원 송금을 완료로 기록할까요?')).toBeTruthy();
    expect(within(dialog).getByText('110-123-456789')).toBeTruthy();
    expect(within(dialog).getByText('한 번만 기록되고 되돌릴 수 없어요.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts(calls)).toEqual([]);

    fireEvent.click(within(row).getByRole('button', { name: /송금 완료/ }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '송금 완료로 기록' }));
    await waitFor(() => expect(screen.queryByTestId('deposit-refund-r-transfer')).toBeNull());
    expect(posts(calls)).toEqual(['/api/admin/deposit-refunds/r-transfer/sent']);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByTestId('deposit-refund-r-other')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('1건 · 합계 10,000원');
    // the button that opened the question is gone with its row: the keyboard goes on from the heading
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: '보증금 환급 송금' }));
  });

  it("shows the server's refusal in the reader's language, inside the question", async () => {
    const refuseSent = { ko: '이미 처리된 보증금 환급입니다.', en: 'This deposit refund was already handled.' };
    const calls = server([payout()], { refuseSent });
    await show('/admin/deposit-refunds', 'en');
    const row = await screen.findByTestId('deposit-refund-r-transfer');
    fireEvent.click(within(row).getByRole('button', { name: /Mark as sent/ }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as sent' }));
    expect(await within(dialog).findByText(refuseSent.en)).toBeTruthy();
    expect(posts(calls)).toEqual(['/api/admin/deposit-refunds/r-transfer/sent']);
    // still open: the admin reads why, then closes it
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });

  it('retries a failed card refund and shows it in progress', async () => {
    const failed = payout({
      id: 'r-card',
      status: 'FAILED',
      channel: 'CARD',
      refundAccount: null,
      failure: 'REJECT_CARD_PAYMENT: 카드사에서 거절했습니다.',
    });
    const calls = server([failed]);
    await show('/admin/deposit-refunds?status=ALL');
    const row = await screen.findByTestId('deposit-refund-r-card');
    expect(within(row).getByText('카드 부분 취소')).toBeTruthy();
    expect(within(row).getByText('카드사에서 거절했습니다.')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /송금 완료/ })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: /다시 시도/ }));
    await waitFor(() => expect(within(screen.getByTestId('deposit-refund-r-card')).getByText('처리 중')).toBeTruthy());
    expect(posts(calls)).toEqual(['/api/admin/deposit-refunds/r-card/retry']);
  });
});
