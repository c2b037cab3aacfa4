import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage, stubFetch, TEST_USER } from '../../../shared/test/render';
import NotificationSettingsPage from './notification-settings-page';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const STUDY = '00000000-0000-4000-8000-0000000000aa';
const membership = {
  memberId: 'm1',
  studyId: STUDY,
  studyTitle: 'SQL 첫걸음',
  studySlug: 'sql',
  studyStatus: 'IN_PROGRESS',
  role: 'MEMBER',
  joinedAt: '2026-11-01T00:00:00Z',
  isActive: true,
  attendanceRate: null,
  warningCount: 0,
};

describe('notification settings', () => {
  it('says when this browser has no web push, and saves reminder times per study', async () => {
    let offsets = [1440, 60];
    const { calls } = stubFetch((url, init) => {
      if (url.pathname === '/api/studies/my/memberships') return { data: [membership] };
      if (url.pathname === '/api/notifications/push/devices') return { data: { devices: 0 } };
      if (url.pathname === `/api/studies/${STUDY}/reminders`) {
        if (init.method === 'PUT') offsets = (JSON.parse(String(init.body)) as { offsets: number[] }).offsets;
        return { data: { studyId: STUDY, offsets, isDefault: init.method !== 'PUT' } };
      }
      return undefined;
    });
    await renderPage(<NotificationSettingsPage />, { user: TEST_USER });
    expect(await screen.findByText('이 브라우저는 웹 푸시 알림을 지원하지 않아요. 메일과 알림함으로 알려 드려요.')).toBeTruthy();
    const dayBefore = await screen.findByRole('checkbox', { name: '하루 전' });
    expect((dayBefore as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: '10분 전' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('기본 설정(하루 전, 1시간 전)을 쓰고 있어요.')).toBeTruthy();

    fireEvent.click(dayBefore);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ offsets: [60] });
    await waitFor(() => expect((screen.getByRole('checkbox', { name: '하루 전' }) as HTMLInputElement).checked).toBe(false));
  });
});
