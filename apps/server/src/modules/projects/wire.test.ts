/**
 * The projects section speaks the one dialect (docs/api-wire.md): "not yours" answered as the
 * rule says on every route (a draft: 404 as if missing; a published project: viewing is public,
 * changing it 403; its applications, and another person's application: 404), state conflicts 409 and business rules
 * 422, every refusal in the reader's language, links typed without a scheme made into addresses,
 * and the OpenAPI document with the names study applications use and the links' format.
 */
import { addDays } from '@moim/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorInReaderLanguage } from '../../../test/languages.ts';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { type Person, apply, applyOk, createProject, decide, form, move, person, today } from './test-helpers.ts';

let t: TestApp;
let owner: Person;
let stranger: Person;

beforeAll(async () => {
  t = await createTestApp();
  owner = await person(t, { name: 'Owner' });
  stranger = await person(t, { name: 'Stranger' });
});
afterAll(() => t.close());

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('not yours', () => {
  it('a draft of another user is not found on every route, exactly as a missing project', async () => {
    const draft = await createProject(t, owner, {}, false);
    const slug = encodeURIComponent(draft.slug);
    const calls = (id: string) => [
      { method: 'GET', url: `/api/projects/${id}` },
      { method: 'PUT', url: `/api/projects/${id}`, payload: form() },
      { method: 'DELETE', url: `/api/projects/${id}` },
      { method: 'POST', url: `/api/projects/${id}/status`, payload: { action: 'PUBLISH' } },
      {
        method: 'POST',
        url: `/api/projects/${id}/applications`,
        payload: {
          positionId: draft.positions[0]!.id,
          introduction: '열 글자가 넘는 자기소개입니다.',
          motivation: '열 글자가 넘는 지원 동기입니다.',
        },
      },
      { method: 'GET', url: `/api/projects/${id}/applications` },
      { method: 'POST', url: `/api/projects/${id}/applications/${MISSING}/accept` },
      { method: 'POST', url: `/api/projects/${id}/applications/${MISSING}/reject`, payload: { reviewNote: '이번에는 어려워요.' } },
    ];
    const missing = await Promise.all(calls(MISSING).map((c) => t.call({ ...c, headers: stranger.headers } as never)));
    const hidden = await Promise.all(calls(draft.id).map((c) => t.call({ ...c, headers: stranger.headers } as never)));
    for (const [i, r] of hidden.entries()) {
      expect(r.status, `${calls(draft.id)[i]!.method} ${calls(draft.id)[i]!.url}`).toBe(404);
      expect(r.body.error).toEqual(missing[i]!.body.error);
    }
    const bySlug = await t.call({ method: 'GET', url: `/api/projects/slug/${slug}`, headers: stranger.headers });
    expect(bySlug.status).toBe(404);
    expect(bySlug.body.error).toEqual(missing[0]!.body.error);
  });

  it('a published project: anyone views it, only its owner (or an admin) changes it — 403 AUTH-1004', async () => {
    const p = await createProject(t, owner);
    const a = await person(t);
    await applyOk(t, a, p, 0); // the applicant, too, may not change the project
    expect((await t.call({ method: 'GET', url: `/api/projects/${p.id}`, headers: stranger.headers })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/projects/slug/${encodeURIComponent(p.slug)}` })).status).toBe(200);
    const changes = [
      { method: 'PUT', url: `/api/projects/${p.id}`, payload: form() },
      { method: 'DELETE', url: `/api/projects/${p.id}` },
      { method: 'POST', url: `/api/projects/${p.id}/status`, payload: { action: 'CLOSE_RECRUITMENT' } },
    ];
    for (const who of [stranger, a]) {
      for (const c of changes) {
        const r = await t.call({ ...c, headers: who.headers } as never);
        expect(r.status, `${c.method} ${c.url}`).toBe(403);
        expect(r.body.error).toMatchObject({ code: 'AUTH-1004', message: '프로젝트 소유자만 할 수 있습니다.' });
      }
    }
  });

  it('a published project’s applications are private: to anyone but its owner or an admin they do not exist (404)', async () => {
    const p = await createProject(t, owner);
    const a = await person(t);
    const app = await applyOk(t, a, p, 0);
    const calls = (appId: string) => [
      { method: 'GET', url: `/api/projects/${p.id}/applications` },
      { method: 'POST', url: `/api/projects/${p.id}/applications/${appId}/accept` },
      { method: 'POST', url: `/api/projects/${p.id}/applications/${appId}/reject`, payload: { reviewNote: '이번에는 어려워요.' } },
    ];
    const missing = await Promise.all(calls(MISSING).map((c) => t.call({ ...c, headers: owner.headers } as never)));
    // the stranger, and the applicant too: they know their own application, not who else applied or the decision
    for (const who of [stranger, a]) {
      for (const [i, c] of calls(app.applicationId).entries()) {
        const r = await t.call({ ...c, headers: who.headers } as never);
        expect(r.status, `${c.method} ${c.url}`).toBe(404);
        expect(r.body.error).toMatchObject({ code: 'BIZ-3001', message: '지원서를 찾을 수 없습니다.' });
        if (i > 0) expect(r.body.error).toEqual(missing[i]!.body.error);
        expect(JSON.stringify(r.body)).not.toContain(a.name);
      }
    }
    const list = await t.call({ method: 'GET', url: `/api/projects/${p.id}/applications`, headers: owner.headers });
    expect(list.body.data.content.map((x: { applicant: { name: string } }) => x.applicant.name)).toEqual([a.name]);
  });

  it('another person’s application is not found (cancel), exactly as a missing one', async () => {
    const p = await createProject(t, owner);
    const a = await person(t);
    const app = await applyOk(t, a, p, 0);
    const missing = await decide(t, stranger, p, MISSING, 'cancel');
    expect([missing.status, missing.body.error.code]).toEqual([404, 'BIZ-3001']);
    for (const who of [stranger, owner]) {
      const r = await decide(t, who, p, app.applicationId, 'cancel');
      expect(r.status).toBe(404);
      expect(r.body.error).toEqual(missing.body.error);
    }
    expect((await decide(t, a, p, app.applicationId, 'cancel')).status).toBe(200);
  });
});

describe('status per kind of refusal', () => {
  it('a closed project and a full position are state conflicts (409 BIZ-3002); one’s own project is a rule (422 BIZ-3003)', async () => {
    const p = await createProject(t, owner, {
      positions: [
        { name: 'Backend', requiredCount: 1, requiredSkills: ['Go'] },
        { name: 'Frontend', requiredCount: 1, requiredSkills: ['React'] },
      ],
    });
    const m = await person(t);
    expect((await decide(t, owner, p, (await applyOk(t, m, p, 0)).applicationId, 'accept')).status).toBe(200);
    const full = await apply(t, stranger, p, 0);
    expect(full.status).toBe(409);
    expect(full.body.error.code).toBe('BIZ-3002');
    const own = await apply(t, owner, p, 1);
    expect(own.status).toBe(422);
    expect(own.body.error.code).toBe('BIZ-3003');
    await move(t, owner, p.id, 'CLOSE_RECRUITMENT');
    const closed = await apply(t, stranger, p, 1);
    expect(closed.status).toBe(409);
    expect(closed.body.error).toMatchObject({ code: 'BIZ-3002', details: { status: 'IN_PROGRESS' } });
  });
});

describe('languages', () => {
  it.each(['ko', 'en'] as const)('answers every refusal in the reader’s language (%s)', async (locale) => {
    const lang = { 'accept-language': locale };
    const as = (who: Person) => ({ ...who.headers, ...lang });
    const p = await createProject(t, owner, {
      name: `Map ${locale}`,
      positions: [
        { name: 'Backend', requiredCount: 1, requiredSkills: ['Go'] },
        { name: 'Frontend', requiredCount: 1, requiredSkills: ['React'] },
      ],
    });
    const draft = await createProject(t, owner, { name: `Draft ${locale}` }, false);
    const member = await person(t);
    const joined = await applyOk(t, member, p, 0);
    expect((await decide(t, owner, p, joined.applicationId, 'accept')).status).toBe(200);
    const waiting = await person(t);
    const pending = await applyOk(t, waiting, p, 1);
    const applyAs = (who: Person, position: string, extra: object = {}) =>
      t.call({
        method: 'POST',
        url: `/api/projects/${p.id}/applications`,
        headers: as(who),
        payload: {
          positionId: position,
          introduction: '열 글자가 넘는 자기소개입니다.',
          motivation: '열 글자가 넘는 지원 동기입니다.',
          ...extra,
        },
      });
    const refusals = [
      // 400: the contract's rules and zod's own checks
      t.call({
        method: 'POST',
        url: '/api/projects',
        headers: as(owner),
        payload: { project: form({ links: { repository: 'not a link', demo: 'ftp://x.dev', contact: 'javascript:alert(1)' } }) },
      }),
      t.call({ method: 'POST', url: '/api/projects', headers: as(owner), payload: { project: form({ positions: [] }) } }),
      t.call({ method: 'POST', url: '/api/projects', headers: as(owner), payload: { project: form({ meeting: { type: 'OFFLINE' } }) } }),
      t.call({ method: 'POST', url: '/api/projects', headers: as(owner), payload: { project: { name: 'x' } } }),
      t.call({
        method: 'POST',
        url: '/api/projects',
        headers: as(owner),
        payload: { project: form({ recruitmentDeadline: addDays(today(), -1), startDate: null }), publish: true },
      }),
      t.call({
        method: 'POST',
        url: '/api/projects',
        headers: as(owner),
        payload: { project: form({ recruitmentDeadline: addDays(today(), 400), startDate: null }), publish: true },
      }),
      decide(t, { ...owner, headers: as(owner) }, p, pending.applicationId, 'reject', ' '),
      // 404, 403, 409, 422
      t.call({ method: 'GET', url: `/api/projects/${draft.id}`, headers: as(stranger) }),
      t.call({ method: 'GET', url: `/api/projects/${MISSING}`, headers: lang }),
      decide(t, { ...stranger, headers: as(stranger) }, p, pending.applicationId, 'cancel'),
      applyAs(stranger, MISSING),
      t.call({ method: 'PUT', url: `/api/projects/${p.id}`, headers: as(stranger), payload: form() }),
      applyAs(stranger, p.positions[0]!.id),
      applyAs(member, p.positions[1]!.id),
      applyAs(waiting, p.positions[1]!.id),
      applyAs(owner, p.positions[1]!.id),
      decide(t, { ...owner, headers: as(owner) }, p, joined.applicationId, 'accept'),
      move(t, { ...owner, headers: as(owner) }, p.id, 'COMPLETE'),
      t.call({
        method: 'PUT',
        url: `/api/projects/${p.id}`,
        headers: as(owner),
        payload: form({ positions: [{ name: 'New', requiredCount: 1, requiredSkills: ['Go'] }] }),
      }),
    ];
    const answers = await Promise.all(refusals);
    expect(answers.map((r) => r.status)).toEqual([
      400, 400, 400, 400, 400, 400, 400, 404, 404, 404, 404, 403, 409, 409, 409, 422, 409, 409, 409,
    ]);
    for (const r of answers) {
      expect(r.headers['content-language']).toBe(locale);
      expectErrorInReaderLanguage(r.body, locale);
    }
    // the form's own texts reach details.fields, the date rules' too
    const [links, , , , past, far] = answers;
    expect(links!.body.error.details.fields.map((f: { path: string }) => f.path)).toEqual([
      'body.project.links.repository',
      'body.project.links.demo',
      'body.project.links.contact',
    ]);
    expect(past!.body.error.details.fields[0]).toMatchObject({ path: 'body.project.recruitmentDeadline', code: 'out_of_range' });
    expect(far!.body.error.message).not.toBe(past!.body.error.message);
    if (locale === 'en') {
      expect(links!.body.error.message).toBe(
        'Wrong format. (body.project.links.repository: Enter a web address, such as github.com/moim.)',
      );
      expect(past!.body.error.details.fields[0].message).toBe('The recruitment deadline must be today or later.');
      expect(answers[12]!.body.error.message).toBe('The “Backend” position is filled.');
    }
  });
});

describe('links', () => {
  it('turns links typed without a scheme into addresses, on the project and on an application', async () => {
    const p = await createProject(t, owner, {
      links: { repository: 'github.com/moim/map', demo: ' www.moim.dev ', contact: 'owner@example.com' },
    });
    expect(p.links).toEqual({
      repository: 'https://github.com/moim/map',
      demo: 'https://www.moim.dev',
      contact: 'mailto:owner@example.com',
    });
    const r = await apply(t, stranger, p, 0, {
      links: { github: 'github.com/stranger', portfolio: 'stranger.dev/work', blog: '//blog.stranger.dev' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data.links).toEqual({
      github: 'https://github.com/stranger',
      portfolio: 'https://stranger.dev/work',
      blog: 'https://blog.stranger.dev',
    });
  });
});

describe('the OpenAPI document', () => {
  type Schema = { properties?: Record<string, Schema>; anyOf?: Schema[]; format?: string; type?: string; required?: string[] };
  const formats = (s: Schema | undefined): string[] => (s ? [s.format ?? '', ...(s.anyOf ?? []).flatMap(formats)].filter(Boolean) : []);

  it('documents every link as a URL, and applications by the names of study applications', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).body;
    const body = (path: string, method: string) => doc.paths[path][method].requestBody.content['application/json'].schema as Schema;
    const links = body('/api/projects', 'post').properties!.project!.properties!.links!.properties!;
    for (const name of ['repository', 'demo', 'contact']) expect(formats(links[name]), name).toContain('uri');
    const applyLinks = body('/api/projects/{id}/applications', 'post').properties!.links!.properties!;
    for (const name of ['github', 'portfolio', 'blog']) expect(formats(applyLinks[name]), name).toContain('uri');
    expect(formats(body('/api/projects/{id}', 'put').properties!.links!.properties!.demo)).toContain('uri');

    const apps = '/api/projects/{id}/applications/{appId}';
    expect(Object.keys(doc.paths[`${apps}/accept`])).toContain('post');
    expect(body(`${apps}/accept`, 'post').properties).toHaveProperty('reviewNote');
    expect(body(`${apps}/reject`, 'post').required).toEqual(['reviewNote']);
    expect(doc.paths[`${apps}/approve`]).toBeUndefined();
    expect(doc.paths[`${apps}/withdraw`]).toBeUndefined();
    const cancel = doc.paths[apps].delete;
    expect(cancel.parameters.find((x: { in: string; name: string }) => x.in === 'query' && x.name === 'applicantId')).toMatchObject({
      required: true,
    });
    const application = cancel.responses['200'].content['application/json'].schema.properties.data as Schema;
    expect(Object.keys(application.properties!)).toEqual(expect.arrayContaining(['applicationId', 'reviewNote']));
    expect(application.properties).not.toHaveProperty('id');
    expect(application.properties).not.toHaveProperty('decisionNote');
  });
});
