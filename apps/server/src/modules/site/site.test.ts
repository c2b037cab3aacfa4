import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { QUERYDAILY_URL: 'https://qd.example.org' } });
});
afterAll(() => t.close());

describe('public config', () => {
  it('tells the browser the daily-questions address and the payment mode, and nothing secret', async () => {
    const r = await t.call({ method: 'GET', url: '/api/public/config' });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      querydailyUrl: 'https://qd.example.org',
      paymentMode: 'test',
      locales: ['ko', 'en'],
      defaultLocale: 'ko',
    });
    expect(r.res.body).not.toMatch(/secret/i);
  });
});
