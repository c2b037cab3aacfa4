/**
 * Issue 12 items 5 and 7: no input answers 500 or leaves the envelope. One rule refuses NUL and
 * lone surrogates in every query, path parameter and JSON body (400 VAL-2002); the router's own
 * errors (an undecodable URL, an over-long path parameter) and the body parser's (bad JSON, wrong
 * content type, too large) answer in the envelope with catalogue codes.
 */
import { addDays, seoulDate } from '@moim/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support.ts';
import { start } from '../modules/games/games-test-helpers.ts';
import { applyOk, approvedStudy, createUser, joinStudy, type TestUser } from '../modules/studies/test-helpers.ts';

let t: TestApp;
let leader: TestUser;
let admin: TestUser;
let member: TestUser;
let studyId: string;

beforeAll(async () => {
  t = await createTestApp();
  leader = await createUser(t);
  admin = await createUser(t, { admin: true });
  member = await createUser(t);
  studyId = (await approvedStudy(t, leader, admin)).id;
  await joinStudy(t, leader, member, studyId);
});
afterAll(() => t.close());

function expectUnsafeText(r: { status: number; body: any }, path?: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body).toMatchObject({ success: false, error: { code: 'VAL-2002' } });
  expect(typeof r.body.message).toBe('string');
  if (path) expect(r.body.error.details.fields[0].path).toBe(path);
}

/** A raw JSON text, so the escapes reach the server as written (`"\ud800"` stays a lone surrogate). */
const raw = (json: string, auth: Record<string, string>) => ({
  headers: { ...auth, 'content-type': 'application/json' },
  payload: json,
});

