/**
 * The leaderboard routes write their JSON directly (leaderboard-json.ts): the bytes must be those
 * of the route's zod serializer (and of JSON.stringify of the schema-parsed answer) for the
 * service's answers — top N, around-me, a player's entry, all-time and weekly, a DEDUCTION
 * difficulty board, with names in Hangul, quotes, backslashes, line separators and emoji, a
 * picture, a deactivated and a deleted player (no name, no picture), an unranked caller — and
 * anything the schema would refuse must still be refused.
 */
import { randomUUID } from 'node:crypto';
import { envelope, leaderboard } from '@moim/contract';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { ok } from '../../http/envelope.ts';
import { makeUser, type TestUser } from './games-test-helpers.ts';
import { leaderboardJson, leaderboardSerializerCompiler } from './leaderboard-json.ts';
import { weekKey } from './periods.ts';

const route = { schema: envelope(leaderboard), method: 'GET', url: '/api/games/leaderboards/global', httpStatus: '200' };
const zodSerialize = serializerCompiler(route) as (data: unknown) => string;
const schemaJson = (data: unknown) => JSON.stringify(envelope(leaderboard).parse(data));

const NAMES = [
  '한글 이름',
  '주인 "따옴표" \\ 백슬래시',
  '줄\n바꿈\t탭 \u2028 \u2029',
  '이모지 🚀🎮',
  '<script>alert(1)</script> & </b>',
  'ㄱㄴㄷ ㅎㅎ',
  'plain',
  '\u0001 control \u001f',
  '떠난 사람',
  '지운 사람',
  '동점 A',
  '동점 B',
];

let t: TestApp;
let players: TestUser[];
let outsider: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  players = [];
  for (const name of NAMES) players.push(await makeUser(t, name));
  outsider = await makeUser(t, '순위 없음');
  const [withPicture, deactivated, deleted] = [players[3]!, players[8]!, players[9]!];
  await t.ctx.database.exec(`update users set profile_image = $2 where id = $1`, [withPicture.id, 'https://img.example.com/a "b".png']);
  await t.ctx.database.exec(`update users set status = 'DEACTIVATED' where id = $1`, [deactivated.id]);
  await t.ctx.database.exec(`update users set status = 'DELETED' where id = $1`, [deleted.id]);

  const owner = players[0]!.id;
  const sess = await t.ctx.database.exec(
    `insert into game_sessions (user_id, game_type, status, seed, ended_at, result_hash) values ($1, 'TETRIS', 'COMPLETED', 'json-seed-0000', now(), 'x') returning id`,
    [owner],
  );
  const rec = await t.ctx.database.exec(
    `insert into game_records (user_id, game_type, source, session_id, verified, ranked, score) values ($1, 'TETRIS', 'SESSION', $2, true, true, 1) returning id`,
    [owner, sess.rows[0]!.id],
  );
  const week = weekKey(Date.now());
  for (const [i, p] of players.entries()) {
    // two ties (the same score, the earlier first), a zero score, times with milliseconds
    const score = i >= 10 ? 5_000 : i === 7 ? 0 : 1_000 * (i + 1) + 7;
    const at = new Date(Date.parse('2026-11-02T03:04:05.678Z') + i * 1_234_567).toISOString();
    for (const period of ['ALL', week]) {
      await t.ctx.database.exec(
        `insert into game_best_scores (game_type, period, user_id, score, achieved_at, record_id, updated_at) values ('TETRIS', $1, $2, $3, $4, $5, now())`,
        [period, p.id, score, at, rec.rows[0]!.id],
      );
    }
  }
  await t.api.games.boards.rebuild();
  await t.api.games.boards.ensure('TETRIS', 'ALL');
  await t.api.games.boards.ensure('TETRIS', week);
}, 120_000);
afterAll(() => t.close());

async function body(url: string, user?: TestUser): Promise<string> {
  const r = await t.app.inject({ method: 'GET', url: `/api/games/leaderboards${url}`, headers: user?.headers ?? {} });
  expect(r.statusCode, url).toBe(200);
  expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
  return r.body;
}

