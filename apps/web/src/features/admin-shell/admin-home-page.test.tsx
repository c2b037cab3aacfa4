/**
 * The back office's home: each to-do card shows what waits (from /api/admin/overview) and opens
 * the page where it is done; an overview that fails says so instead of showing zeros.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, stubFetch } from '../../shared/test/render';
import AdminHomePage from './admin-home-page';

const OVERVIEW = { pendingStudyApprovals: 2, depositsToConfirm: 1, refundsToDecide: 0, depositPayoutsToSend: 3, depositRefundsFailed: 1 };

function page() {
  return { content: [], totalElements: 0, totalPages: 0, number: 0, size: 1, first: true, last: true, empty: true };
}

describe('/admin (home)', () => {
  it('counts what waits, deposit payouts included, and each card opens its page', async () => {
    stubFetch((url) => {
      if (url.pathname === '/api/admin/overview') return { data: OVERVIEW };
      if (url.pathname === '/api/admin/users' || url.pathname === '/api/admin/mail-outbox') return { data: page() };
      return undefined;
    });
    await renderPage(<AdminHomePage />, { path: '/admin' });
    const card = async (key: keyof typeof OVERVIEW) => {
      const el = await screen.findByTestId(`admin-waiting-${key}`);
      await within(el).findByText(String(OVERVIEW[key]));
      return el;
    };
    expect((await card('depositPayoutsToSend')).getAttribute('href')).toBe('/admin/deposit-refunds');
    expect(within(await card('depositPayoutsToSend')).getByText('보증금 송금')).toBeTruthy();
    expect((await card('depositRefundsFailed')).getAttribute('href')).toBe('/admin/deposit-refunds?status=FAILED');
    expect((await card('pendingStudyApprovals')).getAttribute('href')).toBe('/admin/studies');
    expect(within(await card('refundsToDecide')).getByText('0')).toBeTruthy();
  });

  it('says the figures could not be loaded rather than showing zeros', async () => {
    stubFetch((url) => (url.pathname === '/api/admin/overview' ? { status: 500, error: { code: 'SYS-5001', message: 'x' } } : undefined));
    await renderPage(<AdminHomePage />, { path: '/admin' });
    const el = await screen.findByTestId('admin-waiting-depositPayoutsToSend');
    await screen.findByText(/불러오지 못했|could not/i);
    expect(within(el).queryByText('0')).toBeNull();
  });
});
