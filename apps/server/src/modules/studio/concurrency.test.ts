/**
 * Races settled in the database (run on PostgreSQL too): concurrent submissions never exceed the
 * daily quota, one guest trial per address, unique version numbers for concurrent revisions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { createUser } from '../studies/test-helpers.ts';
import { KOREAN_POST, submit, submitText } from './test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('studio races', () => {
  it('twelve concurrent submissions: exactly five are accepted', async () => {
    const me = await createUser(t);
    const results = await Promise.all(Array.from({ length: 12 }, () => submit(t, me, { source: 'TEXT', text: KOREAN_POST })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(7);
    expect((await t.call({ method: 'GET', url: '/api/studio/quota', headers: me.headers })).body.data.used).toBe(5);
  });

  it('eight concurrent trials with one address: exactly one is accepted', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.call({
          method: 'POST',
          url: '/api/studio/trials',
          payload: { source: 'TEXT', text: KOREAN_POST, email: 'race@example.com', consent: true },
          remoteAddress: `203.0.113.${i + 1}`,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 422)).toHaveLength(7);
  });

  it('concurrent revisions of one document get distinct versions', async () => {
    const me = await createUser(t);
    const first = await submitText(t, me);
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        t.call({
          method: 'POST',
          url: `/api/studio/documents/${first.analysis.documentId}/analyses`,
          headers: me.headers,
          payload: { text: `${KOREAN_POST}\n추가 문단 ${i}번입니다.` },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(results.map((r) => r.body.data.analysis.version).sort()).toEqual([2, 3, 4, 5]);
  });
});