describe('leaderboard JSON written directly', () => {
  it('sends the bytes of the zod serializer for top N, around-me and a player, all-time and weekly', async () => {
    const boards = t.api.games.boards;
    let entries = 0;
    for (const period of ['ALL_TIME', 'WEEKLY'] as const) {
      for (const limit of [1, 10, 100]) {
        for (const viewer of [undefined, players[2]!, outsider]) {
          const sent = await body(`/global?gameType=TETRIS&limit=${limit}&period=${period}`, viewer);
          const ref = ok(await boards.global('TETRIS', period, limit, viewer?.id ?? null));
          expect(sent).toBe(zodSerialize(ref));
          expect(sent).toBe(schemaJson(ref));
          expect(leaderboardJson(ref)).toBe(sent); // written directly, not left to zod
          entries += ref.data.entries.length;
        }
      }
      for (const p of [...players, outsider]) {
        // (a deactivated or deleted account cannot sign in: its board answers are the others')
        for (const range of p === players[8] || p === players[9] ? [] : [0, 1, 5, 50]) {
          const sent = await body(`/TETRIS/around-me?range=${range}&period=${period}`, p);
          const ref = ok(await boards.aroundMe('TETRIS', period, p.id, range));
          expect(sent).toBe(zodSerialize(ref));
          expect(sent).toBe(schemaJson(ref));
          expect(leaderboardJson(ref)).toBe(sent); // written directly, not left to zod
        }
        const sent = await body(`/user?gameType=TETRIS&userId=${p.id}&period=${period}`);
        const ref = ok(await boards.forUser('TETRIS', period, p.id));
        expect(sent).toBe(zodSerialize(ref));
        expect(sent).toBe(schemaJson(ref));
        expect(leaderboardJson(ref)).toBe(sent);
      }
    }
    expect(entries).toBeGreaterThan(50);
    // a DEDUCTION difficulty board (empty here): difficulty set, no entries
    const sent = await body('/global?gameType=DEDUCTION&difficulty=BEGINNER', players[0]);
    expect(sent).toBe(zodSerialize(ok(await boards.global('DEDUCTION', 'ALL_TIME', 10, players[0]!.id, 'BEGINNER'))));
    expect(JSON.parse(sent)).toMatchObject({ data: { difficulty: 'BEGINNER', entries: [], userRank: null } });
  });

  it('covers the cases it is meant to: no name nor picture for a deactivated or deleted player, a picture, Hangul', async () => {
    const all = JSON.parse(await body('/global?gameType=TETRIS&limit=100')) as {
      data: { entries: { userId: string; name: string | null; profileImage: string | null; score: number }[] };
    };
    const byId = new Map(all.data.entries.map((e) => [e.userId, e]));
    expect(byId.size).toBe(NAMES.length);
    expect(byId.get(players[8]!.id)).toMatchObject({ name: null, profileImage: null });
    expect(byId.get(players[9]!.id)).toMatchObject({ name: null, profileImage: null });
    expect(byId.get(players[3]!.id)).toMatchObject({ name: '이모지 🚀🎮', profileImage: 'https://img.example.com/a "b".png' });
    expect(byId.get(players[1]!.id)!.name).toBe('주인 "따옴표" \\ 백슬래시');
    expect(byId.get(players[7]!.id)!.score).toBe(0);
  });

  it('writes crafted answers as the schema does, extra keys dropped, odd strings escaped alike', () => {
    const entry = (over: Record<string, unknown> = {}) => ({
      rank: 3,
      userId: randomUUID(),
      name: '이름',
      profileImage: null,
      score: 12,
      playedAt: '2026-11-25T00:00:00.000Z',
      ...over,
    });
    const answers = [
      { gameType: 'TETRIS', difficulty: null, period: 'ALL_TIME', periodStart: null, entries: [], userRank: null },
      {
        gameType: 'DEDUCTION',
        difficulty: 'ADVANCED',
        period: 'WEEKLY',
        periodStart: '2026-11-23T00:00:00+09:00',
        entries: [
          entry({ name: '\ud800 lone \udfff', extra: 'dropped' }),
          entry({ name: null, profileImage: '/a?b=1&c="2"', score: -0 }),
          entry({ rank: Number.MAX_SAFE_INTEGER, score: 1e15 }),
        ],
        userRank: { rank: 1, totalPlayers: 0, extra: true },
        extra: { nested: 1 },
      },
    ];
    for (const a of answers) {
      const data = { success: true, data: a, extra: 1 };
      expect(leaderboardJson(data)).toBe(zodSerialize(data));
      expect(leaderboardJson(data)).toBe(schemaJson(data));
    }
  });

  it('leaves to the zod serializer (which refuses them) the values the schema does not accept', () => {
    const good = {
      success: true,
      data: { gameType: 'TETRIS', difficulty: null, period: 'ALL_TIME', periodStart: null, entries: [] as unknown[], userRank: null },
    };
    const e = { rank: 1, userId: 'u', name: null, profileImage: null, score: 1, playedAt: 'x' };
    const bad: unknown[] = [
      null,
      { ...good, success: false },
      { success: true },
      { ...good, data: { ...good.data, gameType: 'CHESS' } },
      { ...good, data: { ...good.data, period: 'DAILY' } },
      { ...good, data: { ...good.data, difficulty: 1 } },
      { ...good, data: { ...good.data, periodStart: undefined } },
      { ...good, data: { ...good.data, entries: {} } },
      { ...good, data: { ...good.data, userRank: { rank: 0, totalPlayers: 1 } } },
      { ...good, data: { ...good.data, userRank: undefined } },
      { ...good, data: { ...good.data, entries: [{ ...e, rank: 0 }] } },
      { ...good, data: { ...good.data, entries: [{ ...e, score: 1.5 }] } },
      { ...good, data: { ...good.data, entries: [{ ...e, score: -1 }] } },
      { ...good, data: { ...good.data, entries: [{ ...e, score: Number.NaN }] } },
      { ...good, data: { ...good.data, entries: [{ ...e, score: 2 ** 53 }] } },
      { ...good, data: { ...good.data, entries: [{ ...e, score: '1' }] } },
      { ...good, data: { ...good.data, entries: [{ ...e, name: undefined }] } },
      { ...good, data: { ...good.data, entries: [{ ...e, playedAt: new Date() }] } },
      { ...good, data: { ...good.data, entries: [e, null] } },
    ];
    const serialize = leaderboardSerializerCompiler(route as never);
    expect(serialize(good)).toBe(zodSerialize(good));
    for (const b of bad) {
      expect(leaderboardJson(b), JSON.stringify(b)).toBeNull();
      expect(() => zodSerialize(b)).toThrow();
      expect(() => serialize(b)).toThrow();
    }
  });
});
