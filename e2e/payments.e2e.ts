/**
 * Paying for a study in Chromium, in test mode, on the built platform:
 *  1. a member applies to a paid study (UI), the leader accepts (API), the member pays with the
 *     approving test card on the built-in gateway's checkout page (UI) → confirmed, and the study
 *     page shows them as a member;
 *  2. a second member chooses bank transfer and reports the deposit (UI); the admin confirms it in
 *     the back office (UI) → confirmed;
 *  3. a third pays with the declined card, sees the failure page, retries with the approving card;
 *  4. the test item bought by card at http://localhost:PORT (the others browse at 127.0.0.1 while
 *     PUBLIC_URL says localhost): the gateway returns to the address the buyer opened;
 *  5. the gateway's checkout page draws its Hangul in the app's Pretendard (no system font needed),
 *     at 1280 and 390 px.
 * Driven through the API from the test: sign-up/login tokens, finding the paid demo study (else
 * leader@moim.dev proposes one and the admin approves it), the leader's accept; members 2 and 3
 * start signed in (the session put in localStorage as the web app stores it).
 */
import { STORAGE_KEYS, TEST_CARDS, addDays, seoulDate } from '@moim/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { altBaseURL, baseURL, useBrowser } from './support/browser.ts';
import { apiLogin } from './support/accounts.ts';

const b = useBrowser();

interface Session {
  accessToken: string;
  refreshToken: string;
  user: { id: string; email: string; name: string; roles: string[]; systemRole?: string };
}

async function call<T>(
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; data: T; error?: { code: string; message: string } }> {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T; error?: { code: string; message: string } };
  return { status: res.status, data: json.data, error: json.error };
}

async function login(email: string, password: string): Promise<Session> {
  // the demo admin has a second factor: the shared helper completes its second step
  return (await apiLogin(email, password)) as unknown as Session;
}

let seq = 0;
async function register(name: string): Promise<Session & { password: string }> {
  const password = `moim-e2e-${Date.now().toString(36)}-pw!`;
  const email = `pay-e2e-${Date.now().toString(36)}-${seq++}@example.com`;
  const r = await call<Session>('POST', '/api/users/register', undefined, { email, password, name });
  expect(r.status, JSON.stringify(r.error)).toBeLessThan(300);
  return { ...r.data, password };
}

/** A signed-in browser: the session as the web app stores it (SPEC §9 storage keys). */
async function signIn(page: Page, s: Session) {
  await page.addInitScript(
    ([keys, session]) => {
      localStorage.setItem(keys.authToken, session.accessToken);
      localStorage.setItem(keys.refreshToken, session.refreshToken);
      localStorage.setItem(keys.user, JSON.stringify(session.user));
    },
    [{ authToken: STORAGE_KEYS.authToken, refreshToken: STORAGE_KEYS.refreshToken, user: STORAGE_KEYS.user }, s] as const,
  );
}

/** Log in through the login page. */
async function loginThroughUi(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('이메일').fill(email);
  await page.getByLabel('비밀번호', { exact: true }).fill(password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 15_000 });
}

let admin: Session;
let leader: Session;
let studyId: string;
let cost: number;
let studyLeader: Session;
let questions: Array<{ id: string; text: string }> = [];

/**
 * The paid demo study (seeded "클린 아키텍처 북클럽", or any recruiting PAID study) and its leader,
 * signed in with the demo password pattern of the README; without one, leader@moim.dev proposes a
 * paid study and the admin approves it.
 */
async function findOrMakePaidStudy(): Promise<{ id: string; cost: number; leader: Session }> {
  type Listed = { id: string; cost: number; costType: string; applicability: { canApply: boolean }; leader: { id: string } };
  const list = await call<{ content: Listed[] }>('GET', '/api/studies/paged?costType=PAID&recruiting=true&size=50');
  const seeded = list.data?.content?.find((s) => s.costType === 'PAID' && s.cost > 0 && s.applicability.canApply);
  if (seeded) {
    const who = await call<{ email: string }>('GET', `/api/admin/users/${seeded.leader.id}`, admin.accessToken);
    const local = who.data?.email?.split('@')[0];
    if (who.data?.email?.endsWith('@moim.dev') && local) {
      const r = await call<Session>('POST', '/api/auth/login', undefined, { email: who.data.email, password: `moim-${local}-2026!` });
      if (r.status === 200) return { id: seeded.id, cost: seeded.cost, leader: r.data };
    }
  }
  return { ...(await makePaidStudy(`결제 e2e 스터디 ${Date.now().toString(36)}`, 20)), leader };
}

