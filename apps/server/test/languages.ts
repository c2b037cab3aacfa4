/**
 * The language check of docs/api-wire.md "Languages", for tests that trigger a module's refusals
 * with `accept-language: en` and `ko`: an English message has no Hangul, a Korean one none of
 * zod's English, and neither shows a raw message key (`form.url`, `studies.notFound`).
 */
import { expect } from 'vitest';

const HANGUL = /[\u1100-\u11FF\u3130-\u318F\uAC00-\uD7A3]/;
/** zod's own English sentences ("Too small: expected string to have >=2 characters", "Invalid input") */
const ZOD_ENGLISH = /Too (small|big)|expected|Invalid input|Unrecognized key|received/;
/**
 * a key left unrendered (`form.url`, `studies.full`); not a field's path (`body.email`), nor a
 * host name in an address (`https://moim.example`)
 */
const RAW_KEY = /(?<![/.@\w-])(?!(?:body|query|params)\.)[a-z]+\.[a-zA-Z]+\b(?![./\w-])/;

export type ReaderLocale = 'ko' | 'en';

export function expectReaderLanguage(message: unknown, locale: ReaderLocale): void {
  expect(typeof message, String(message)).toBe('string');
  const text = String(message);
  expect(text, text).not.toMatch(RAW_KEY);
  if (locale === 'en') expect(text, text).not.toMatch(HANGUL);
  else expect(text, text).not.toMatch(ZOD_ENGLISH);
}

/** Every message of an error envelope: the error's, the top-level one and each field's. */
export function expectErrorInReaderLanguage(
  body: { message?: unknown; error?: { message?: unknown; details?: { fields?: Array<{ message: unknown }> } } },
  locale: ReaderLocale,
): void {
  expectReaderLanguage(body.error?.message, locale);
  expectReaderLanguage(body.message, locale);
  for (const f of body.error?.details?.fields ?? []) expectReaderLanguage(f.message, locale);
}
