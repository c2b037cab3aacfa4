import { drawWinners } from '@moim/games';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_LIMITS } from '@moim/contract';
import { expectErrorInLanguage } from '../../../test/languages.ts';
import { createTestApp, type TestApp } from '../../../test/support.ts';

let t: TestApp;
interface Caller {
  id: string;
  headers: { authorization: string };
}
let owner: Caller;
let other: Caller;

/** A user made through the public sign-up (the lab needs nothing else from accounts). */
async function signUp(name: string): Promise<Caller> {
  const r = await t.call({
    method: 'POST',
    url: '/api/users/register',
    payload: { email: `lab-${randomBytes(5).toString('hex')}@example.com`, password: 'a long enough passphrase', name },
  });
  expect(r.status).toBe(201);
  return { id: r.body.data.user?.id ?? r.body.data.id, headers: { authorization: `Bearer ${r.body.data.accessToken}` } };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp('리더');
  other = await signUp('다른 사람');
});
afterAll(() => t.close());

const people = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ name: `참가자${i + 1}`, tags: { 수준: ['초급', '중급', '고급'][i % 3]! } }));
const roster = (patch: object = {}) => ({
  name: '금요 모각코',
  people: people(8),
  settings: { split: { by: 'count', value: 2 }, apart: [['참가자1', '참가자2']], balanceBy: '수준', spreadLast: 2, theme: 'animal' },
  recent: [
    [
      ['참가자1', '참가자3'],
      ['참가자2', '참가자4'],
    ],
  ],
  ...patch,
});
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: Caller, payload?: object) =>
  t.call({ method, url, ...(who ? { headers: who.headers } : {}), ...(payload ? { payload } : {}) });

const entries = people(30).map((p) => ({ name: p.name, weight: 1 }));
function drawOf(seed: string, patch: Record<string, unknown> = {}) {
  const count = (patch.count as number | undefined) ?? 3;
  const pool = (patch.entries as typeof entries | undefined) ?? entries;
  const picks = drawWinners({ seed, entries: pool, count, allowRepeat: false });
  return {
    clientId: randomUUID(),
    game: 'SNAIL_RACE',
    seed,
    entries: pool,
    count,
    allowRepeat: false,
    winners: picks.map((p) => pool[p]!.name),
    ...patch,
  };
}

