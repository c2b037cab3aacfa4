// CPU per call of the leaderboard hot reads in process (a diagnostic, like bench/cpu-per-call.ts):
// bare, top10, around-me (signed in) and user through app.inject on a board of LB_CPU_SIZE players,
// `process.cpuUsage` over ROUNDS rounds of CALLS calls; prints min and median µs per call.
//   LB_CPU_SIZE=10000  CPU_CALLS=2000  CPU_ROUNDS=8  CPU_ONLY=top,around  CPU_PROFILE=around|top|user|bare
//   (node:inspector, self and inclusive time; CPU_PROFILE_OUT=<file> keeps the .cpuprofile)
//   LB_CPU_PARTS=1: also the parts of an around-me call alone (service, token, session, validation, JSON), µs each.
import { aroundMeParams, aroundMeQuery } from '@moim/contract';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { currentUser } from '../apps/server/src/http/auth-guard.ts';
import { ok } from '../apps/server/src/http/envelope.ts';
import { leaderboardJson } from '../apps/server/src/modules/games/leaderboard-json.ts';
import { profileCalls } from './cpu-profile.ts';
import { startBenchApp } from './support.ts';

const size = Number(process.env.LB_CPU_SIZE ?? 10000);
const calls = Number(process.env.CPU_CALLS ?? 2000);
const rounds = Number(process.env.CPU_ROUNDS ?? 8);
const s = await startBenchApp({ DATABASE_URL: '' });
try {
  const { ctx } = s;
  const games = s.app.apis.games;
  await ctx.database.exec(
    `insert into users (id, email, name) select md5('bench' || g)::uuid, 'p' || g || '@bench.test', 'Player ' || g from generate_series(1, $1::int) g`,
    [size],
  );
  const u = await ctx.database.exec(`insert into users (email, name) values ('owner@bench.test', 'Owner') returning id`);
  const uid = String(u.rows[0]!.id);
  const sess = await ctx.database.exec(
    `insert into game_sessions (user_id, game_type, status, seed, ended_at, result_hash) values ($1, 'TETRIS', 'COMPLETED', 'bench-seed-0000', now(), 'x') returning id`,
    [uid],
  );
  const rec = await ctx.database.exec(
    `insert into game_records (user_id, game_type, source, session_id, verified, ranked, score) values ($1, 'TETRIS', 'SESSION', $2, true, true, 1) returning id`,
    [uid, sess.rows[0]!.id],
  );
  await ctx.database.exec(
    `insert into game_best_scores (game_type, period, user_id, score, achieved_at, record_id, updated_at)
     select 'TETRIS', 'ALL', md5('bench' || g)::uuid, (hashtext('s' || g) & 1048575) % 1000000,
            timestamptz '2026-11-01' + ((hashtext('t' || g) & 2147483647) % 2592000) * interval '1 second', $2::uuid, timestamptz '2026-11-01'
     from generate_series(1, $1::int) g`,
    [size, rec.rows[0]!.id],
  );
  await games.boards.rebuild();
  await games.boards.ensure('TETRIS', 'ALL');
  const mid = String((await ctx.database.exec(`select md5('bench' || $1::int)::uuid as id`, [Math.ceil(size / 2)])).rows[0]!.id);
  const token = await ctx.tokens.sign({ id: mid, roles: ['ROLE_USER'], systemRole: 'ROLE_USER' });
  const eps = [
    { label: 'bare', url: '/bench/bare' },
    { label: 'top', url: '/api/games/leaderboards/global?gameType=TETRIS&limit=10' },
    { label: 'around', url: '/api/games/leaderboards/TETRIS/around-me?range=5', headers: { authorization: `Bearer ${token}` } },
    { label: 'user', url: `/api/games/leaderboards/user?gameType=TETRIS&userId=${mid}` },
    // the same top 10 and player entry with the caller's token (top checks it; user ignores it)
    { label: 'top-auth', url: '/api/games/leaderboards/global?gameType=TETRIS&limit=10', headers: { authorization: `Bearer ${token}` } },
    {
      label: 'user-auth',
      url: `/api/games/leaderboards/user?gameType=TETRIS&userId=${mid}`,
      headers: { authorization: `Bearer ${token}` },
    },
  ].filter((e) => !process.env.CPU_ONLY || e.label === 'bare' || process.env.CPU_ONLY.split(',').includes(e.label));
  const call = async (e: (typeof eps)[number]) => {
    const r = await s.app.inject({ method: 'GET', url: e.url, headers: e.headers ?? {} });
    if (r.statusCode !== 200) throw new Error(`${e.label} ${r.statusCode} ${r.body}`);
  };
  for (const e of eps) for (let i = 0; i < 300; i++) await call(e);
  const res = new Map<string, number[]>(eps.map((e) => [e.label, []]));
  for (let r = 0; r < rounds; r++) {
    for (const e of eps) {
      const c0 = process.cpuUsage();
      for (let i = 0; i < calls; i++) await call(e);
      const c = process.cpuUsage(c0);
      res.get(e.label)!.push((c.user + c.system) / calls);
    }
  }
  const out: Record<string, string> = {};
  for (const [label, xs] of res) {
    xs.sort((a, b) => a - b);
    out[label] = `min ${Math.round(xs[0]!)} med ${Math.round(xs[Math.floor(xs.length / 2)]!)}`;
  }
  console.log(JSON.stringify({ size, calls, rounds, tag: process.env.CPU_TAG ?? '', ...out }));
  if (process.env.LB_CPU_PARTS) {
    const part = async (label: string, f: () => unknown, n = 50_000) => {
      for (let i = 0; i < 5000; i++) await f();
      const c0 = process.cpuUsage();
      for (let i = 0; i < n; i++) await f();
      const c = process.cpuUsage(c0);
      console.log(`${label.padEnd(34)} ${((c.user + c.system) / n).toFixed(2)} µs`);
    };
    const b = games.boards;
    const validator = (schema: unknown, httpPart: string) =>
      validatorCompiler({ schema, method: 'GET', url: '/x', httpPart } as never) as (d: unknown) => unknown;
    const vq = validator(aroundMeQuery, 'querystring');
    const vp = validator(aroundMeParams, 'params');
    const claims = await ctx.tokens.verify(token);
    const answer = ok(await b.aroundMe('TETRIS', 'ALL_TIME', mid, 5));
    await part('boards.aroundMe (±5)', () => b.aroundMe('TETRIS', 'ALL_TIME', mid, 5));
    await part('boards.forUser', () => b.forUser('TETRIS', 'ALL_TIME', mid));
    await part('boards.global (top 10, cached)', () => b.global('TETRIS', 'ALL_TIME', 10, null));
    await part('index.around (±5)', () => b.index.around('TETRIS:ALL', mid, 5));
    await part('boards.ensure', () => b.ensure('TETRIS', 'ALL'));
    await part('tokens.verify (remembered)', () => ctx.tokens.verify(token));
    await part('currentUser (session cache)', () => currentUser(ctx.sessions, claims));
    await part('validate query (zod)', () => vq({ range: '5' }));
    await part('validate params (zod)', () => vp({ gameType: 'TETRIS' }));
    await part('leaderboardJson (11 entries)', () => leaderboardJson(answer));
  }
  const prof = process.env.CPU_PROFILE;
  if (prof) {
    const e = eps.find((x) => x.label === prof)!;
    await profileCalls(20000, () => call(e));
  }
} finally {
  await s.close();
}
