// My Tetris controls (/api/games/tetris/settings): owner only, validated in the reader's
// language, and a game played with held keys under those settings replays on the server.
import { DEFAULT_TETRIS_SETTINGS } from '@moim/contract';
import { msToTicks, summarizeTetris, TetrisGame, TetrisKeys, tetrisShiftRoom, type TetrisControlName } from '@moim/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { backdate, end, makeUser, start, type TestUser } from './games-test-helpers.ts';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  alice = await makeUser(t, 'Alice');
  bob = await makeUser(t, 'Bob');
});
afterAll(() => t.close());

const URL = '/api/games/tetris/settings';
const get = (user: TestUser | null) => t.call({ method: 'GET', url: URL, headers: user?.headers ?? {} });
const put = (user: TestUser | null, payload: unknown, locale?: string) =>
  t.call({
    method: 'PUT',
    url: URL,
    headers: { ...(user?.headers ?? {}), ...(locale ? { 'accept-language': locale } : {}) },
    payload: payload as object,
  });

const mine = {
  dasMs: 0,
  arrMs: 0,
  softDropFactor: 0,
  bindings: {
    left: ['KeyA'],
    right: ['KeyD'],
    softDrop: ['KeyS'],
    hardDrop: ['KeyW', 'Space'],
    rotateCW: ['KeyK'],
    rotateCCW: ['KeyJ'],
    hold: ['KeyL'],
    pause: ['Escape'],
  },
};

describe('GET/PUT /api/games/tetris/settings', () => {
  it('refuses guests', async () => {
    expect((await get(null)).status).toBe(401);
    expect((await put(null, mine)).status).toBe(401);
  });

  it('answers the defaults until a player saves, then that player’s own settings only', async () => {
    const before = await get(alice);
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({ settings: DEFAULT_TETRIS_SETTINGS, updatedAt: null });

    const saved = await put(alice, mine);
    expect(saved.status).toBe(200);
    expect(saved.body.data.settings).toEqual(mine);
    expect(Date.parse(saved.body.data.updatedAt)).toBeGreaterThan(0);
    expect((await get(alice)).body.data.settings).toEqual(mine);

    // another player reads and writes only their own
    expect((await get(bob)).body.data).toEqual({ settings: DEFAULT_TETRIS_SETTINGS, updatedAt: null });
    await put(bob, { ...mine, dasMs: 100 });
    expect((await get(alice)).body.data.settings.dasMs).toBe(0);
    expect((await get(bob)).body.data.settings.dasMs).toBe(100);
  });

  it('refuses a key bound to two actions, naming both fields in the reader’s language', async () => {
    const clash = { ...mine, bindings: { ...mine.bindings, hold: ['KeyA'] } };
    const ko = await put(alice, clash);
    expect(ko.status).toBe(400);
    expect(ko.body.error.code).toBe('VAL-2001');
    const paths = ko.body.error.details.fields.map((f: { path: string }) => f.path).sort();
    expect(paths).toEqual(['body.bindings.hold', 'body.bindings.left']);
    expect(ko.body.error.details.fields[0].message).toBe('같은 키가 두 동작에 지정되어 있습니다.');
    const en = await put(alice, clash, 'en');
    expect(en.body.error.details.fields[0].message).toBe('The same key is bound to two actions.');
    // nothing was stored
    expect((await get(alice)).body.data.settings).toEqual(mine);
  });

  it('refuses values out of range, Tab, an unknown key name and a soft-drop factor the engine does not play', async () => {
    const cases: [unknown, string][] = [
      [{ ...mine, dasMs: 501 }, 'body.dasMs'],
      [{ ...mine, arrMs: -1 }, 'body.arrMs'],
      [{ ...mine, softDropFactor: 1 }, 'body.softDropFactor'],
      [{ ...mine, bindings: { ...mine.bindings, pause: ['Tab'] } }, 'body.bindings.pause.0'],
      [{ ...mine, bindings: { ...mine.bindings, pause: ['<script>'] } }, 'body.bindings.pause.0'],
      [{ ...mine, bindings: { ...mine.bindings, pause: [] } }, 'body.bindings.pause'],
    ];
    for (const [body, path] of cases) {
      const r = await put(alice, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.details.fields.map((f: { path: string }) => f.path)).toContain(path);
    }
  });
});

describe('a game played with held keys under the saved settings', () => {
  it('replays on the server to the same score', async () => {
    const { settings } = (await get(alice)).body.data as { settings: typeof mine };
    const s = await start(t, alice);
    const game = new TetrisGame(s.seed, { softDropFactor: settings.softDropFactor });
    const keys = new TetrisKeys({ dasTicks: msToTicks(settings.dasMs), arrTicks: msToTicks(settings.arrMs) });
    // keys held for many ticks: ← for 30, then → for 50 with soft drop, rotations, a hard drop
    const script: [number, 'down' | 'up', TetrisControlName][] = [];
    for (let piece = 0; piece < 40; piece++) {
      const at = piece * 90;
      const dir = piece % 3 === 0 ? 'left' : 'right';
      script.push([at, 'down', dir], [at + 20 + (piece % 4) * 10, 'up', dir]);
      if (piece % 2) script.push([at + 5, 'down', 'rotateCW'], [at + 6, 'up', 'rotateCW']);
      if (piece % 5 === 1) script.push([at + 30, 'down', 'softDrop'], [at + 70, 'up', 'softDrop']);
      script.push([at + 80, 'down', 'hardDrop'], [at + 81, 'up', 'hardDrop']);
    }
    for (let tick = 0; tick < 40 * 90 && !game.state.gameOver; tick++) {
      for (const [at, kind, control] of script) {
        if (at !== tick) continue;
        if (kind === 'down') keys.down(control);
        else keys.up(control);
      }
      game.step(keys.tick((dir) => tetrisShiftRoom(game.state, dir)));
    }
    const summary = summarizeTetris(game.state);
    const log = game.log();
    expect(log.softDropFactor).toBe(0);
    expect(log.inputs.filter(([, a]) => a === 'L' || a === 'R').length).toBeGreaterThan(40);
    await backdate(t, s.sessionId, Math.ceil(log.ticks / 60) + 1);
    const r = await end(t, alice, s.sessionId, { ...summary, gameData: log });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ verified: true, score: summary.score });
  });
});
