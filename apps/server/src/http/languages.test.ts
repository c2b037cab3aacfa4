/**
 * Every message a reader sees comes in the language they asked for (docs/api-wire.md
 * "Languages"): the catalogue codes, the specific texts of AppError keys, validation messages
 * (never the validator's English in Korean, never a raw `form.*` key) and the framework's own
 * answers (unknown route, bad JSON).
 */
import { ERROR_CATALOGUE, ERROR_CODES, FORM_TEXTS, type ErrorCode } from '@moim/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/support.ts';
import { ERROR_TEXTS } from '../i18n/error-texts.ts';
import { AppError } from './app-error.ts';
import { localeFromAcceptLanguage } from './locale.ts';

const HANGUL = /[\u1100-\u11FF\u3130-\u318F\uAC00-\uD7A3]/;
/** zod's own English sentences ("Too small: expected string to have >=2 characters", "Invalid input") */
const ZOD_ENGLISH = /Too (small|big)|expected|Invalid input|Unrecognized key|received/;
const RAW_KEY = /\b(form|common|auth|studies|projects|games|deduction)\.[a-zA-Z]+\b/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extend(app) {
      app.get('/api/_test/throw/:code', async (req) => {
        throw new AppError((req.params as { code: ErrorCode }).code);
      });
      app.get('/api/_test/keyed', async () => {
        throw new AppError('BIZ-3001', { key: 'common.apiNotFound', params: { method: 'GET', path: '/x' } });
      });
      app.post(
        '/api/_test/echo',
        {
          schema: {
            body: z
              .object({
                name: z.string().min(2).max(10),
                email: z.email(),
                tags: z.array(z.string()).min(1).max(3),
                kind: z.enum(['A', 'B']),
                age: z.number().int().min(0).max(150),
              })
              .refine((b) => new Set(b.tags).size === b.tags.length, { message: 'form.duplicate', path: ['tags'] }),
          },
        },
        async (req) => ({ success: true, data: req.body }),
      );
    },
  });
});
afterAll(() => t.close());

function expectLanguage(message: string, locale: 'ko' | 'en') {
  expect(message, message).not.toMatch(RAW_KEY);
  if (locale === 'en') expect(message, message).not.toMatch(HANGUL);
  else expect(message, message).not.toMatch(ZOD_ENGLISH);
}

describe('the reader’s language', () => {
  it('reads Accept-Language: the best of ko and en, Korean by default', () => {
    expect(localeFromAcceptLanguage(undefined)).toBe('ko');
    expect(localeFromAcceptLanguage('en')).toBe('en');
    expect(localeFromAcceptLanguage('en-US,en;q=0.9')).toBe('en');
    expect(localeFromAcceptLanguage('ko-KR,ko;q=0.9,en;q=0.8')).toBe('ko');
    expect(localeFromAcceptLanguage('fr-FR,en;q=0.5,ko;q=0.7')).toBe('ko');
    expect(localeFromAcceptLanguage('fr, de')).toBe('ko');
    expect(localeFromAcceptLanguage('en;q=0, ko;q=0.1')).toBe('ko');
  });

  it.each(ERROR_CODES)('%s answers its English sentence to an English reader', async (code) => {
    const r = await t.call({ method: 'GET', url: `/api/_test/throw/${code}`, headers: { 'accept-language': 'en' } });
    expect(r.body.error.message).toBe(ERROR_CATALOGUE[code].en);
    expect(r.headers['content-language']).toBe('en');
  });

  it.each(['ko', 'en'] as const)('renders a keyed message with its parameters (%s)', async (locale) => {
    const r = await t.call({ method: 'GET', url: '/api/_test/keyed', headers: { 'accept-language': locale } });
    expect(r.status).toBe(404);
    expect(r.body.error.message).toBe(ERROR_TEXTS['common.apiNotFound'][locale].replace('{{method}}', 'GET').replace('{{path}}', '/x'));
  });

  it.each(['ko', 'en'] as const)('writes validation messages from the form catalogue (%s)', async (locale) => {
    const bodies = [
      { name: 'x', email: 'nope', tags: [], kind: 'C', age: 1.5 },
      { name: 'a'.repeat(11), email: 'a@b.co', tags: ['a', 'a'], kind: 'A', age: 200 },
      {},
    ];
    for (const payload of bodies) {
      const r = await t.call({ method: 'POST', url: '/api/_test/echo', payload, headers: { 'accept-language': locale } });
      expect(r.status).toBe(400);
      expectLanguage(r.body.error.message, locale);
      expect(r.body.error.details.fields.length).toBeGreaterThan(0);
      for (const f of r.body.error.details.fields as Array<{ path: string; code: string; message: string }>) {
        expectLanguage(f.message, locale);
        expect(Object.values(FORM_TEXTS).some((text) => text[locale].split('{{limit}}').every((part) => f.message.includes(part)))).toBe(
          true,
        );
      }
    }
    const dup = await t.call({
      method: 'POST',
      url: '/api/_test/echo',
      payload: { name: 'ab', email: 'a@b.co', tags: ['a', 'a'], kind: 'A', age: 3 },
      headers: { 'accept-language': locale },
    });
    expect(dup.body.error.details.fields).toEqual([{ path: 'body.tags', code: 'custom', message: FORM_TEXTS.duplicate[locale] }]);
  });

  it.each(['ko', 'en'] as const)('answers the framework’s own errors in the reader’s language (%s)', async (locale) => {
    const headers = { 'accept-language': locale };
    const unknown = await t.call({ method: 'GET', url: '/api/no-such-route', headers });
    expect(unknown.status).toBe(404);
    expectLanguage(unknown.body.error.message, locale);
    const badJson = await t.call({
      method: 'POST',
      url: '/api/_test/echo',
      payload: '{"name":',
      headers: { ...headers, 'content-type': 'application/json' },
    });
    expect(badJson.status).toBe(400);
    expectLanguage(badJson.body.error.message, locale);
    expect(badJson.body.error.message).not.toMatch(/Unexpected|JSON at position/);
  });

  it('keeps every catalogue text in its language', () => {
    for (const [key, pair] of Object.entries({ ...ERROR_TEXTS, ...FORM_TEXTS })) {
      expect(pair.ko, key).toMatch(HANGUL);
      expect(pair.en, key).not.toMatch(HANGUL);
    }
    for (const [key] of Object.entries(ERROR_TEXTS)) expect(key).toMatch(/^[a-z][a-zA-Z]*\.[a-zA-Z.]+$/);
  });
});
