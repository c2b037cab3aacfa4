/**
 * The studio's refusals in the reader's language (docs/api-wire.md "Languages"): malformed
 * submissions from the form catalogue, the studio's own refusals from its keys, in Korean and
 * English, never the validator's English or a raw key.
 */
import { FORM_TEXTS } from '@moim/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorInLanguage } from '../../../test/languages.ts';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { createUser } from '../studies/test-helpers.ts';
import { KOREAN_POST, submitText } from './test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe.each(['ko', 'en'] as const)('studio refusals (%s)', (locale) => {
  const lang = { 'accept-language': locale };

  it('answers malformed submissions from the form catalogue', async () => {
    const me = await createUser(t);
    const headers = { ...me.headers, ...lang };
    const url = await t.call({ method: 'POST', url: '/api/studio/analyses', headers, payload: { source: 'URL', url: 'ftp://x' } });
    expect(url.status).toBe(400);
    expect(url.body.error.details.fields).toContainEqual(expect.objectContaining({ path: 'body.url', message: FORM_TEXTS.url[locale] }));
    const chars = await t.call({
      method: 'POST',
      url: '/api/studio/analyses',
      headers,
      payload: { source: 'TEXT', text: `${KOREAN_POST}\u0007` },
    });
    expect(chars.status).toBe(400);
    expect(chars.body.error.details.fields[0].message).toBe(FORM_TEXTS.unsafeText[locale]);
    const consent = await t.call({
      method: 'POST',
      url: '/api/studio/trials',
      headers: lang,
      payload: { source: 'TEXT', text: KOREAN_POST, email: `c-${locale}@example.com`, consent: false },
    });
    expect(consent.status).toBe(400);
    expect(consent.body.error.details.fields[0].message).toBe(FORM_TEXTS.consentRequired[locale]);
    for (const r of [url, chars, consent]) expectErrorInLanguage(r.body, locale);
  });

  it('answers the studio’s own refusals', async () => {
    const me = await createUser(t);
    const headers = { ...me.headers, ...lang };
    const first = await submitText(t, me);
    const compareSelf = await t.call({
      method: 'GET',
      url: `/api/studio/documents/${first.analysis.documentId}/compare?from=${first.analysis.id}&to=${first.analysis.id}`,
      headers,
    });
    expect(compareSelf.status).toBe(400);
    expect(compareSelf.body.error.details).toEqual({ reason: 'SAME_VERSION' });
    const answers = [
      compareSelf,
      await t.call({ method: 'GET', url: `/api/studio/documents/${randomUUID()}`, headers }),
      await t.call({ method: 'GET', url: `/api/studio/analyses/${randomUUID()}`, headers }),
      await t.call({
        method: 'GET',
        url: `/api/studio/trials/${randomUUID()}`,
        headers: { ...lang, 'x-studio-trial-token': 'x'.repeat(32) },
      }),
      await t.call({
        method: 'POST',
        url: '/api/studio/trials',
        headers,
        payload: { source: 'TEXT', text: KOREAN_POST, email: `s-${locale}@example.com`, consent: true },
      }),
    ];
    expect(answers.map((r) => r.status)).toEqual([400, 404, 404, 404, 409]);
    for (const r of answers) expectErrorInLanguage(r.body, locale);
    const email = `used-${locale}@example.com`;
    await t.call({
      method: 'POST',
      url: '/api/studio/trials',
      headers: lang,
      payload: { source: 'TEXT', text: KOREAN_POST, email, consent: true },
    });
    const used = await t.call({
      method: 'POST',
      url: '/api/studio/trials',
      headers: lang,
      payload: { source: 'TEXT', text: KOREAN_POST, email, consent: true },
    });
    expect([used.status, used.body.error.code]).toEqual([422, 'BIZ-3003']);
    expectErrorInLanguage(used.body, locale);
  });
});