describe('NUL and lone surrogates are refused with VAL-2002 everywhere (item 5)', () => {
  it('in a query string', async () => {
    expectUnsafeText(await t.call({ method: 'GET', url: '/api/studies?q=%00' }), 'query.q');
    expectUnsafeText(await t.call({ method: 'GET', url: '/api/studies/paged?q=a%00b' }), 'query.q');
    expectUnsafeText(await t.call({ method: 'GET', url: '/api/projects?q=%00' }));
    expectUnsafeText(await t.call({ method: 'GET', url: '/api/job-postings?q=%00' }));
  });

  it('in a path parameter', async () => {
    expectUnsafeText(await t.call({ method: 'GET', url: '/api/studies/%00' }), 'params.id');
    expectUnsafeText(await t.call({ method: 'GET', url: '/api/studies/slug/x%00y' }), 'params.slug');
  });

  it("in an application's motivation", async () => {
    const applicant = await createUser(t);
    const r = await t.call({
      method: 'POST',
      url: `/api/studies/${studyId}/applications`,
      ...raw('{"motivation":"a\\u0000b"}', applicant.headers),
    });
    expectUnsafeText(r, 'body.motivation');
    // the same applicant can still apply with clean text afterwards
    await applyOk(t, applicant, studyId);
  });

  it('in a study page section title (a lone surrogate sent as a JSON escape)', async () => {
    const r = await t.call({
      method: 'PUT',
      url: `/api/studies/${studyId}/page/draft`,
      ...raw('{"sections":[{"id":"intro","type":"richText","title":"\\ud800","html":"<p>hi</p>"}]}', leader.headers),
    });
    expectUnsafeText(r, 'body.sections.0.title');
  });

  it('in a warning reason, an event title and an admin note', async () => {
    expectUnsafeText(
      await t.call({
        method: 'POST',
        url: `/api/studies/${studyId}/members/${member.id}/warnings`,
        ...raw('{"reason":"late \\udc00 again"}', leader.headers),
      }),
      'body.reason',
    );
    const date = addDays(seoulDate(new Date()), 20);
    expectUnsafeText(
      await t.call({
        method: 'POST',
        url: `/api/studies/${studyId}/events`,
        headers: leader.headers,
        payload: { title: 'week\u00001', date, startTime: '20:00', endTime: '21:00', location: 'ONLINE' },
      }),
      'body.title',
    );
    expectUnsafeText(
      await t.call({
        method: 'POST',
        url: `/api/admin/payments/${crypto.randomUUID()}/deposit/return`,
        ...raw('{"note":"\\u0000"}', admin.headers),
      }),
      'body.note',
    );
  });

  it('in a saved game state, as a value and as a key', async () => {
    const s = await start(t, { ...member, name: member.name });
    expectUnsafeText(
      await t.call({
        method: 'POST',
        url: '/api/games/states/save',
        headers: member.headers,
        payload: { sessionId: s.sessionId, stateData: 'board\u0000' },
      }),
      'body.stateData',
    );
    const keyed = await t.call({
      method: 'POST',
      url: '/api/games/states/save',
      ...raw(`{"sessionId":"${s.sessionId}","stateData":{"a\\u0000":1}}`, member.headers),
    });
    expectUnsafeText(keyed);
    const nested = await t.call({
      method: 'POST',
      url: '/api/games/states/save',
      ...raw(`{"sessionId":"${s.sessionId}","stateData":{"rows":[[1,2],["\\ud83d"]]}}`, member.headers),
    });
    expectUnsafeText(nested, 'body.stateData.rows.1.0');
    // well-formed text with an astral character still saves
    const ok = await t.call({
      method: 'POST',
      url: '/api/games/states/save',
      headers: member.headers,
      payload: { sessionId: s.sessionId, stateData: { note: '모임 😀' } },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});

describe("the framework's own errors answer in the envelope (item 7)", () => {
  const envelopeOf = (r: { status: number; body: any; headers: Record<string, unknown> }, status: number, code: string) => {
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    expect(r.body).toMatchObject({ success: false, error: { code }, message: expect.any(String) });
    expect(r.body.error.message).toBe(r.body.message);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(r.headers['x-request-id']).toBeTruthy();
  };

  it('a URL that does not decode (FST_ERR_BAD_URL)', async () => {
    envelopeOf(await t.call({ method: 'GET', url: '/api/studies/%zz' }), 400, 'VAL-2002');
    envelopeOf(await t.call({ method: 'GET', url: '/api/studies/%ED%A0%80' }), 400, 'VAL-2002');
    envelopeOf(await t.call({ method: 'DELETE', url: '/api/studies/%E0%A4%A', headers: leader.headers }), 400, 'VAL-2002');
  });

  it('a path parameter over the router limit (was 414 in Fastify’s shape)', async () => {
    envelopeOf(await t.call({ method: 'GET', url: `/api/studies/${'a'.repeat(300)}` }), 400, 'VAL-2004');
    envelopeOf(await t.call({ method: 'GET', url: `/api/projects/${'b'.repeat(5000)}` }), 400, 'VAL-2004');
  });

  it('bad JSON, wrong content type and a body too large on a real route', async () => {
    const url = `/api/studies/${studyId}/applications`;
    const who = (await createUser(t)).headers;
    envelopeOf(
      await t.call({ method: 'POST', url, headers: { ...who, 'content-type': 'application/json' }, payload: '{"motivation": ' }),
      400,
      'VAL-2002',
    );
    envelopeOf(
      await t.call({ method: 'POST', url, headers: { ...who, 'content-type': 'application/xml' }, payload: '<a/>' }),
      415,
      'VAL-2007',
    );
    envelopeOf(
      await t.call({ method: 'POST', url, headers: { ...who, 'content-type': 'text/plain' }, payload: 'motivation' }),
      415,
      'VAL-2007',
    );
    const big = JSON.stringify({ motivation: 'x'.repeat(1024 * 1024 + 10) });
    envelopeOf(
      await t.call({ method: 'POST', url, headers: { ...who, 'content-type': 'application/json' }, payload: big }),
      413,
      'VAL-2006',
    );
    envelopeOf(
      await t.call({ method: 'POST', url, headers: { ...who, 'content-type': 'application/json' }, payload: '' }),
      400,
      'VAL-2003',
    );
  });
});
