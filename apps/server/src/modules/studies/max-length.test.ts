/**
 * Issue 12 item 6: every text field at its maximum length through each state machine. A study
 * title may have 255 characters, and approving it makes calendar events that carry it ("<title>
 * 모집 마감"): that used to fail with a 500 from 115 characters on. The walk: proposal → approval
 * (events made) → application → acceptance → warning → start → event → complete; a rejection and
 * a terminate → reactivate; a PAID study's card checkout; all with maximum-length values.
 */
import { addDays, seoulDate, STUDY_LIMITS as L } from '@moim/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { createUser, proposal, setStatus, type TestUser } from './test-helpers.ts';

let t: TestApp;
let leader: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  leader = await createUser(t);
  admin = await createUser(t, { admin: true });
});
afterAll(() => t.close());

/** n characters of Hangul (3 bytes each in UTF-8), distinct per call. */
let seq = 0;
const text = (n: number) => {
  seq++;
  return `${seq}`.padEnd(n, '가나다라마바사아자차카타파하');
};

function maxProposal(overrides: Record<string, unknown> = {}) {
  return proposal({
    title: text(L.titleMax),
    tagline: text(L.taglineMax),
    welcomeMessage: text(L.welcomeMax),
    schedule: text(100),
    duration: text(100),
    costDescription: text(500),
    questions: Array.from({ length: L.questionsMax }, () => ({ text: text(L.questionMax) })),
    ...overrides,
  } as never);
}

async function ok(r: Promise<{ status: number; body: any }>, status = 200) {
  const res = await r;
  expect(res.status, JSON.stringify(res.body).slice(0, 400)).toBe(status);
  return res.body.data;
}

describe('maximum-length values through every state (item 6)', () => {
  it('a 255-character study walks proposal → approval → recruiting → in progress → completed', async () => {
    const body = maxProposal();
    const study = await ok(t.call({ method: 'POST', url: '/api/studies', headers: leader.headers, payload: body }), 201);
    expect(study.title).toHaveLength(L.titleMax);
    const approved = await ok(setStatus(t, admin, study.id, 'APPROVE'));
    expect(approved.status).toBe('APPROVED');

    // the events made from the title keep it whole
    const events = await ok(t.call({ method: 'GET', url: `/api/studies/${study.id}/events`, headers: leader.headers }));
    expect(events.length).toBeGreaterThan(1);
    const recruitment = events.find((e: { eventType: string }) => e.eventType === 'recruitment');
    expect(recruitment.title).toBe(`${body.title} 모집 마감`);

    const applicant = await createUser(t);
    const questions = study.questions as Array<{ id: string }>;
    const application = await ok(
      t.call({
        method: 'POST',
        url: `/api/studies/${study.id}/applications`,
        headers: applicant.headers,
        payload: { motivation: text(L.motivationMax), answers: questions.map((q) => ({ questionId: q.id, answer: text(L.answerMax) })) },
      }),
      201,
    );
    await ok(
      t.call({
        method: 'POST',
        url: `/api/studies/${study.id}/applications/${application.applicationId}/accept`,
        headers: leader.headers,
        payload: {},
      }),
    );
    const warning = await t.call({
      method: 'POST',
      url: `/api/studies/${study.id}/members/${applicant.id}/warnings`,
      headers: leader.headers,
      payload: { reason: text(500) },
    });
    expect(warning.status, JSON.stringify(warning.body).slice(0, 300)).toBeLessThan(300);
    await ok(
      t.call({
        method: 'POST',
        url: `/api/studies/${study.id}/events`,
        headers: leader.headers,
        payload: {
          title: text(100),
          description: text(1000),
          date: addDays(seoulDate(new Date()), 30),
          startTime: '19:00',
          endTime: '21:00',
          location: 'offline',
          address: text(200),
        },
      }),
      201,
    );
    const patched = await ok(
      t.call({ method: 'PATCH', url: `/api/studies/${study.id}`, headers: leader.headers, payload: { title: text(L.titleMax) } }),
    );
    expect(patched.title).toHaveLength(L.titleMax);
    expect((await ok(setStatus(t, admin, study.id, 'START'))).status).toBe('IN_PROGRESS');
    expect((await ok(setStatus(t, admin, study.id, 'COMPLETE'))).status).toBe('COMPLETED');
  });

  it('rejection and terminate → reactivate with a maximum-length reason', async () => {
    const a = await ok(t.call({ method: 'POST', url: '/api/studies', headers: leader.headers, payload: maxProposal() }), 201);
    expect((await ok(setStatus(t, admin, a.id, 'REJECT', text(L.reasonMax)))).status).toBe('REJECTED');
    const b = await ok(t.call({ method: 'POST', url: '/api/studies', headers: leader.headers, payload: maxProposal() }), 201);
    await ok(setStatus(t, admin, b.id, 'APPROVE'));
    expect((await ok(setStatus(t, admin, b.id, 'TERMINATE', text(L.reasonMax)))).status).toBe('TERMINATED');
    expect((await ok(setStatus(t, admin, b.id, 'REACTIVATE', text(L.reasonMax)))).status).toBe('APPROVED');
  });

  it('a PAID study with a 255-character title takes an application to a card checkout', async () => {
    const s = await ok(
      t.call({
        method: 'POST',
        url: '/api/studies',
        headers: leader.headers,
        payload: maxProposal({ costType: 'PAID', cost: L.costMax, questions: [] }),
      }),
      201,
    );
    await ok(setStatus(t, admin, s.id, 'APPROVE'));
    const payer = await createUser(t);
    const app = await ok(
      t.call({
        method: 'POST',
        url: `/api/studies/${s.id}/applications`,
        headers: payer.headers,
        payload: { motivation: text(L.motivationMax) },
      }),
      201,
    );
    await ok(
      t.call({
        method: 'POST',
        url: `/api/studies/${s.id}/applications/${app.applicationId}/accept`,
        headers: leader.headers,
        payload: {},
      }),
    );
    const checkout = await ok(
      t.call({
        method: 'POST',
        url: `/api/studies/${s.id}/applications/${app.applicationId}/payment`,
        headers: payer.headers,
        payload: { method: 'CARD' },
      }),
    );
    expect(checkout.orderName.length).toBeLessThanOrEqual(100);
    expect(checkout.amount).toBe(L.costMax);
  });
});
