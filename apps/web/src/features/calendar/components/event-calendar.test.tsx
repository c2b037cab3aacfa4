import type { CalendarEvent, Membership } from '@moim/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage, stubFetch, TEST_USER } from '../../../shared/test/render';
import { EventCalendar } from './event-calendar';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const event = (over: Partial<CalendarEvent>): CalendarEvent => ({
  id: `e-${Math.random()}`,
  studyId: 's1',
  studyTitle: '테코테코',
  studySlug: '1-tecoteco',
  title: '테코테코',
  description: null,
  date: '2030-03-12',
  startTime: '20:00',
  endTime: '22:00',
  eventType: 'regular',
  location: 'online',
  address: null,
  link: null,
  participantLimit: null,
  currentParticipants: 2,
  rsvped: false,
  ...over,
});

/** GET /api/studies/my/memberships: an active membership of study s1 (the whole contract shape). */
const membership: Membership = {
  memberId: TEST_USER.id,
  studyId: 's1',
  studyTitle: '테코테코',
  studySlug: '1-tecoteco',
  studyStatus: 'IN_PROGRESS',
  role: 'MEMBER',
  joinedAt: '2030-02-01T00:00:00.000Z',
  isActive: true,
  attendanceRate: null,
  warningCount: 0,
};

function Harness({ events }: { events: CalendarEvent[] }) {
  const [month, setMonth] = useState('2030-03');
  return <EventCalendar month={month} onMonthChange={setMonth} view="month" events={events} isPending={false} />;
}

describe('event calendar', () => {
  it('lists events at the same hour in one order whatever the order they came in (Korean collation, as the server renders them)', async () => {
    stubFetch(() => undefined);
    const a = event({ id: 'e-a', title: 'E2E 스터디', studyTitle: 'E2E 스터디' });
    const b = event({ id: 'e-b', title: '테코테코', studyTitle: '테코테코' });
    const chips = async (events: CalendarEvent[]) => {
      const { unmount } = await renderPage(<Harness events={events} />);
      const cell = document.querySelector('.cal-cell .cal-chips:not(:empty)')!;
      const order = [...cell.querySelectorAll('.cal-chip')].map((c) => c.textContent);
      unmount();
      return order;
    };
    const forward = await chips([a, b]);
    expect(forward).toEqual(['20:00테코테코', '20:00E2E 스터디']);
    expect(await chips([b, a])).toEqual(forward);
  });

  it('lays out a Monday-first month, moves by keyboard and shows the chosen day', async () => {
    stubFetch((url) => (url.pathname === '/api/studies/my/memberships' ? { data: [membership] } : undefined));
    await renderPage(
      <Harness events={[event({ date: '2030-03-12' }), event({ date: '2030-04-02', title: '특강', eventType: 'special' })]} />,
      { user: TEST_USER },
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('2030년 3월');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers[0]).toBe('월');
    expect(headers[6]).toBe('일');
    // 2030-03-01 is a Friday: the grid starts on Monday 25 February
    const first = screen.getAllByRole('button', { pressed: false })[0]!;
    expect(first.getAttribute('aria-label')).toContain('2월 25일');

    const day11 = screen.getByRole('button', { name: /3월 11일/ });
    fireEvent.click(day11);
    expect(day11.getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(day11, { key: 'ArrowRight' });
    const day12 = screen.getByRole('button', { name: /3월 12일.*일정 1개/ });
    expect(day12.getAttribute('aria-pressed')).toBe('true');
    expect(document.activeElement).toBe(day12);
    const panel = screen.getByRole('region', { name: /3월 12일/ });
    expect(within(panel).getByRole('link', { name: '테코테코' }).getAttribute('href')).toBe('/study/1-tecoteco');
    expect(await within(panel).findByRole('button', { name: '참석할게요' })).toBeTruthy();

    // Page Down goes to the next month
    fireEvent.keyDown(screen.getByRole('button', { name: /3월 12일/ }), { key: 'PageDown' });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('2030년 4월');
  });

  it('does not offer RSVP for a session of a study the user is not a member of', async () => {
    stubFetch((url) => (url.pathname === '/api/studies/my/memberships' ? { data: [] } : undefined));
    await renderPage(<Harness events={[event({ date: '2030-03-01' })]} />, { user: TEST_USER });
    fireEvent.click(screen.getByRole('button', { name: /3월 1일/ }));
    expect(await screen.findByText('정기 모임 참석 표시는 스터디 멤버만 할 수 있어요.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '참석할게요' })).toBeNull();
  });
});