describe('saved rosters', () => {
  it('the owner saves, lists, reads, replaces and deletes a roster', async () => {
    const created = await call('POST', '/api/lab/rosters', owner, roster());
    expect(created.status).toBe(201);
    const r = created.body.data;
    expect(r).toMatchObject({
      name: '금요 모각코',
      settings: { split: { by: 'count', value: 2, allowSingles: false }, together: [], spreadLast: 2 },
    });
    expect(r.people[0]).toEqual({ name: '참가자1', tags: { 수준: '초급' } });
    expect(r.recent).toEqual([
      [
        ['참가자1', '참가자3'],
        ['참가자2', '참가자4'],
      ],
    ]);

    const list = await call('GET', '/api/lab/rosters?size=5', owner);
    expect(list.status).toBe(200);
    expect(list.body.data.content).toContainEqual(expect.objectContaining({ id: r.id, name: '금요 모각코', peopleCount: 8 }));
    expect(list.headers['cache-control']).toBe('no-store');

    const replaced = await call(
      'PUT',
      `/api/lab/rosters/${r.id}`,
      owner,
      roster({ name: '토요 스터디', people: people(3), settings: null, recent: [] }),
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject({ id: r.id, name: '토요 스터디', settings: null, recent: [] });
    expect((await call('GET', `/api/lab/rosters/${r.id}`, owner)).body.data.people).toHaveLength(3);

    expect((await call('DELETE', `/api/lab/rosters/${r.id}`, owner)).body.data).toEqual({ deleted: true });
    const gone = await call('GET', `/api/lab/rosters/${r.id}`, owner);
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('BIZ-3001');
  });

  it('another user cannot see, change or delete it (404 as for no roster), and a guest is refused', async () => {
    const r = (await call('POST', '/api/lab/rosters', owner, roster())).body.data;
    for (const [method, payload] of [['GET'], ['PUT', roster({ name: '가로채기' })], ['DELETE']] as const) {
      const res = await call(method, `/api/lab/rosters/${r.id}`, other, payload);
      expect(res.status, method).toBe(404);
      expect(res.body.error.code).toBe('BIZ-3001');
    }
    expect((await call('GET', '/api/lab/rosters', other)).body.data.content.map((x: { id: string }) => x.id)).not.toContain(r.id);
    expect((await call('GET', `/api/lab/rosters/${r.id}`, owner)).body.data.name).toBe('금요 모각코');
    for (const [method, url, payload] of [
      ['GET', '/api/lab/rosters'],
      ['POST', '/api/lab/rosters', roster()],
      ['GET', `/api/lab/rosters/${r.id}`],
      ['PUT', `/api/lab/rosters/${r.id}`, roster()],
      ['DELETE', `/api/lab/rosters/${r.id}`],
      ['GET', '/api/lab/draws'],
      ['POST', '/api/lab/draws', drawOf('guest')],
      ['POST', '/api/lab/draws/import', { draws: [drawOf('guest')] }],
      ['GET', '/api/lab/draws/stats'],
      ['DELETE', '/api/lab/draws'],
    ] as const) {
      const res = await call(method, url, undefined, payload);
      expect(res.status, `${method} ${url}`).toBe(401);
      expect(res.body.error.code).toBe('AUTH-1007');
    }
  });

  it('refuses unbounded or malformed input with 400', async () => {
    const bad: object[] = [
      roster({ people: people(201) }),
      roster({ people: [] }),
      roster({ name: 'x'.repeat(81) }),
      roster({ name: '  ' }),
      roster({ people: [{ name: '같은 이름' }, { name: '같은 이름' }] }),
      roster({ people: [{ name: 'a'.repeat(41) }] }),
      roster({ people: [{ name: '태그 부자', tags: Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`t${i}`, 'v'])) }] }),
      roster({ people: [{ name: '줄\u0007바꿈' }] }),
      roster({ people: [{ name: '반쪽\ud800' }] }),
      roster({ settings: { split: { by: 'count', value: 0 } } }),
      roster({ settings: { split: { by: 'count', value: 2 }, spreadLast: 11 } }),
      roster({ settings: { split: { by: 'count', value: 2 }, apart: Array.from({ length: 51 }, () => ['a', 'b']) } }),
      roster({ recent: Array.from({ length: 11 }, () => [['a']]) }),
    ];
    for (const body of bad) {
      const res = await call('POST', '/api/lab/rosters', owner, body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.body.error.code).toMatch(/^VAL-200/);
    }
    expect((await call('GET', '/api/lab/rosters/not-a-uuid', owner)).status).toBe(400);
  });

  it('keeps at most 50 rosters per user, also under concurrent saves', async () => {
    const user = await signUp('명단 수집가');
    const mine = async () => (await call('GET', '/api/lab/rosters?size=1', user)).body.data.totalElements as number;
    for (let i = 0; i < 44; i++) expect((await call('POST', '/api/lab/rosters', user, roster({ name: `명단 ${i}` }))).status).toBe(201);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call('POST', '/api/lab/rosters', user, roster({ name: `동시 ${i}` }))),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(6);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(422);
      expect(r.body.error.code).toBe('BIZ-3003');
    }
    expect(await mine()).toBe(50);
  });
});

