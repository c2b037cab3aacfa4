// The SPEC §4 game-session rules, against the real API client with a stubbed fetch.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GameSessionManager } from './game-session-manager';
import { MIGRATED_KEY, SYNC_QUEUE_KEY } from './storage';

const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data }), { status: 200, headers: { 'content-type': 'application/json' } });
const fail = (status: number, code: string, message = 'x') =>
  new Response(JSON.stringify({ success: false, error: { code, message }, message }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

const USER = { id: 'u-1', email: 'm@moim.dev', name: 'Member', roles: ['ROLE_USER'] };
const serverSession = (id: string, status = 'IN_PROGRESS') => ({
  sessionId: id,
  gameTypeCode: 'TETRIS',
  status,
  startedAt: '2026-11-22T01:00:00.000Z',
  endedAt: null,
  metadata: {},
  seed: 'seed-from-server',
  startLevel: 1,
  endReason: null,
  endMessage: null,
  recordId: null,
});
const stored = (id: string) => ({
  sessionId: id,
  gameTypeCode: 'TETRIS',
  status: 'IN_PROGRESS',
  startedAt: '2026-11-22T01:00:00.000Z',
  seed: 'seed-from-server',
  startLevel: 1,
  guest: false,
  userId: USER.id,
});

let fetchMock: ReturnType<typeof vi.fn>;
let managers: GameSessionManager[];
const calls = () =>
  fetchMock.mock.calls.map(([url, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${String(url).split('?')[0]}`);
const bodyOf = (i: number) => JSON.parse(String((fetchMock.mock.calls[i]![1] as RequestInit).body));

function signIn() {
  localStorage.setItem('authToken', 'tok');
  localStorage.setItem('user', JSON.stringify(USER));
}
function manager() {
  const m = new GameSessionManager({ log: () => undefined });
  managers.push(m);
  return m;
}

beforeEach(() => {
  localStorage.clear();
  managers = [];
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  managers.forEach((m) => m.dispose());
  vi.unstubAllGlobals();
});

describe('load: the stored activeGameSession', () => {
  it('is kept when the server reports it IN_PROGRESS', async () => {
    signIn();
    localStorage.setItem('activeGameSession', JSON.stringify(stored('s-1')));
    localStorage.setItem('gameState-s-1', '{"log":1}');
    fetchMock.mockResolvedValueOnce(ok(serverSession('s-1')));
    const m = manager();
    await m.load();
    expect(calls()).toEqual(['GET /api/games/sessions/s-1']);
    expect(m.getSnapshot()).toMatchObject({ loaded: true, session: { sessionId: 's-1', seed: 'seed-from-server' } });
    expect(localStorage.getItem('gameState-s-1')).toBe('{"log":1}');
  });

  it.each(['ABANDONED', 'COMPLETED', 'REJECTED'])('is dropped with its saved state when the server reports %s', async (status) => {
    signIn();
    localStorage.setItem('activeGameSession', JSON.stringify(stored('s-2')));
    localStorage.setItem('gameState-s-2', '{"log":1}');
    fetchMock.mockResolvedValueOnce(ok(serverSession('s-2', status)));
    const m = manager();
    await m.load();
    expect(m.getSnapshot().session).toBeNull();
    expect(localStorage.getItem('activeGameSession')).toBeNull();
    expect(localStorage.getItem('gameState-s-2')).toBeNull();
  });

  it('is dropped when the server does not know it (404), kept while offline', async () => {
    signIn();
    localStorage.setItem('activeGameSession', JSON.stringify(stored('s-3')));
    fetchMock.mockResolvedValueOnce(fail(404, 'BIZ-3001'));
    const m = manager();
    await m.load();
    expect(m.getSnapshot().session).toBeNull();

    localStorage.setItem('activeGameSession', JSON.stringify(stored('s-4')));
    fetchMock.mockImplementationOnce(offline);
    const m2 = manager();
    await m2.load();
    expect(m2.getSnapshot().session?.sessionId).toBe('s-4');
  });
});

describe('start, end and abandon', () => {
  it('a new session abandons the current one first', async () => {
    signIn();
    fetchMock
      .mockResolvedValueOnce(ok(serverSession('s-old')))
      .mockResolvedValueOnce(ok(serverSession('s-old', 'ABANDONED')))
      .mockResolvedValueOnce(ok(serverSession('s-new')));
    const m = manager();
    await m.start('TETRIS');
    localStorage.setItem('gameState-s-old', 'x');
    await m.start('TETRIS');
    expect(calls()).toEqual(['POST /api/games/sessions/start', 'POST /api/games/sessions/abandon', 'POST /api/games/sessions/start']);
    expect(bodyOf(1)).toEqual({ sessionId: 's-old' });
    expect(m.getSnapshot().session?.sessionId).toBe('s-new');
    expect(localStorage.getItem('gameState-s-old')).toBeNull();
    expect(JSON.parse(localStorage.getItem('activeGameSession')!).sessionId).toBe('s-new');
  });

  it("shows the server's message when start fails, else 'Failed to start game session'", async () => {
    signIn();
    fetchMock.mockResolvedValueOnce(fail(429, 'BIZ-3004', '요청이 너무 많습니다.'));
    const m = manager();
    await expect(m.start('TETRIS')).rejects.toThrow('요청이 너무 많습니다.');
    // an answer without moim's envelope (a proxy's 500): the reader's sentence, never "HTTP 500"
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500 }));
    await expect(m.start('TETRIS')).rejects.toThrow('서버 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.');
    fetchMock.mockImplementationOnce(offline);
    await expect(m.start('TETRIS')).rejects.toThrow('Failed to start game session');
  });

  it('end clears the session and its saved state', async () => {
    signIn();
    fetchMock.mockResolvedValueOnce(ok(serverSession('s-5')));
    const m = manager();
    await m.start('TETRIS');
    localStorage.setItem('gameState-s-5', 'x');
    const record = {
      recordId: 'r-1',
      sessionId: 's-5',
      gameType: 'TETRIS',
      score: 1200,
      isPersonalBest: true,
      playedAt: 'now',
      verified: true,
      ranked: true,
      rank: null,
    };
    fetchMock.mockResolvedValueOnce(ok(record));
    await expect(m.end({ score: 1200 })).resolves.toEqual({ kind: 'recorded', record });
    expect(bodyOf(1)).toEqual({ sessionId: 's-5', result: { score: 1200 } });
    expect(m.getSnapshot().session).toBeNull();
    expect(localStorage.getItem('gameState-s-5')).toBeNull();
    expect(m.getSnapshot().lastSyncTime).not.toBeNull();
  });

  it("shows the server's message when end is refused, else 'Failed to end game session'", async () => {
    signIn();
    fetchMock.mockResolvedValueOnce(ok(serverSession('s-6')));
    const m = manager();
    await m.start('TETRIS');
    fetchMock.mockResolvedValueOnce(fail(400, 'VAL-2004', '검증되지 않은 게임 결과입니다'));
    await expect(m.end({ score: 1 })).rejects.toThrow('검증되지 않은 게임 결과입니다');
    expect(m.getSnapshot().session).toBeNull();
    await expect(m.end({ score: 1 })).rejects.toThrow('Failed to end game session');
  });

  it('abandon clears the session locally even when the call fails', async () => {
    signIn();
    fetchMock.mockResolvedValueOnce(ok(serverSession('s-7')));
    const m = manager();
    await m.start('TETRIS');
    localStorage.setItem('gameState-s-7', 'x');
    fetchMock.mockResolvedValueOnce(fail(500, 'SYS-5001'));
    await expect(m.abandon()).resolves.toBeUndefined();
    expect(m.getSnapshot().session).toBeNull();
    expect(localStorage.getItem('activeGameSession')).toBeNull();
    expect(localStorage.getItem('gameState-s-7')).toBeNull();

    await m.start('TETRIS').catch(() => undefined);
    fetchMock.mockImplementationOnce(offline);
    await m.abandon();
    expect(m.getSnapshot().session).toBeNull();
  });
});

describe('offline queue', () => {
  it('queues a failed end durably and replays it when the browser is back online', async () => {
    signIn();
    fetchMock.mockResolvedValueOnce(ok(serverSession('s-8')));
    const m = manager();
    await m.start('TETRIS');
    fetchMock.mockImplementation(offline);
    const outcome = await m.end({ score: 4321, gameData: { v: 1 } });
    expect(outcome).toEqual({ kind: 'queued' });
    expect(m.getSnapshot()).toMatchObject({ session: null, hasUnsavedProgress: true, pending: 1 });
    const queue = JSON.parse(localStorage.getItem(SYNC_QUEUE_KEY)!);
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({ kind: 'end', sessionId: 's-8', result: { score: 4321 } });

    // A fresh page (the queue survives a reload) comes back online.
    m.dispose();
    const reloaded = manager();
    expect(reloaded.getSnapshot().hasUnsavedProgress).toBe(true);
    fetchMock.mockReset();
    const record = {
      recordId: 'r-8',
      sessionId: 's-8',
      gameType: 'TETRIS',
      score: 4321,
      isPersonalBest: true,
      playedAt: 'now',
      verified: true,
      ranked: true,
      rank: null,
    };
    fetchMock.mockImplementation(async () => ok(record));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(reloaded.getSnapshot().pending).toBe(0));
    expect(calls()).toContain('POST /api/games/sessions/end');
    const endCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/sessions/end'))!;
    expect(JSON.parse(String((endCall[1] as RequestInit).body))).toEqual({ sessionId: 's-8', result: { score: 4321, gameData: { v: 1 } } });
    expect(reloaded.getSnapshot()).toMatchObject({ hasUnsavedProgress: false, isSyncing: false, syncError: null });
    expect(reloaded.getSnapshot().lastSyncTime).not.toBeNull();
    expect(localStorage.getItem(SYNC_QUEUE_KEY)).toBeNull();
  });

  it('queues the newest checkpoint only, replays in order, and drops a call the server refuses', async () => {
    signIn();
    fetchMock.mockResolvedValueOnce(ok(serverSession('s-9')));
    const m = manager();
    await m.start('TETRIS');
    fetchMock.mockImplementation(offline);
    await m.save('{"n":1}');
    await m.save('{"n":2}');
    expect(localStorage.getItem('gameState-s-9')).toBe('{"n":2}');
    await m.end({ score: 10 });
    expect(JSON.parse(localStorage.getItem(SYNC_QUEUE_KEY)!).map((q: { kind: string }) => q.kind)).toEqual(['save', 'end']);

    fetchMock.mockReset();
    fetchMock
      .mockResolvedValueOnce(ok({ sessionId: 's-9', gameType: 'TETRIS', stateType: 'CHECKPOINT', stateData: '{"n":2}', savedAt: 'now' }))
      .mockResolvedValueOnce(fail(409, 'BIZ-3002', '이미 다른 결과로 종료된 게임 세션입니다.'));
    await m.flush();
    expect(calls()).toEqual(['POST /api/games/states/save', 'POST /api/games/sessions/end']);
    expect(bodyOf(0)).toMatchObject({ sessionId: 's-9', stateData: '{"n":2}' });
    expect(m.getSnapshot()).toMatchObject({ pending: 0, hasUnsavedProgress: false, syncError: '이미 다른 결과로 종료된 게임 세션입니다.' });
  });

  it('keeps the queue while still offline and only replays the owner’s calls', async () => {
    signIn();
    localStorage.setItem(
      SYNC_QUEUE_KEY,
      JSON.stringify([
        { kind: 'end', id: 'q1', userId: 'someone-else', sessionId: 's-x', gameType: 'TETRIS', result: { score: 1 }, queuedAt: 'now' },
      ]),
    );
    const m = manager();
    await m.flush();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(m.getSnapshot().pending).toBe(1);
  });
});

describe('guests', () => {
  it('get a local guest- session and never call the server', async () => {
    const m = manager();
    await m.load();
    const s = await m.start('TETRIS');
    expect(s.sessionId).toMatch(/^guest-/);
    expect(s.guest).toBe(true);
    await m.save('{"local":true}');
    expect(localStorage.getItem(`gameState-${s.sessionId}`)).toBe('{"local":true}');
    const out = await m.end({ score: 900, level: 2, linesCleared: 12, timeElapsedSeconds: 80, maxCombo: 1 });
    expect(out).toEqual({ kind: 'guest', isPersonalBest: true, highScore: 900 });
    await m.start('TETRIS');
    await m.abandon();
    await m.start('TETRIS');
    expect((await m.end({ score: 300 })).kind).toBe('guest');
    await m.flush();
    await m.migrateGuestHistory();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem('tetris-high-score')).toBe('900');
    const history = JSON.parse(localStorage.getItem('game-history')!);
    expect(history.map((h: { score: number }) => h.score)).toEqual([300, 900]);
    expect(localStorage.getItem(`gameState-${s.sessionId}`)).toBeNull();
  });

  it('migrate the guest history after login once, remembering the imported ids', async () => {
    localStorage.setItem(
      'game-history',
      JSON.stringify([
        { id: 'guest-a', gameType: 'TETRIS', score: 700, playedAt: '2026-11-21T10:00:00.000Z' },
        { id: 'guest-b', gameType: 'TETRIS', score: 2500, playedAt: '2026-11-20T10:00:00.000Z', level: 3 },
      ]),
    );
    localStorage.setItem('tetris-high-score', '2500');
    signIn();
    fetchMock.mockResolvedValueOnce(ok({ imported: ['guest-a'], alreadyImported: ['guest-b'] }));
    const m = manager();
    await m.migrateGuestHistory();
    expect(calls()).toEqual(['POST /api/games/guest-history/import']);
    expect(bodyOf(0).entries.map((e: { guestId: string }) => e.guestId)).toEqual(['guest-a', 'guest-b']);
    expect(bodyOf(0).entries[1]).toMatchObject({ gameType: 'TETRIS', score: 2500, level: 3 });
    expect(JSON.parse(localStorage.getItem(MIGRATED_KEY)!).sort()).toEqual(['guest-a', 'guest-b']);

    await m.migrateGuestHistory();
    await manager().migrateGuestHistory();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('migrate a lone high score once, and keep ids when the import fails', async () => {
    localStorage.setItem('tetris-high-score', '5000');
    signIn();
    fetchMock.mockImplementationOnce(offline);
    const m = manager();
    await m.migrateGuestHistory();
    expect(localStorage.getItem(MIGRATED_KEY)).toBeNull();
    fetchMock.mockResolvedValueOnce(ok({ imported: ['tetris-high-score-5000'], alreadyImported: [] }));
    await m.migrateGuestHistory();
    expect(bodyOf(1).entries).toEqual([expect.objectContaining({ guestId: 'tetris-high-score-5000', score: 5000 })]);
    await m.migrateGuestHistory();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('drop a stored guest session once the player has logged in', async () => {
    localStorage.setItem('activeGameSession', JSON.stringify({ ...stored('guest-1'), guest: true, userId: null }));
    signIn();
    const m = manager();
    await m.load();
    expect(m.getSnapshot().session).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
