/**
 * URL submissions on a server with the production fetch policy: addresses inside the machine or
 * its network are refused (FAILED with URL_REFUSED, quota given back), and nothing reaches them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { createUser } from '../studies/test-helpers.ts';
import { articleHtml, articleServer, getAnalysis, submit } from './test-helpers.ts';

let t: TestApp;
let site: Awaited<ReturnType<typeof articleServer>>;
beforeAll(async () => {
  t = await createTestApp(); // production policy: no fetchPolicy given
  site = await articleServer();
  site.html('/secret', articleHtml('내부 문서', ['이 문서는 서버 안에서만 보여야 한다. 외부 사용자가 이 글을 가져오게 해서는 안 된다.']));
});
afterAll(async () => {
  await t.close();
  await site.close();
});

describe('SSRF refusals', () => {
  it('refuses loopback, private, link-local and IPv4-mapped addresses, and local host names', async () => {
    const me = await createUser(t);
    const port = new URL(site.base).port;
    const urls = [
      `${site.base}/secret`,
      `http://localhost:${port}/secret`,
      `http://[::ffff:127.0.0.1]:${port}/secret`,
      `http://2130706433:${port}/secret`,
      'http://10.0.0.5/admin',
      'http://192.168.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://[fd00::1]/',
      'http://100.64.0.1/',
      'http://example.com:25/',
    ];
    for (const url of urls) {
      const r = await submit(t, me, { source: 'URL', url });
      expect(r.status, url).toBe(201);
      await t.ctx.jobs.drain();
      const a = (await getAnalysis(t, me, r.body.data.analysis.id)).body.data;
      expect(a, url).toMatchObject({ status: 'FAILED', failureReason: 'URL_REFUSED', text: null });
    }
    expect(site.seen).not.toContain('/secret');
    const quota = (await t.call({ method: 'GET', url: '/api/studio/quota', headers: me.headers })).body.data;
    expect(quota.used).toBe(0);
  });
});