/** leader@moim.dev proposes a paid study (30,000 won) and the admin approves it. */
async function makePaidStudy(title: string, capacity: number): Promise<{ id: string; cost: number }> {
  const today = seoulDate(new Date());
  const start = addDays(today, 21);
  const created = await call<{ id: string; cost: number }>('POST', '/api/studies', leader.accessToken, {
    title,
    generation: 1,
    type: 'PARTICIPATORY',
    welcomeMessage: '함께 공부해요!',
    scheduleDetails: { weekdays: ['THU'], startTime: '20:00', endTime: '22:00' },
    location: { type: 'ONLINE' },
    capacity,
    recruitDeadline: addDays(today, 14),
    startDate: start,
    endDate: addDays(start, 28),
    recurrenceType: 'WEEKLY',
    costType: 'PAID',
    cost: 30_000,
  });
  expect(created.status, JSON.stringify(created.error)).toBe(201);
  const approved = await call('POST', `/api/studies/${created.data.id}/status`, admin.accessToken, { action: 'APPROVE' });
  expect(approved.status, JSON.stringify(approved.error)).toBe(200);
  return { id: created.data.id, cost: created.data.cost };
}

async function applyByApi(s: Session): Promise<string> {
  const r = await call<{ applicationId: string }>('POST', `/api/studies/${studyId}/applications`, s.accessToken, {
    motivation: '결제 흐름을 끝까지 확인하고 싶어요.',
    answers: questions.map((q) => ({ questionId: q.id, answer: '경계와 의존성 규칙이요.' })),
  });
  expect(r.status, JSON.stringify(r.error)).toBe(201);
  return r.data.applicationId;
}

async function accept(applicationId: string) {
  const r = await call('POST', `/api/studies/${studyId}/applications/${applicationId}/accept`, studyLeader.accessToken, {});
  expect(r.status, JSON.stringify(r.error)).toBe(200);
}

async function applicationStatus(s: Session, applicationId: string): Promise<string> {
  return (await call<{ status: string }>('GET', `/api/studies/${studyId}/applications/${applicationId}`, s.accessToken)).data.status;
}

/** On the built-in gateway's hosted page: enter a card and pay. */
async function payOnGateway(page: Page, card: string) {
  await page.waitForURL(/\/api\/payments\/test-gateway\/checkout/, { timeout: 15_000 });
  await page.getByRole('heading', { name: 'moim 테스트 결제' }).waitFor();
  await page.getByLabel('카드 번호').fill(card);
  await page.getByRole('button', { name: /결제하기/ }).click();
}

const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;

beforeAll(async () => {
  admin = await login('admin@moim.dev', 'moim-admin-2026!');
  leader = await login('leader@moim.dev', 'moim-leader-2026!');
  ({ id: studyId, cost, leader: studyLeader } = await findOrMakePaidStudy());
  questions = (await call<{ questions: Array<{ id: string; text: string }> }>('GET', `/api/studies/${studyId}`)).data.questions;
});

