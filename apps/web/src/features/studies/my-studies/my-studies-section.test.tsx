import { MY_STUDY_GROUPS } from '@moim/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeApplication, makeStudy } from '../test-fixtures';
import { renderPage, stubFetch, TEST_USER } from '../../../shared/test/render';
import MyStudiesSection from './my-studies-section';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const emptyGroups = () => Object.fromEntries(MY_STUDY_GROUPS.map((g) => [g, []]));

describe('my studies (GET /api/studies/my?format=grouped)', () => {
  it('renders the nine groups with their explanations and items; awaiting payment links to pay', async () => {
    const paid = makeStudy({ title: '유료 스터디', slug: '4-paid', costType: 'PAID', cost: 30000 });
    const pending = makeStudy({ title: '검토 중 스터디', slug: '5-wait' });
    const leading = makeStudy({ title: '내가 이끄는 스터디', slug: '6-lead', enrolled: 4 });
    const done = makeStudy({ title: '끝난 스터디', slug: '7-done', status: 'COMPLETED' });
    const groups = {
      ...emptyGroups(),
      awaitingPayment: [
        {
          study: paid,
          membership: null,
          application: makeApplication(paid, { status: 'ACCEPTED', amountDue: 30000, paymentDeadline: '2099-12-03T03:00:00.000Z' }),
        },
      ],
      pending: [{ study: pending, membership: null, application: makeApplication(pending) }],
      leading: [{ study: leading, membership: null, application: null }],
      completed: [{ study: done, membership: null, application: null }],
    };
    const { calls } = stubFetch((url) =>
      url.pathname === '/api/studies/my'
        ? { data: { format: 'grouped', groups } }
        : url.pathname.endsWith('/reviews/mine')
          ? { data: null }
          : undefined,
    );
    await renderPage(<MyStudiesSection />, { user: TEST_USER });

    expect(await screen.findByRole('heading', { level: 2, name: '내 스터디' })).toBeTruthy();
    expect(calls[0]!.url.search).toBe('?format=grouped');
    // groups with items first (in SPEC order), then the empty ones, each with its explanation
    const headings = (await screen.findAllByRole('heading', { level: 3 })).map((h) => h.textContent?.replace(/\s*\d+$/, ''));
    expect(headings).toEqual(['지원 검토 중', '결제 대기', '운영 중', '완료', '다른 분류']);
    const others = within(screen.getByRole('region', { name: '다른 분류' }));
    for (const title of ['제안한 스터디', '입금 확인 중', '참여 확정', '참여 중', '지난 기록'])
      expect(others.getByText(title)).toBeTruthy();
    for (const explain of [
      '지원이 수락됐어요! 결제 기한 안에 결제하면 참여가 확정돼요.',
      '리더가 지원서를 검토하고 있어요. 결과는 알림으로 알려드려요.',
      '거절·취소·만료·환불되었거나 그만둔 스터디예요.',
      '내가 제안해 관리자 승인을 기다리거나 반려된 스터디예요.',
    ])
      expect(screen.getByText(explain)).toBeTruthy();

    const payGroup = screen.getByRole('region', { name: /결제 대기/ });
    expect(within(payGroup).getByRole('link', { name: '유료 스터디' }).getAttribute('href')).toBe('/study/4-paid');
    expect(within(payGroup).getByText(/30,000원/)).toBeTruthy();
    expect(within(payGroup).getByRole('button', { name: '결제하기' }).getAttribute('aria-expanded')).toBe('false');
    expect(within(payGroup).getByRole('link', { name: '결제 페이지' }).getAttribute('href')).toBe(
      `/payment/checkout?studyId=${paid.id}&applicationId=${groups.awaitingPayment[0]!.application.applicationId}`,
    );

    const pendingGroup = screen.getByRole('region', { name: /지원 검토 중/ });
    expect(within(pendingGroup).getByRole('button', { name: '지원 취소' })).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: /운영 중/ }))
        .getByRole('link', { name: '스터디 관리' })
        .getAttribute('href'),
    ).toBe(`/study/${leading.id}/manage`);
    expect(await within(screen.getByRole('region', { name: /^완료/ })).findByRole('link', { name: '후기 쓰기' })).toBeTruthy();
  });

  it('a completed study already reviewed shows "reviewed" and a link to the review, not the write button', async () => {
    const done = makeStudy({ title: '끝난 스터디', status: 'COMPLETED' });
    const groups = { ...emptyGroups(), completed: [{ study: done, membership: null, application: null }] };
    stubFetch((url) =>
      url.pathname === '/api/studies/my'
        ? { data: { format: 'grouped', groups } }
        : url.pathname === `/api/studies/${done.id}/reviews/mine`
          ? {
              data: {
                id: 'rev-1',
                studyId: done.id,
                author: { id: TEST_USER.id, name: TEST_USER.name, profileImage: null },
                rating: 5,
                text: '',
                tags: [],
                createdAt: '2026-01-01T00:00:00Z',
                updatedAt: '2026-01-01T00:00:00Z',
              },
            }
          : undefined,
    );
    await renderPage(<MyStudiesSection />, { user: TEST_USER });
    const link = await screen.findByRole('link', { name: '내 후기 보기' });
    expect(link.getAttribute('href')).toMatch(/#review-rev-1$/);
    expect(screen.getByText('후기 작성함')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '후기 쓰기' })).toBeNull();
  });

  it('shows the empty state when every group is empty', async () => {
    stubFetch((url) => (url.pathname === '/api/studies/my' ? { data: { format: 'grouped', groups: emptyGroups() } } : undefined));
    await renderPage(<MyStudiesSection />, { user: TEST_USER });
    expect(await screen.findByText('아직 함께하는 스터디가 없어요')).toBeTruthy();
  });

  it('shows the error state with a retry button', async () => {
    stubFetch((url) => (url.pathname === '/api/studies/my' ? { status: 500, error: { code: 'SYS-5001', message: 'boom' } } : undefined));
    await renderPage(<MyStudiesSection />, { user: TEST_USER });
    expect(await screen.findByRole('button', { name: '다시 시도' })).toBeTruthy();
  });

  it("says why a cancellation was refused in the server's own words (never the code's generic sentence)", async () => {
    const pending = makeStudy({ title: '검토 중 스터디', slug: '5-wait' });
    const groups = { ...emptyGroups(), pending: [{ study: pending, membership: null, application: makeApplication(pending) }] };
    stubFetch((url, init) =>
      url.pathname === '/api/studies/my'
        ? { data: { format: 'grouped', groups } }
        : init.method === 'DELETE'
          ? { status: 409, error: { code: 'BIZ-3002', message: '이미 처리된 지원서입니다.' } }
          : undefined,
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await renderPage(<MyStudiesSection />, { user: TEST_USER });
    fireEvent.click(await screen.findByRole('button', { name: '지원 취소' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('이미 처리된 지원서입니다.');
    vi.restoreAllMocks();
  });
});
