/**
 * The reader's-language check of docs/api-wire.md "Languages", for tests (not a test file): an
 * English message carries no Hangul, a Korean one none of zod's English, and no message a raw
 * catalogue key (`form.url`, `projects.notFound`). The field path a validation message names
 * (`(body.project.links.repository: …)`, docs/api-wire.md) is a path, not a key.
 */
import { expect } from 'vitest';

const HANGUL = /[\u1100-\u11FF\u3130-\u318F\uAC00-\uD7A3]/;
/** zod's own English sentences ("Too small: expected string to have >=2 characters", "Invalid input") */
const ZOD_ENGLISH = /Too (small|big)|expected|Invalid input|Unrecognized key|received/;
/** a key left unrendered: lowercase area, a dot, a name */
const RAW_KEY = /\b[a-z]+\.[a-zA-Z]+\b/;
/** where a validation message says which input is at fault */
const FIELD_PATH = /\b(?:body|query|params|headers)(?:\.[\w-]+)+/g;

export function expectReaderLanguage(message: unknown, locale: 'ko' | 'en'): void {
  expect(typeof message, String(message)).toBe('string');
  const m = message as string;
  expect(m.length, 'an empty message').toBeGreaterThan(0);
  expect(m.replace(FIELD_PATH, ''), m).not.toMatch(RAW_KEY);
  if (locale === 'en') expect(m, m).not.toMatch(HANGUL);
  else expect(m, m).not.toMatch(ZOD_ENGLISH);
}

/** Every message of an error envelope: the error's, the top-level one and each field's. */
export function expectErrorInReaderLanguage(
  body: { message?: unknown; error?: { message?: unknown; details?: { fields?: { message: unknown }[] } } },
  locale: 'ko' | 'en',
): void {
  expectReaderLanguage(body.error?.message, locale);
  expectReaderLanguage(body.message, locale);
  for (const f of body.error?.details?.fields ?? []) expectReaderLanguage(f.message, locale);
}
