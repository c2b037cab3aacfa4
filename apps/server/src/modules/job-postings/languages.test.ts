// The navigator's refusals in the reader's language (docs/api-wire.md "Languages"): the member
// routes, the back office and the contract's rules, in Korean and English, never the validator's
// English or a raw key; the fields at fault from the form catalogue.
import { FORM_TEXTS, JOB_LIMITS } from '@moim/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorInLanguage } from '../../../test/languages.ts';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { createUser, importPostings, posting, type TestUser } from './test-helpers.ts';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { admin: true });
});
afterAll(() => t.close());

const MISSING = '00000000-0000-4000-8000-000000000000';

describe.each(['ko', 'en'] as const)('job postings refusals (%s)', (locale) => {
  const as = (who: TestUser | undefined) => ({ ...(who?.headers ?? {}), 'accept-language': locale });
  const call = (method: string, url: string, who?: TestUser, payload?: object) =>
    t.call({ method: method as 'GET', url, headers: as(who), ...(payload ? { payload } : {}) });

  it('answers a member’s refusals', async () => {
    const me = await createUser(t);
    const answers = [
      [404, await call('GET', `/api/job-postings/${MISSING}`)],
      [404, await call('PATCH', `/api/job-postings/me/saved-searches/${MISSING}`, me, { name: 'x' })],
      [400, await call('POST', '/api/job-postings/me/saved-searches', me, { name: 'empty', filters: {} })],
      [400, await call('POST', '/api/job-postings/me/saved-searches', me, { name: 'bad\u0007name', filters: { q: 'a' } })],
      [400, await call('PATCH', `/api/job-postings/me/saved-searches/${MISSING}`, me, {})],
      [
        400,
        await call('PUT', '/api/job-postings/me/profile', me, { skills: [{ skill: 'no-such-skill-xyz', level: 3 }], yearsOfExperience: 1 }),
      ],
      [401, await call('POST', '/api/job-postings/alerts/unsubscribe', undefined, { id: MISSING, token: 'x'.repeat(40) })],
    ] as const;
    for (const [status, r] of answers) {
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expectErrorInLanguage(r.body, locale);
    }
    expect(answers[2][1].body.error.details.fields).toEqual([
      { path: 'body.filters', code: 'missing', message: FORM_TEXTS.required[locale] },
    ]);
    expect(answers[3][1].body.error.details.fields[0].message).toBe(FORM_TEXTS.unsafeText[locale]);
    expect(answers[4][1].body.error.details.fields[0].message).toBe(FORM_TEXTS.nothingToChange[locale]);
    expect(answers[5][1].body.error.details.fields[0].message).toBe(FORM_TEXTS.unknownSkill[locale]);
    for (let i = 0; i < JOB_LIMITS.savedSearchesMax; i++)
      await call('POST', '/api/job-postings/me/saved-searches', me, { name: `s${i}`, filters: { q: `q${i}` } });
    const over = await call('POST', '/api/job-postings/me/saved-searches', me, { name: 'over', filters: { q: 'over' } });
    expect(over.status).toBe(422);
    expect(over.body.error.details).toEqual({ reason: 'SAVED_SEARCH_LIMIT', limit: JOB_LIMITS.savedSearchesMax });
    expectErrorInLanguage(over.body, locale);
  });

  it('answers the back office’s refusals', async () => {
    const taken = posting();
    await importPostings(t, admin, [taken]);
    const report = await call('POST', '/api/job-postings/corrections', admin, { kind: 'ADD_COMPANY', message: `company ${locale}` });
    const answers = [
      [409, await call('POST', '/api/admin/job-postings/postings', admin, posting({ sourceUrl: taken.sourceUrl }))],
      [400, await call('POST', '/api/admin/job-postings/postings', admin, { ...posting(), salaryMin: 5, salaryMax: 1 })],
      [404, await call('PUT', `/api/admin/job-postings/postings/${MISSING}`, admin, posting())],
      [
        400,
        await call('POST', '/api/admin/job-postings/sources', admin, { name: 'rss', format: 'RSS', url: 'https://example.com/rss.xml' }),
      ],
      [404, await call('DELETE', `/api/admin/job-postings/sources/${MISSING}`, admin)],
      [404, await call('GET', `/api/admin/job-postings/runs/${MISSING}`, admin)],
      [409, await call('PATCH', `/api/admin/job-postings/corrections/${report.body.data.id}`, admin, { status: 'OPEN' })],
      [404, await call('PATCH', `/api/admin/job-postings/corrections/${MISSING}`, admin, { status: 'RESOLVED' })],
    ] as const;
    for (const [status, r] of answers) {
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expectErrorInLanguage(r.body, locale);
    }
    expect(answers[0][1].body.error.details.fields[0]).toEqual({
      path: 'body.sourceUrl',
      code: 'duplicate',
      message: FORM_TEXTS.sourceUrlTaken[locale],
    });
    expect(answers[1][1].body.error.details.fields[0].message).toBe(FORM_TEXTS.salaryRange[locale]);
    expect(answers[3][1].body.error.details.fields[0].message).toBe(FORM_TEXTS.companyNameForRss[locale]);
    expect(answers[6][1].body.error.details).toMatchObject({ reason: 'TRANSITION', from: 'OPEN', to: 'OPEN' });
  });
});
