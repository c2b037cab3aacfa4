import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { studyApplicability, type Study } from '@moim/contract';
import { makeStudy } from '../../features/studies/test-fixtures';
import { initTestI18n } from '../../shared/test/i18n';
import { StudyMenu } from './study-menu';

const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
const past = new Date(Date.now() - 86_400_000).toISOString();
// Whole contract studies; lists carry the server's `applicability`, computed with the contract's studyApplicability.
const study = (n: number, extra: Pick<Study, 'status' | 'recruitDeadline'> & Partial<Study>): Study => {
  const s = makeStudy({
    slug: `${n}-s`,
    title: `Study ${n}`,
    generation: n,
    capacity: 10,
    enrolled: 2,
    seatsTaken: 2,
    ...extra,
  });
  return { ...s, applicability: studyApplicability(s) };
};

/** GET /api/studies/paged answers a whole page (contract `studyListPage`). */
function renderMenu(list: Study[] | 'fail') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      list === 'fail'
        ? new Response('{"success":false,"error":{"code":"BIZ-3001","message":"nf"},"message":"nf"}', { status: 404 })
        : new Response(
            JSON.stringify({
              success: true,
              data: { content: list, number: 0, size: 3, totalElements: list.length, totalPages: 1, first: true, last: true },
            }),
            { status: 200 },
          ),
    ),
  );
  const router = createMemoryRouter([{ path: '*', element: <StudyMenu /> }]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('StudyMenu', () => {
  beforeAll(() => initTestI18n('ko'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('lists at most 3 studies, badges the ones that can be applied to (studyApplicability), then "all studies"', async () => {
    renderMenu([
      study(1, { status: 'APPROVED', recruitDeadline: future }),
      study(2, { status: 'APPROVED', recruitDeadline: past }),
      study(3, { status: 'IN_PROGRESS', recruitDeadline: past, isRecruiting: true }), // the leader's switch wins
      study(4, { status: 'APPROVED', recruitDeadline: future }),
    ]);
    fireEvent.keyDown(screen.getByRole('button', { name: /STUDY/ }), { key: 'Enter' });
    const items = await screen.findAllByTestId('study-dropdown-item');
    expect(items).toHaveLength(3);
    expect(items.map((i) => i.textContent?.includes('모집 중'))).toEqual([true, false, true]);
    expect(screen.getAllByRole('menuitem').at(-1)?.textContent).toContain('전체 스터디 보기');
    expect(screen.getAllByRole('menuitem')).toContain(document.activeElement);
  });

  it('shows only "all studies" when the studies API fails', async () => {
    renderMenu('fail');
    fireEvent.keyDown(screen.getByRole('button', { name: /STUDY/ }), { key: 'ArrowDown' });
    await vi.waitFor(() => expect(screen.queryByText('스터디를 불러오는 중...')).toBeNull());
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['전체 스터디 보기→']);
  });

  it('a click on the button of the menu the pointer has just opened keeps it open; the next click closes it', () => {
    renderMenu([]);
    const button = screen.getByRole('button', { name: /STUDY/ });
    fireEvent.pointerEnter(button.parentElement!, { pointerType: 'mouse' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(button, { detail: 1 });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(button, { detail: 1 });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    // opened by a click, a click closes it
    fireEvent.click(button, { detail: 1 });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(button, { detail: 1 });
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes 300 ms after the pointer leaves; Escape closes and returns focus', async () => {
    renderMenu([]);
    const button = screen.getByRole('button', { name: /STUDY/ });
    const root = button.parentElement!;
    vi.useFakeTimers();
    fireEvent.pointerEnter(root, { pointerType: 'mouse' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerLeave(root, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(299));
    expect(button.getAttribute('aria-expanded')).toBe('true');
    act(() => vi.advanceTimersByTime(1));
    expect(button.getAttribute('aria-expanded')).toBe('false');
    vi.useRealTimers();
    fireEvent.keyDown(button, { key: ' ' });
    const first = screen.getAllByRole('menuitem', { hidden: true })[0]!;
    fireEvent.keyDown(first, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });
});
