/**
 * Check-in through the real built site: a study whose session starts now (made through the API:
 * proposed by the leader, approved by the admin, joined by a member); the leader opens the
 * check-in screen in one browser context and reads the six digits; the member, on a phone-sized
 * page (390×844) in another context, types them on the study's check-in page; the leader's room
 * shows the member as present (it polls every few seconds).
 */
import { describe, expect, it } from 'vitest';
import { DEMO, apiJson, apiLogin, signIn } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';

const b = useBrowser();

/** Seoul's date and time of day now (the session starts at this minute). */
function seoulNow() {
  const s = new Date(Date.now() + 9 * 3_600_000).toISOString();
  return { date: s.slice(0, 10), time: s.slice(11, 16) };
}
const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;

describe('check-in', () => {
  it('the leader shows the code; a member types it on a phone; the leader’s room shows the member', async () => {
    const leader = await apiLogin(DEMO.leader.email, DEMO.leader.password);
    const admin = await apiLogin(DEMO.admin.email, DEMO.admin.password);
    const member = await apiLogin(DEMO.member.email, DEMO.member.password);
    const { date, time } = seoulNow();
    const end = time < '23:00' ? `${String(Number(time.slice(0, 2)) + 1).padStart(2, '0')}:${time.slice(3)}` : '23:59';
    const title = `E2E 출석 체크 ${Date.now().toString(36)}`;
    const proposed = await apiJson<{ id: string; slug: string }>('/api/studies', {
      method: 'POST',
      token: leader.accessToken,
      body: JSON.stringify({
        title,
        generation: 1,
        tagline: '출석 체크를 시험하는 스터디',
        type: 'ONE_TIME',
        welcomeMessage: '어서 오세요!',
        scheduleDetails: { weekdays: [WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()]], startTime: time, endTime: end },
        location: { type: 'OFFLINE', address: '판교역 스터디룸' },
        capacity: 5,
        recruitDeadline: date,
        startDate: date,
        endDate: date,
        recurrenceType: 'ONE_TIME',
        costType: 'FREE',
      }),
    });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    const study = proposed.body.data;
    const approve = await apiJson(`/api/studies/${study.id}/status`, {
      method: 'POST',
      token: admin.accessToken,
      body: JSON.stringify({ action: 'APPROVE' }),
    });
    expect(approve.status, JSON.stringify(approve.body)).toBe(200);
    const applied = await apiJson<{ applicationId: string }>(`/api/studies/${study.id}/applications`, {
      method: 'POST',
      token: member.accessToken,
      body: JSON.stringify({ motivation: '출석 체크를 해 보고 싶어요.' }),
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const accepted = await apiJson(`/api/studies/${study.id}/applications/${applied.body.data.applicationId}/accept`, {
      method: 'POST',
      token: leader.accessToken,
      body: '{}',
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);

    // the leader's screen
    await signIn(b.context, leader);
    const lp = b.page;
    await lp.goto(`/study/${study.id}/manage?tab=checkIn`);
    const codeEl = lp.getByTestId('check-in-code');
    await codeEl.waitFor({ timeout: 30_000 });
    await lp.getByRole('img', { name: /QR/ }).waitFor();
    const room = lp.getByTestId('check-in-room');
    await room.getByText('미기록').first().waitFor();

    // the member's phone
    const phone = await b.browser.newContext({
      baseURL: new URL(lp.url()).origin,
      viewport: { width: 390, height: 844 },
      locale: 'ko-KR',
      isMobile: true,
      hasTouch: true,
    });
    try {
      await signIn(phone, member);
      const mp = await phone.newPage();
      await mp.goto(`/study/${encodeURIComponent(study.slug)}/check-in`);
      const input = mp.getByLabel('출석 코드 6자리');
      await input.waitFor({ timeout: 30_000 });
      // a wrong code is refused with the server's message
      const code = ((await codeEl.textContent()) ?? '').replace(/\D/g, '');
      expect(code).toMatch(/^\d{6}$/);
      const wrong = code === '000000' ? '111111' : '000000';
      await input.fill(wrong);
      await mp.getByRole('button', { name: '출석하기' }).click();
      await mp.getByText(/이 모임의 출석 코드가 아닙니다|시간이 지난 출석 코드입니다/).waitFor();
      // the code on the leader's screen now (it may have turned since; the previous one is still taken)
      const now = ((await codeEl.textContent()) ?? '').replace(/\D/g, '');
      await input.fill(now);
      await mp.getByRole('button', { name: '출석하기' }).click();
      await mp
        .getByTestId('check-in-done')
        .getByText(/출석했어요/)
        .waitFor();
      // the page fits the phone: nothing wider than the viewport
      const overflow = await mp.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      await phone.close();
    }

    // the leader's room fills without a reload
    const row = room.locator('li', { hasText: '출석' }).first();
    await row.waitFor({ timeout: 15_000 });
    await lp.getByText(/1명 출석/).waitFor();
  });
});