describe('arena history', () => {
  it('records a draw whose seed replays to its winners, once per client id', async () => {
    const body = drawOf('meetup-1');
    const first = await call('POST', '/api/lab/draws', owner, body);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ seed: 'meetup-1', winners: body.winners, game: 'SNAIL_RACE', mode: null, excluded: [] });
    const again = await call('POST', '/api/lab/draws', owner, body);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
  });

  it('refuses a draw that its seed does not give, or that is inconsistent', async () => {
    const honest = drawOf('forgery');
    const forged = { ...honest, winners: [...honest.winners].reverse() };
    // the request alone is wrong: malformed input (400), not a business rule
    const r = await call('POST', '/api/lab/draws', owner, forged);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'VAL-2001', details: { reason: 'REPLAY_MISMATCH' } });
    const overlap = await call('POST', '/api/lab/draws', owner, { ...honest, excluded: [honest.entries[0]!.name] });
    expect(overlap.status).toBe(400);
    expect(overlap.body.error.details.fields).toEqual([expect.objectContaining({ path: 'body.excluded', code: 'custom' })]);
    for (const bad of [
      { ...honest, game: 'DART_WHEEL' }, // a dart wheel needs its mode
      { ...honest, mode: 'team' }, // and only it has one
      { ...honest, seed: 'has space' },
      { ...honest, count: 11 },
      { ...honest, entries: people(101).map((p) => ({ name: p.name, weight: 1 })) },
      { ...honest, entries: [{ name: 'a', weight: 101 }] },
      { ...honest, clientId: 'x' },
    ]) {
      const res = await call('POST', '/api/lab/draws', owner, bad);
      expect(res.status, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    const dart = drawOf('dart', { game: 'DART_WHEEL', mode: 'survival' });
    expect((await call('POST', '/api/lab/draws', owner, dart)).status).toBe(201);
  });

  it('lists, counts wins and appearances, imports, and clears, for the owner only', async () => {
    const user = await signUp('추첨 진행자');
    const small = entries.slice(0, 4);
    const a = drawOf('stats-a', { entries: small, count: 1 });
    const b = drawOf('stats-b', { entries: small, count: 2, playedAt: new Date(Date.now() - 86_400_000).toISOString() });
    expect((await call('POST', '/api/lab/draws', user, a)).status).toBe(201);
    const imported = await call('POST', '/api/lab/draws/import', user, { draws: [b, a] });
    expect(imported.body.data).toEqual({ imported: 1, skipped: 1 });

    const list = await call('GET', '/api/lab/draws?size=10', user);
    expect(list.body.data.totalElements).toBe(2);
    expect(list.body.data.content.map((d: { seed: string }) => d.seed)).toEqual(['stats-a', 'stats-b']);

    const stats = (await call('GET', '/api/lab/draws/stats', user)).body.data;
    expect(stats.draws).toBe(2);
    const wins = new Map<string, number>();
    for (const w of [...a.winners, ...b.winners]) wins.set(w, (wins.get(w) ?? 0) + 1);
    for (const p of stats.participants) {
      expect(p.appearances).toBe(2);
      expect(p.wins).toBe(wins.get(p.name) ?? 0);
    }
    expect(stats.participants).toHaveLength(4);

    expect((await call('GET', '/api/lab/draws', other)).body.data.content.map((d: { seed: string }) => d.seed)).not.toContain('stats-a');
    expect((await call('GET', '/api/lab/draws/stats', other)).body.data.participants.map((p: { name: string }) => p.name)).not.toContain(
      '참가자31',
    );

    const badBatch = await call('POST', '/api/lab/draws/import', user, {
      draws: [drawOf('ok-1'), { ...drawOf('bad'), winners: ['참가자1'] }],
    });
    expect([badBatch.status, badBatch.body.error.code]).toEqual([400, 'VAL-2001']);
    expect((await call('GET', '/api/lab/draws?size=1', user)).body.data.totalElements).toBe(2); // nothing of the bad batch

    expect((await call('DELETE', '/api/lab/draws', user)).body.data).toEqual({ deleted: 2 });
    expect((await call('GET', '/api/lab/draws/stats', user)).body.data).toEqual({ draws: 0, participants: [] });
    expect((await call('GET', '/api/lab/draws?size=1', owner)).body.data.totalElements).toBeGreaterThan(0);
  });

  it('keeps the newest 500 draws of a user', async () => {
    const user = await signUp('기록 많은 사람');
    const small = entries.slice(0, 5);
    const start = Date.now() - 600 * 60_000;
    for (let batch = 0; batch < 11; batch++) {
      const draws = Array.from({ length: 50 }, (_, i) => {
        const k = batch * 50 + i;
        return drawOf(`many-${k}`, { entries: small, count: 1, playedAt: new Date(start + k * 60_000).toISOString() });
      });
      expect((await call('POST', '/api/lab/draws/import', user, { draws })).status).toBe(200);
    }
    const oldest = await call('GET', '/api/lab/draws?size=1&sort=playedAt,asc', user);
    expect(oldest.body.data.totalElements).toBe(500);
    expect(oldest.body.data.content[0].seed).toBe('many-50');
  });
});

