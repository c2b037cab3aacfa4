/**
 * The room page's heartbeat (docs/deduction.md "Online rooms", "Disconnects"): it says the
 * person is here while they play, and stops once they have left — else it would bring them back
 * within 10 s and their turns would wait for them again. "게임으로 돌아가기" brings them back.
 * And the board's title says whether it is my turn (never the rating board's title).
 */
import type { DeductionViewValue, RoomViewValue } from '@moim/contract';
import { DeductionGame, deductionView, presetSettings, type DeductionSettings } from '@moim/games';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initTestI18n, renderPage, stubFetch, TEST_USER } from '../../../shared/test/render';
import ko from './i18n/ko.json';
import RoomPage from './room-page';

const ROOM = '6a1c5a2e-0d1f-4f57-9a43-1f0f3f4c2b10';
const settings = { ...presetSettings('BEGINNER'), theme: 'MIXED' } as DeductionSettings;
const game = new DeductionGame('room-page-test', settings, [
  { kind: 'HUMAN', name: '김멤버' },
  { kind: 'HUMAN', name: '박지훈' },
]);

/** The room as the test user sees it from seat `me` (the other seat is the host's). */
function roomView(left: boolean, me = 0): RoomViewValue {
  const seat = (i: number) =>
    i === me
      ? { seat: i, kind: 'HUMAN' as const, userId: TEST_USER.id, name: TEST_USER.name, level: null, ready: true, connected: !left, left }
      : { seat: i, kind: 'HUMAN' as const, userId: 'host', name: '박지훈', level: null, ready: true, connected: true, left: false };
  return {
    id: ROOM,
    status: 'PLAYING',
    hostId: 'host',
    invite: 'secret-invite',
    settings,
    seats: [seat(0), seat(1)],
    mySeat: me,
    seatTopic: 'deduction-seat:channel',
    game: {
      view: deductionView(game, [me]) as DeductionViewValue,
      turnStartedAt: null,
      turnDeadline: null,
      commitment: 'c',
    },
    result: null,
  };
}

function serve(initiallyLeft: boolean, me = 0) {
  let left = initiallyLeft;
  const stub = stubFetch((url, init) => {
    if (url.pathname === `/api/games/deduction/rooms/${ROOM}` && init.method === 'GET') return { data: roomView(left, me) };
    if (url.pathname === `/api/games/deduction/rooms/${ROOM}/presence`) {
      left = false;
      return { data: null };
    }
    if (url.pathname === `/api/games/deduction/rooms/${ROOM}/leave`) {
      left = true;
      return { data: null };
    }
    return undefined;
  });
  return { presences: () => stub.calls.filter((c) => c.url.pathname.endsWith('/presence')).length };
}

const render = async () => {
  // the feature's own catalogue (the test set-up loads the top-level features' ones)
  (await initTestI18n()).addResourceBundle('ko', 'deduction', ko, true);
  return renderPage(<RoomPage />, { route: '/lab/deduction-game/rooms/:id', path: `/lab/deduction-game/rooms/${ROOM}`, user: TEST_USER });
};

describe('the room page’s heartbeat', () => {
  it('is not sent for a person who left; "return" brings them back and the heartbeat goes on', async () => {
    const { presences } = serve(true);
    await render();
    const back = await screen.findByRole('button', { name: '게임으로 돌아가기' });
    expect(presences()).toBe(0);
    fireEvent.click(back);
    await screen.findByRole('button', { name: '나가기' });
    // the press of the button, then the heartbeat of a person who is here
    await waitFor(() => expect(presences()).toBe(2));
  });

  it('is sent while a person plays, and stops when they leave', async () => {
    const { presences } = serve(false);
    await render();
    const leave = await screen.findByRole('button', { name: '나가기' });
    await waitFor(() => expect(presences()).toBe(1));
    fireEvent.click(leave);
    await screen.findByRole('button', { name: '게임으로 돌아가기' });
    expect(presences()).toBe(1);
  });

  it('titles the board "내 차례입니다" on my turn and "게임판" on another’s (not the rating board)', async () => {
    const mine = game.activeSeat!;
    serve(false, mine);
    const first = await render();
    expect(await screen.findByRole('heading', { name: '내 차례입니다' })).toBeTruthy();
    first.unmount();
    serve(false, 1 - mine);
    await render();
    expect(await screen.findByRole('heading', { name: '게임판' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '레이팅 순위' })).toBeNull();
  });
});
