/**
 * The language check of docs/api-wire.md "Languages", for tests that trigger a module's refusals
 * with `accept-language: en` and `ko`: an English message has no Hangul, a Korean one none of the
 * validator's English, and no message is a raw key (`form.url`, `games.sessionNotFound`).
 */
import { expect } from 'vitest';

const HANGUL = /[\u1100-\u11FF\u3130-\u318F\uAC00-\uD7A3]/;
/** zod's own English sentences ("Too small: expected string to have >=2 characters", "Invalid input") */
const ZOD_ENGLISH = /Too (small|big)|expected|Invalid input|Unrecognized key|received/;
/** a message key left unrendered: an area's name, a dot, a camelCase word */
const RAW_KEY =
  /\b(form|common|auth|users|studies|projects|payments|calendar|reviews|notifications|games|deduction|lab|studio|jobs|images|admin|site)\.[a-zA-Z]+\b/;

export type ReaderLocale = 'ko' | 'en';

/** Asserts one message a person reads is in the reader's language. */
export function expectReaderLanguage(message: unknown, locale: ReaderLocale): void {
  expect(typeof message, String(message)).toBe('string');
  const text = message as string;
  expect(text.length, 'an empty message').toBeGreaterThan(0);
  expect(text, text).not.toMatch(RAW_KEY);
  if (locale === 'en') expect(text, text).not.toMatch(HANGUL);
  else expect(text, text).not.toMatch(ZOD_ENGLISH);
}

/** Asserts an error answer's message and every field message are in the reader's language. */
export function expectErrorInLanguage(
  body: { error: { message: string; details?: { fields?: Array<{ message: string }> } } },
  locale: ReaderLocale,
): void {
  expectReaderLanguage(body.error.message, locale);
  for (const f of body.error.details?.fields ?? []) expectReaderLanguage(f.message, locale);
}
