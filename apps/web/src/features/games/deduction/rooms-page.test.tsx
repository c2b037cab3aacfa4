/**
 * Creating an online room (docs/deduction.md "Online rooms"): the seats' choices offer my own
 * bots beside people and the built-in AIs, at most two bots, and the plan sent names the bot;
 * without bots of my own, the page points to the bot editor.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initTestI18n, renderPage, stubFetch, TEST_USER } from '../../../shared/test/render';
import ko from './i18n/ko.json';
import RoomsPage from './rooms-page';

const BOT = '3f0e8a52-2b7c-4b44-9d51-6a2f1f7c9e01';
const bot = (id: string, name: string, isMine: boolean) => ({
  id,
  name,
  description: '',
  code: 'function move(s) { return [0, 1, 2]; }',
  version: 1,
  shared: !isMine,
  shareId: null,
  owner: { id: isMine ? TEST_USER.id : 'someone', name: null },
  isMine,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ladder: {
    status: 'NONE' as const,
    version: 1,
    played: 0,
    wins: 0,
    draws: 0,
    losses: 0,
    points: 0,
    winGuesses: 0,
    faults: 0,
    rank: null,
    errorReason: null,
    error: null,
    finishedAt: null,
    games: [],
  },
});

function serve(bots: ReturnType<typeof bot>[]) {
  return stubFetch((url, init) => {
    if (url.pathname === '/api/games/deduction/bots') return { data: bots };
    if (url.pathname === '/api/games/deduction/rooms' && init.method === 'GET') return { data: { items: [] } };
    if (url.pathname === '/api/games/deduction/rooms' && init.method === 'POST')
      return { status: 400, error: { code: 'VAL-2001', message: '입력값을 확인해 주세요.' } };
    if (url.pathname.startsWith('/api/games/deduction/ratings')) return { data: { items: [], rating: null } };
    return undefined;
  });
}

const render = async () => {
  (await initTestI18n()).addResourceBundle('ko', 'deduction', ko, true);
  return renderPage(<RoomsPage />, { route: '/lab/deduction-game/rooms', path: '/lab/deduction-game/rooms', user: TEST_USER });
};

describe('creating an online room', () => {
  it('offers my own bots (not others’) for a seat and sends the bot in the plan', async () => {
    const stub = serve([bot(BOT, '내 봇', true), bot('9d7c2a11-5e4f-4c3b-8a29-0b1c2d3e4f50', '남의 봇', false)]);
    await render();
    await screen.findAllByRole('option', { name: '내 봇 (봇)' });
    expect(screen.queryByRole('option', { name: '남의 봇 (봇)' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '자리 추가' }));
    fireEvent.change(screen.getByRole('combobox', { name: /3번 자리/ }), { target: { value: `BOT:${BOT}` } });
    fireEvent.click(screen.getByRole('button', { name: '방 만들기' }));
    await waitFor(() => expect(stub.calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = stub.calls.find((c) => c.method === 'POST')!.body as { seats: unknown[] };
    expect(sent.seats).toEqual([{ kind: 'HUMAN' }, { kind: 'HUMAN' }, { kind: 'BOT', botId: BOT }]);
  });

  it('allows two bots at most: a third seat cannot pick one', async () => {
    serve([bot(BOT, '내 봇', true)]);
    await render();
    await screen.findAllByRole('option', { name: '내 봇 (봇)' });
    fireEvent.click(screen.getByRole('button', { name: '자리 추가' }));
    fireEvent.click(screen.getByRole('button', { name: '자리 추가' }));
    fireEvent.change(screen.getByRole('combobox', { name: /3번 자리/ }), { target: { value: `BOT:${BOT}` } });
    fireEvent.change(screen.getByRole('combobox', { name: /4번 자리/ }), { target: { value: `BOT:${BOT}` } });
    fireEvent.click(screen.getByRole('button', { name: '자리 추가' }));
    const fifth = screen.getByRole('combobox', { name: /5번 자리/ });
    const option = [...fifth.querySelectorAll('option')].find((o) => o.value === `BOT:${BOT}`)!;
    expect(option.disabled).toBe(true);
  });

  it('without bots of my own, points to the bot editor', async () => {
    serve([]);
    await render();
    const link = await screen.findByRole('link', { name: '봇 만들기' });
    expect(link.getAttribute('href')).toBe('/lab/deduction-game/bots');
  });
});
