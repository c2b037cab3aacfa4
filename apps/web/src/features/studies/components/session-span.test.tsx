import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../shared/test/render';
import { SessionSpan } from './session-span';

describe('SessionSpan', () => {
  it('names the first and last session and their number', async () => {
    // 2026-12-10 and 2027-01-14 are Thursdays
    await renderPage(
      <SessionSpan
        study={{ recurrenceType: 'WEEKLY', scheduleDetails: { weekdays: ['THU'] }, startDate: '2026-12-10', endDate: '2027-01-14' }}
      />,
    );
    expect((await screen.findByTestId('session-span')).textContent).toBe('첫 모임 12월 10일(목) · 마지막 모임 1월 14일(목) · 총 6회');
  });

  it('a period read before it was snapped still names its sessions, not its ends', async () => {
    // Wednesday to Wednesday, sessions on Thursdays
    await renderPage(
      <SessionSpan
        study={{ recurrenceType: 'WEEKLY', scheduleDetails: { weekdays: ['THU'] }, startDate: '2026-12-09', endDate: '2027-01-13' }}
      />,
    );
    expect((await screen.findByTestId('session-span')).textContent).toBe('첫 모임 12월 10일(목) · 마지막 모임 1월 7일(목) · 총 5회');
  });

  it('a one-time study has one session', async () => {
    await renderPage(<SessionSpan study={{ recurrenceType: 'ONE_TIME', startDate: '2026-12-05', endDate: '2026-12-05' }} />);
    expect((await screen.findByTestId('session-span')).textContent).toBe('모임 12월 5일(토) · 1회');
  });
});
