/**
 * "My games" on /users/me: the online rating with its deviation and games (or what brings one),
 * and each game's best score and rank as the boards know them.
 */
import type { MyStatistics, PlayerRating } from '@moim/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, stubFetch, TEST_USER } from '../../shared/test/render';
import MyGamesSection from './my-games-section';

const stats: MyStatistics = {
  gamesPlayed: 12,
  totalTimeSeconds: 3600,
  lastPlayedAt: '2026-11-28T10:00:00.000Z',
  games: [
    {
      gameType: 'TETRIS',
      gamesPlayed: 12,
      bestScore: 48200,
      averageScore: 20100.5,
      totalTimeSeconds: 3600,
      lastPlayedAt: '2026-11-28T10:00:00.000Z',
      rank: { rank: 3, totalPlayers: 41 },
    },
    { gameType: 'DEDUCTION', gamesPlayed: 0, bestScore: null, averageScore: null, totalTimeSeconds: 0, lastPlayedAt: null, rank: null },
  ],
};

function serve(rating: PlayerRating | null) {
  return stubFetch((url) => {
    if (url.pathname === '/api/games/statistics/my') return { data: stats };
    if (url.pathname === `/api/games/deduction/ratings/users/${TEST_USER.id}`) return { data: { rating } };
    return undefined;
  });
}

describe('my games on the profile', () => {
  it('shows my rating, its deviation and games, and each game as the boards know it', async () => {
    const { calls } = serve({ userId: TEST_USER.id, name: TEST_USER.name, rating: 1623.4, deviation: 87.6, games: 9, provisional: false });
    await renderPage(<MyGamesSection />, { user: TEST_USER });
    const rating = await screen.findByTestId('my-games-rating');
    expect(await within(rating).findByText('1,623')).toBeTruthy();
    expect(within(rating).getByText(/±88, 9게임/)).toBeTruthy();
    expect(within(rating).queryByText(/잠정/)).toBeNull();
    const tetris = (await screen.findByRole('link', { name: '테트리스' })).closest('li')!;
    expect(within(tetris).getByText('48,200')).toBeTruthy();
    expect(within(tetris).getByText('3위 / 41명')).toBeTruthy();
    const deduction = screen.getByRole('link', { name: '추리 게임' }).closest('li')!;
    expect(within(deduction).getByText('아직 플레이하지 않았습니다.')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === `/api/games/deduction/ratings/users/${TEST_USER.id}`)).toBe(true);
  });

  it('without a rated game says how to get a rating and links to the rooms; a provisional one says so', async () => {
    serve(null);
    const first = await renderPage(<MyGamesSection />, { user: TEST_USER });
    const rating = await screen.findByTestId('my-games-rating');
    expect(await within(rating).findByText(/아직 레이팅이 없습니다/)).toBeTruthy();
    expect(within(rating).getByRole('link', { name: '온라인 방으로' }).getAttribute('href')).toBe('/lab/deduction-game/rooms');
    first.unmount();
    serve({ userId: TEST_USER.id, name: TEST_USER.name, rating: 1500, deviation: 240, games: 1, provisional: true });
    await renderPage(<MyGamesSection />, { user: TEST_USER });
    expect(await within(await screen.findByTestId('my-games-rating')).findByText(/잠정/)).toBeTruthy();
  });
});
