/**
 * The waitlist on the study page and the manage page (docs/waitlist.md): a full study offers
 * "대기자 명단에 등록"; once in line the page shows the place from the server and a way out; the
 * leader's tab lists the line in order; loading and error states say so.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage, stubFetch, TEST_USER } from '../../../shared/test/render';
import { WaitlistPanel } from '../pages/manage/waitlist-panel';
import { makeStudy } from '../test-fixtures';
import { ApplyCta, ctaState } from './apply-cta';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const viewer = (over: object = {}) => ({
  isLeader: false,
  isAdmin: false,
  role: null,
  isActiveMember: false,
  applicationId: null,
  applicationStatus: null,
  ...over,
});

describe('the call-to-action of a full study', () => {
  it('offers the waitlist when full, the application form when a seat is free, nothing when closed', () => {
    const now = new Date('2026-11-29T00:00:00Z');
    expect(ctaState(makeStudy({ capacity: 3, enrolled: 3, seatsTaken: 3 }), now, true)).toEqual({ kind: 'waitlist' });
    expect(ctaState(makeStudy({ capacity: 3, enrolled: 3, seatsTaken: 3 }), now, false)).toEqual({ kind: 'waitlistLogin' });
    expect(ctaState(makeStudy({ capacity: 3, enrolled: 2, seatsTaken: 2 }), now, true)).toEqual({ kind: 'apply' });
    expect(ctaState(makeStudy({ capacity: 3, enrolled: 3, seatsTaken: 3, recruitDeadline: '2026-11-01T00:00:00Z' }), now, true)).toEqual({
      kind: 'closed',
      label: 'RECRUITMENT_CLOSED',
    });
  });

  it('shows "대기자 명단에 등록" linking to the form', async () => {
    const s = makeStudy({ capacity: 3, enrolled: 3, seatsTaken: 3, viewer: viewer() });
    stubFetch(() => undefined);
    await renderPage(<ApplyCta study={s} isAuthenticated />, { user: TEST_USER });
    const link = await screen.findByRole('link', { name: '대기자 명단에 등록' });
    expect(link.getAttribute('href')).toContain('/apply');
  });

  it('once in line: the place from the server, and leaving it', async () => {
    const s = makeStudy({
      capacity: 3,
      enrolled: 3,
      seatsTaken: 3,
      viewer: viewer({ applicationStatus: 'WAITLISTED', applicationId: 'a-1' }),
    });
    const { calls } = stubFetch((url, init) => {
      if (url.pathname === `/api/studies/${s.id}/waitlist/me` && init.method === 'GET')
        return { data: { studyId: s.id, length: 3, applicationId: 'a-1', position: 2 } };
      if (url.pathname === `/api/studies/${s.id}/waitlist/me` && init.method === 'DELETE') return { data: {} };
      return undefined;
    });
    await renderPage(<ApplyCta study={s} isAuthenticated />, { user: TEST_USER });
    expect(screen.getByRole('status').textContent).toBe('대기 순서를 불러오는 중...');
    await screen.findByText('대기 2번째 · 3명 대기 중');
    fireEvent.click(screen.getByRole('button', { name: '대기 취소하기' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('a place that cannot be read says so and offers a retry', async () => {
    const s = makeStudy({
      capacity: 3,
      enrolled: 3,
      seatsTaken: 3,
      viewer: viewer({ applicationStatus: 'WAITLISTED', applicationId: 'a-1' }),
    });
    stubFetch(() => ({ status: 500, error: { code: 'SYS-9001', message: '서버 오류가 발생했습니다.' } }));
    await renderPage(<ApplyCta study={s} isAuthenticated />, { user: TEST_USER });
    await screen.findByText('서버 오류가 발생했습니다.', {}, { timeout: 5000 });
    expect(screen.getByRole('status').textContent).toBe('대기자 명단에 등록됨');
  });
});

describe('the leader’s waitlist tab', () => {
  it('lists the line in order, names as user content; an empty line says so', async () => {
    const s = makeStudy();
    stubFetch((url) =>
      url.pathname === `/api/studies/${s.id}/waitlist`
        ? {
            data: {
              studyId: s.id,
              length: 2,
              entries: [
                {
                  applicationId: 'a-1',
                  position: 1,
                  waitlistedAt: '2026-11-28T01:00:00Z',
                  motivation: '꼭 참여하고 싶어요',
                  applicant: { id: 'u1', name: '김대기', profileImage: null },
                },
                {
                  applicationId: 'a-2',
                  position: 2,
                  waitlistedAt: '2026-11-28T02:00:00Z',
                  motivation: 'I want in',
                  applicant: { id: 'u2', name: 'Lee', profileImage: null },
                },
              ],
            },
          }
        : undefined,
    );
    await renderPage(<WaitlistPanel study={s} />, { user: TEST_USER });
    await screen.findByTestId('waitlist-panel');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('김대기'), expect.stringContaining('Lee')]);
    expect(rows[0]!.querySelector('[data-user-content]')?.textContent).toContain('김대기');
  });

  it('the leader takes someone off the line with a reason (a reject of that application)', async () => {
    const s = makeStudy();
    const entry = {
      applicationId: 'a-9',
      position: 1,
      waitlistedAt: '2026-11-28T01:00:00Z',
      motivation: '참여하고 싶어요',
      applicant: { id: 'u9', name: '박대기', profileImage: null },
    };
    const { calls } = stubFetch((url, init) => {
      if (url.pathname === `/api/studies/${s.id}/waitlist`) return { data: { studyId: s.id, length: 1, entries: [entry] } };
      if (url.pathname === `/api/studies/${s.id}/applications/a-9/reject` && init.method === 'POST') return { data: {} };
      return undefined;
    });
    await renderPage(<WaitlistPanel study={s} />, { user: TEST_USER });
    fireEvent.click(await screen.findByRole('button', { name: '명단에서 빼기' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.change(dialog.querySelector('textarea')!, { target: { value: '이번 기수는 마감합니다' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '명단에서 빼기' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reviewNote: '이번 기수는 마감합니다' }));
  });

  it('an empty line', async () => {
    const s = makeStudy();
    stubFetch((url) =>
      url.pathname === `/api/studies/${s.id}/waitlist` ? { data: { studyId: s.id, length: 0, entries: [] } } : undefined,
    );
    await renderPage(<WaitlistPanel study={s} />, { user: TEST_USER });
    await screen.findByText('대기 중인 사람이 없어요.');
  });
});