describe.each(['ko', 'en'] as const)('refusals in the reader’s language (%s)', (locale) => {
  const lang = (who: Caller) => ({ ...who.headers, 'accept-language': locale });
  it('says every refusal of the lab in the reader’s language, never the validator’s English or a key', async () => {
    const user = await signUp(`언어 ${locale}`);
    const honest = drawOf(`lang-${locale}`);
    const answers = await Promise.all([
      t.call({ method: 'GET', url: `/api/lab/rosters/${randomUUID()}`, headers: lang(user) }),
      t.call({ method: 'POST', url: '/api/lab/rosters', headers: lang(user), payload: roster({ people: [...people(2), people(1)[0]] }) }),
      t.call({
        method: 'POST',
        url: '/api/lab/rosters',
        headers: lang(user),
        payload: roster({
          people: [{ name: 'a', tags: Object.fromEntries(Array.from({ length: LAB_LIMITS.tagsPerPerson + 1 }, (_, i) => [`k${i}`, 'v'])) }],
        }),
      }),
      t.call({ method: 'POST', url: '/api/lab/rosters', headers: lang(user), payload: roster({ name: 'tab\there' }) }),
      t.call({
        method: 'POST',
        url: '/api/lab/draws',
        headers: lang(user),
        payload: { ...honest, winners: [...honest.winners].reverse() },
      }),
      t.call({ method: 'POST', url: '/api/lab/draws', headers: lang(user), payload: { ...honest, game: 'DART_WHEEL' } }),
      t.call({ method: 'POST', url: '/api/lab/draws', headers: lang(user), payload: { ...honest, excluded: [honest.entries[0]!.name] } }),
      t.call({
        method: 'POST',
        url: '/api/lab/draws',
        headers: lang(user),
        payload: { ...honest, clientId: randomUUID(), playedAt: new Date(Date.now() + 3_600_000).toISOString() },
      }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([404, 400, 400, 400, 400, 400, 400, 400]);
    for (const r of answers) expectErrorInLanguage(r.body, locale);
    expect(answers[2]!.body.error.details.fields[0].message).toContain(String(LAB_LIMITS.tagsPerPerson));
  });
});

describe('demo content', () => {
  it('gives the demo leader a saved roster and three draws that replay from their seeds', async () => {
    const leader = await signUp('데모 리더');
    const lab = t.app.modules.find((m) => m.name === 'lab')!;
    await lab.seeder!.demo!(t.ctx, { users: { leader: leader.id } });
    const rosters = (await call('GET', '/api/lab/rosters', leader)).body.data;
    expect(rosters.content).toEqual([expect.objectContaining({ name: '테코테코 7기 모각코', peopleCount: 12 })]);
    const draws = (await call('GET', '/api/lab/draws', leader)).body.data.content as {
      seed: string;
      entries: { name: string }[];
      count: number;
      winners: string[];
    }[];
    expect(draws).toHaveLength(3);
    for (const d of draws) {
      const picks = drawWinners({ seed: d.seed, entries: d.entries, count: d.count, allowRepeat: false });
      expect(picks.map((p) => d.entries[p]!.name)).toEqual(d.winners);
    }
  });
});
