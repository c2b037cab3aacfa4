/**
 * The study's attendance curve: the figures in the table (rate, retention, a missing value as —),
 * the drawing's one-line summary for screen readers, both languages, nothing without sessions.
 */
import type { AttendanceReport } from '@moim/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../../shared/test/render';
import { AttendanceCurve } from './attendance-curve';

const trend: AttendanceReport['trend'] = [
  { eventId: 'a', date: '2026-11-02', enrolled: 3, attended: 3, excused: 0, rate: 100, retention: 100 },
  { eventId: 'b', date: '2026-11-04', enrolled: 3, attended: 1, excused: 0, rate: 33.3, retention: 100 },
  { eventId: 'c', date: '2026-11-09', enrolled: 1, attended: 0, excused: 1, rate: null, retention: 33.3 },
];

describe('AttendanceCurve', () => {
  it('lists each session with its members, attendance and retention, and sums the drawing up in one line', async () => {
    await initTestI18n('ko');
    render(<AttendanceCurve trend={trend} />);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['3', '3', '100%', '100%'],
      ['3', '1', '33.3%', '100%'],
      ['1', '0', '—', '33.3%'],
    ]);
    expect(within(rows[1]!).getByRole('rowheader').textContent).toMatch(/^2회차/);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('출석을 받은 모임 3회, 최근 출석률 —, 유지율 33.3%');
    expect(screen.getByRole('heading', { name: '출석 추이' })).toBeTruthy();
  });

  it('speaks English, and draws nothing before a session has attendance', async () => {
    await initTestI18n('en');
    const { container, rerender } = render(<AttendanceCurve trend={trend.slice(0, 2)} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      '2 sessions with attendance taken; latest attendance 33.3%, retention 100%',
    );
    expect(screen.getByRole('heading', { name: 'Attendance over time' })).toBeTruthy();
    rerender(<AttendanceCurve trend={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
