import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addDays, seoulDate } from '@moim/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderPage, stubFetch, TEST_USER } from '../../../../shared/test/render';
import { makeStudy } from '../../test-fixtures';
import ProposePage from './propose-page';

const realFetch = globalThis.fetch;
beforeEach(() => sessionStorage.clear());
afterEach(() => {
  globalThis.fetch = realFetch;
});

const rulesBox = () => screen.getByText('이 단계의 규칙').parentElement!;
const ruleItem = (text: string) => within(rulesBox()).getByText(text).closest('li')!;

describe('propose form: step validation shows the rules', () => {
  it('ticks the title rule live and blocks "next" with the field error', async () => {
    stubFetch(() => undefined);
    await renderPage(<ProposePage />, { user: TEST_USER });
    const title = await screen.findByLabelText(/스터디 이름/);
    expect(ruleItem('스터디 이름은 2–255자').className).toBe('is-broken');

    fireEvent.change(title, { target: { value: '가' } });
    expect(ruleItem('스터디 이름은 2–255자').className).toBe('is-broken');
    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    expect(await screen.findByText('2자 이상 입력해 주세요.')).toBeTruthy();
    expect(title.getAttribute('aria-invalid')).toBe('true');
    // still on step 1
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('기본 정보');

    fireEvent.change(title, { target: { value: '테코테코 알고리즘' } });
    await waitFor(() => expect(ruleItem('스터디 이름은 2–255자').className).toBe('is-ok'));
    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('일정과 주기'));
  });

  it('shows the cross-field schedule rules (end before start, deadline after start)', async () => {
    stubFetch(() => undefined);
    await renderPage(<ProposePage />, { user: TEST_USER });
    fireEvent.change(await screen.findByLabelText(/스터디 이름/), { target: { value: '데브로그' } });
    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    const start = await screen.findByLabelText(/시작일/);
    const startValue = (start as HTMLInputElement).value;
    fireEvent.change(screen.getByLabelText(/종료일/), { target: { value: addDays(startValue, -3) } });
    fireEvent.change(screen.getByLabelText(/모집 마감일/), { target: { value: addDays(startValue, 2) } });

    await waitFor(() => expect(ruleItem('종료일은 시작일과 같거나 이후여야 합니다.').className).toBe('is-broken'));
    expect(ruleItem('모집 마감일은 시작일과 같거나 이전이어야 합니다.').className).toBe('is-broken');
    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    const alerts = await screen.findAllByRole('alert');
    const texts = alerts.map((a) => a.textContent);
    expect(texts).toContain('종료일은 시작일과 같거나 이후여야 합니다.');
    expect(texts).toContain('모집 마감일은 시작일과 같거나 이전이어야 합니다.');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('일정과 주기');
  });

  it('flags a start date in the past', async () => {
    stubFetch(() => undefined);
    await renderPage(<ProposePage />, { user: TEST_USER });
    fireEvent.change(await screen.findByLabelText(/스터디 이름/), { target: { value: '데브로그' } });
    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    const yesterday = addDays(seoulDate(new Date()), -1);
    fireEvent.change(await screen.findByLabelText(/시작일/), { target: { value: yesterday } });
    await waitFor(() => expect(ruleItem('시작일은 오늘 이후여야 합니다.').className).toBe('is-broken'));
  });

  it('requires a fee for a paid study and sends a valid proposal to POST /api/studies', async () => {
    const { calls } = stubFetch((url, init) =>
      url.pathname === '/api/studies' && init.method === 'POST'
        ? { status: 201, data: makeStudy({ id: 'x', slug: '1-new-study', title: 'New' }) }
        : undefined,
    );
    await renderPage(<ProposePage />, {
      user: TEST_USER,
      path: '/study/propose',
      routes: [
        { path: '/study/propose', element: <ProposePage /> },
        { path: '/study/:id', element: <p>study page</p> },
      ],
    });
    fireEvent.change(await screen.findByLabelText(/스터디 이름/), { target: { value: '새 스터디' } });
    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    await screen.findByLabelText(/시작일/);
    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    // capacity & cost
    fireEvent.click(await screen.findByLabelText('유료'));
    await waitFor(() => expect(ruleItem('무료가 아니면 참가비(원)를 입력해야 합니다 (최대 10,000,000원).').className).toBe('is-broken'));
    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    expect(await screen.findByText('유료 스터디는 비용(원)을 입력해야 합니다.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/참가비/), { target: { value: '30000' } });
    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    // welcome
    const welcome = await screen.findByLabelText(/환영 인사/);
    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    expect(await screen.findByText('5자 이상 입력해 주세요.')).toBeTruthy();
    fireEvent.change(welcome, { target: { value: '함께 성장해요!' } });
    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    // review → submit
    fireEvent.click(await screen.findByRole('button', { name: '제안 보내기' }));
    expect(await screen.findByText('study page')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({
      title: '새 스터디',
      costType: 'PAID',
      cost: 30000,
      welcomeMessage: '함께 성장해요!',
      recurrenceType: 'WEEKLY',
    });
  });

  it("puts the server's field errors on their fields, on the step that holds them", async () => {
    stubFetch((url, init) =>
      url.pathname === '/api/studies' && init.method === 'POST'
        ? {
            status: 400,
            error: {
              code: 'VAL-2004',
              message: '입력값이 허용 범위를 벗어났습니다. (body.recruitDeadline: 모집 마감일은 1년 안이어야 합니다.)',
              details: {
                fields: [{ path: 'body.recruitDeadline', code: 'out_of_range', message: '모집 마감일은 1년 안이어야 합니다.' }],
              },
            },
          }
        : undefined,
    );
    await renderPage(<ProposePage />, { user: TEST_USER });
    fireEvent.change(await screen.findByLabelText(/스터디 이름/), { target: { value: '새 스터디' } });
    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    await screen.findByLabelText(/시작일/);
    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    await screen.findByLabelText('유료');
    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    fireEvent.change(await screen.findByLabelText(/환영 인사/), { target: { value: '함께 성장해요!' } });
    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    fireEvent.click(await screen.findByRole('button', { name: '제안 보내기' }));

    // back on the schedule step, the message next to the deadline
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('일정과 주기'));
    const deadline = screen.getByLabelText(/모집 마감일/);
    expect(deadline.getAttribute('aria-invalid')).toBe('true');
    const described = (deadline.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('모집 마감일은 1년 안이어야 합니다.');
  });
});