describe('payments', () => {
  it('card: apply → accepted → pay with 4242… → confirmed, shown as a member', async () => {
    const m = await register('카드결제회원');
    const page = b.page;
    const errors: string[] = [];
    page.on('console', (msg) => msg.type() === 'error' && /Content Security Policy|Refused to/.test(msg.text()) && errors.push(msg.text()));
    await loginThroughUi(page, m.user.email, m.password);

    // Apply through the study's apply page.
    await page.goto(`/study/${studyId}/apply`);
    await page.getByLabel('지원 동기').fill('결제 흐름을 끝까지 확인하고 싶어요.');
    for (const q of questions) await page.getByLabel(q.text).fill('경계와 의존성 규칙이요.');
    await page.getByRole('button', { name: '지원서 보내기' }).click();
    await page.getByText('지원서를 보냈어요!').waitFor();
    const apps = await call<Array<{ applicationId: string; studyId: string }>>('GET', '/api/studies/my/applications', m.accessToken);
    const applicationId = apps.data.find((a) => a.studyId === studyId)!.applicationId;
    await accept(applicationId);

    // From "my studies" to the pay panel.
    await page.goto('/users/me');
    const payLink = page.locator(`a[href*="applicationId=${applicationId}"]`);
    await payLink.first().click();
    await page.getByTestId('pay-panel').waitFor();
    await page.getByText(won(cost)).first().waitFor();
    await page.getByRole('button', { name: `${won(cost)} 결제하기` }).click();
    await payOnGateway(page, TEST_CARDS[0].number);

    await page.waitForURL(/\/payment\/success\?/);
    await page.getByRole('heading', { name: '결제 완료' }).waitFor({ timeout: 20_000 });
    await page.getByText(/참여가 확정되었습니다/).waitFor();
    expect(await applicationStatus(m, applicationId)).toBe('CONFIRMED');

    // Opening the success page again shows the same result.
    await page.reload();
    await page.getByRole('heading', { name: '결제 완료' }).waitFor({ timeout: 20_000 });

    await page.getByRole('link', { name: '스터디로 가기' }).click();
    await page.getByText('참여 중인 스터디예요').first().waitFor({ timeout: 20_000 });
    const members = await call<{ content: Array<{ memberId: string }> }>(
      'GET',
      `/api/studies/${studyId}/members?active=true&size=100`,
      m.accessToken, // only members (and the leader, admins) may list them
    );
    expect(members.status, JSON.stringify(members.error)).toBe(200);
    expect(members.data.content.map((x) => x.memberId)).toContain(m.user.id);
    expect(errors).toEqual([]);
  });

  it('bank transfer: account details → "I have sent it" → the admin confirms in the back office', async () => {
    const m = await register('계좌이체회원');
    const applicationId = await applyByApi(m);
    await accept(applicationId);
    const page = b.page;
    await signIn(page, m);
    await page.goto(`/payment/checkout?studyId=${studyId}&applicationId=${applicationId}`);
    await page.getByTestId('pay-panel').waitFor();
    await page.getByTestId('pay-panel').getByRole('radio', { name: '계좌이체' }).check();
    await page.getByRole('button', { name: `${won(cost)} 결제하기` }).click();

    await page.waitForURL(/\/payment\/account-info\?orderId=/);
    await page.getByRole('heading', { name: '계좌이체 안내' }).waitFor();
    await page.getByText('123-456-789012').waitFor();
    const orderId = new URL(page.url()).searchParams.get('orderId')!;
    await page.getByRole('button', { name: '입금했어요' }).click();
    await page.waitForURL(/\/payment\/pending\?orderId=/);
    await page
      .getByTestId('pay-pending-state')
      .getByText(/운영자가 입금을 확인하면/)
      .waitFor();
    expect(await applicationStatus(m, applicationId)).toBe('PAYMENT_PENDING');

    // The admin, in the back office.
    const adminCtx = await b.browser.newContext({ baseURL, locale: 'ko-KR' });
    const ap = await adminCtx.newPage();
    await signIn(ap, admin);
    await ap.goto(`/admin/payments?method=BANK_TRANSFER&status=WAITING_FOR_DEPOSIT&q=${orderId}`);
    await ap.getByRole('heading', { name: '결제 내역' }).waitFor();
    await ap
      .getByRole('link', { name: /참가비/ })
      .first()
      .click();
    await ap.getByRole('heading', { name: '입금 확인' }).waitFor();
    await ap.getByRole('button', { name: '입금 확인 → 참여 확정' }).click();
    // it reaches the payer: asked first, naming them
    const ask = ap.getByRole('alertdialog', { name: /입금을 확인하고 참여를 확정할까요\?$/ });
    await ask.getByText(/님에게 참여 확정 소식이 알림과 메일로 가요\./).waitFor();
    await ask.getByRole('button', { name: '입금 확인 → 참여 확정' }).click();
    await ap.getByText('결제 완료').first().waitFor();
    await ap.getByText('DEPOSIT_CONFIRMED').waitFor();
    await adminCtx.close();

    expect(await applicationStatus(m, applicationId)).toBe('CONFIRMED');
    await page.reload();
    await page.getByText('입금이 확인되어 참여가 확정되었습니다.').waitFor({ timeout: 20_000 });
  });

  it('declined card → failure page with the reason → retry with the approving card', async () => {
    const m = await register('거절카드회원');
    const applicationId = await applyByApi(m);
    await accept(applicationId);
    const page = b.page;
    await signIn(page, m);
    await page.goto(`/payment/checkout?studyId=${studyId}&applicationId=${applicationId}`);
    await page.getByRole('button', { name: `${won(cost)} 결제하기` }).click();
    await payOnGateway(page, TEST_CARDS[1].number);

    await page.waitForURL(/\/payment\/fail\?/, { timeout: 20_000 });
    await page.getByRole('heading', { name: '결제 실패' }).waitFor();
    expect(await page.getByTestId('pay-fail-reason').textContent()).toBe('한도초과 혹은 잔액부족으로 결제에 실패했습니다.');
    expect(await applicationStatus(m, applicationId)).toBe('ACCEPTED');

    await page.getByRole('link', { name: '다시 결제하기' }).click();
    await page
      .getByTestId('pay-panel')
      .getByText(/지난 결제 시도가 실패했습니다/)
      .waitFor();
    await page.getByRole('button', { name: `${won(cost)} 결제하기` }).click();
    await payOnGateway(page, TEST_CARDS[0].number);
    await page.getByRole('heading', { name: '결제 완료' }).waitFor({ timeout: 20_000 });
    expect(await applicationStatus(m, applicationId)).toBe('CONFIRMED');
  });

  it('a full paid study: the one in line is offered the seat that frees, is told, and pays it themselves', async () => {
    const full = await makePaidStudy(`대기 e2e 스터디 ${Date.now().toString(36)}`, 1);
    // the one seat is held by an accepted applicant who has not paid yet
    const holder = await register('자리주인');
    const held = await call<{ applicationId: string }>('POST', `/api/studies/${full.id}/applications`, holder.accessToken, {
      motivation: '대기 흐름을 확인해요.',
      answers: [],
    });
    expect(held.status, JSON.stringify(held.error)).toBe(201);
    const accepted = await call('POST', `/api/studies/${full.id}/applications/${held.data.applicationId}/accept`, leader.accessToken, {});
    expect(accepted.status, JSON.stringify(accepted.error)).toBe(200);

    // the next person joins the line from the study page, on a phone
    const m = await register('대기회원');
    const page = b.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, m);
    await page.goto(`/study/${full.id}`);
    await page.getByRole('link', { name: '대기자 명단에 등록' }).first().click();
    await page.getByText(/기한 안에 직접 30,000원을 결제해야 참여가 확정되고/).waitFor();
    await page.getByLabel('지원 동기').fill('자리가 나면 꼭 함께하고 싶어요.');
    await page.getByRole('button', { name: '대기자 명단에 등록' }).click();
    await page.getByText('대기자 명단에 등록했어요!').waitFor();
    await page.goto(`/study/${full.id}`);
    await page.getByText('대기 1번째 · 1명 대기 중').first().waitFor();
    expect(await page.getByTestId('notification-bell').getAttribute('aria-label')).toBe('알림');

    // the holder lets the seat go: the offer reaches the open page without a reload
    const cancelled = await call(
      'DELETE',
      `/api/studies/${full.id}/applications/${held.data.applicationId}?applicantId=${holder.user.id}`,
      holder.accessToken,
    );
    expect(cancelled.status, JSON.stringify(cancelled.error)).toBe(200);
    await page.waitForFunction(
      () => /읽지 않음/.test(document.querySelector('[data-testid="notification-bell"]')?.getAttribute('aria-label') ?? ''),
      undefined,
      { timeout: 15_000 },
    );
    await page.getByTestId('notification-bell').click();
    const offer = page.getByRole('button', { name: /대기 순서가 되어 자리가 났습니다/ });
    await offer.first().click();
    await page.waitForURL((u) => u.pathname === `/study/${full.id}/apply`);

    // nothing was charged: they pay themselves, with the approving card
    const mine = await call<Array<{ applicationId: string; studyId: string; status: string }>>(
      'GET',
      '/api/studies/my/applications',
      m.accessToken,
    );
    const offered = mine.data.find((a) => a.studyId === full.id)!;
    expect(offered.status).toBe('ACCEPTED');
    await page.getByRole('heading', { name: '참가비 결제' }).waitFor();
    await page.getByText('자리가 확보됐어요').waitFor();
    await page.getByRole('link', { name: '참가비 결제하기' }).click();
    await page.getByRole('button', { name: `${won(full.cost)} 결제하기` }).click();
    await payOnGateway(page, TEST_CARDS[0].number);
    await page.getByRole('heading', { name: '결제 완료' }).waitFor({ timeout: 20_000 });
    const after = await call<{ status: string }>('GET', `/api/studies/${full.id}/applications/${offered.applicationId}`, m.accessToken);
    expect(after.data.status).toBe('CONFIRMED');
    const line = await call<{ length: number; position: number | null }>('GET', `/api/studies/${full.id}/waitlist/me`, m.accessToken);
    expect(line.data).toMatchObject({ length: 0, position: null });
  });

  it('card at the other address (localhost): the gateway returns to the address the buyer opened', async () => {
    const m = await register('다른주소회원');
    const page = b.page;
    const refused: string[] = [];
    page.on(
      'console',
      (msg) => msg.type() === 'error' && /Content Security Policy|Refused to/.test(msg.text()) && refused.push(msg.text()),
    );
    await signIn(page, m);
    await page.goto(`${altBaseURL}/checkout/test`);
    await page.getByRole('button', { name: /결제하기/ }).click();
    await payOnGateway(page, TEST_CARDS[0].number);
    await page.waitForURL((u) => u.origin === altBaseURL && u.pathname === '/payment/success', { timeout: 20_000 });
    await page.getByRole('heading', { name: '결제 완료' }).waitFor({ timeout: 20_000 });
    expect(refused).toEqual([]);
  });

  it("the gateway's checkout page draws its Korean text in the app's Pretendard, at 1280 and 390 px", async () => {
    const m = await register('글꼴확인회원');
    const page = b.page;
    const refused: string[] = [];
    page.on(
      'console',
      (msg) => msg.type() === 'error' && /Content Security Policy|Refused to/.test(msg.text()) && refused.push(msg.text()),
    );
    await signIn(page, m);
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/checkout/test');
      await page.getByRole('button', { name: /결제하기/ }).click();
      await page.waitForURL(/\/api\/payments\/test-gateway\/checkout/, { timeout: 15_000 });
      const heading = page.getByRole('heading', { name: 'moim 테스트 결제' });
      await heading.waitFor();
      const font = await page.evaluate(async () => {
        const faces = await document.fonts.load('16px "Pretendard Variable"', '결제');
        return {
          faces: faces.length,
          check: document.fonts.check('16px "Pretendard Variable"', '결제'),
          family: getComputedStyle(document.querySelector('h1')!).fontFamily,
        };
      });
      expect(font.faces).toBeGreaterThan(0);
      expect(font.check).toBe(true);
      expect(font.family).toMatch(/^"?Pretendard Variable"?/);
      // to look at: the Hangul drawn, not boxes (e2e/artifacts/, not kept in git)
      await page.screenshot({
        path: new URL(`../e2e/artifacts/checkout-font-${viewport.width}.png`, import.meta.url).pathname,
        fullPage: true,
      });
    }
    expect(refused).toEqual([]);
  });
});
