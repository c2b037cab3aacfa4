/**
 * The reader's-language check of docs/api-wire.md "Languages", for tests (not a test file): an
 * English message carries no Hangul, a Korean one none of zod's English, and no message a raw
 * catalogue key (`form.url`, `projects.notFound`). The field path a validation message names
 * (`(body.project.links.repository: …)`, docs/api-wire.md) is a path, not a key.
 */
import { expect } from 'vitest';

export type ReaderLocale = 'ko' | 'en';

const HANGUL = /[\u1100-\u11FF\u3130-\u318F\uAC00-\uD7A3]/;
/** zod's own English sentences ("Too small: expected string to have >=2 characters", "Invalid input") */
const VALIDATOR_ENGLISH =
  /Too (small|big)|expected (string|number|array|object|boolean|int)|Invalid (input|option|string|type)|Unrecognized key|received undefined/;
/** a key left unrendered: lowercase area, a dot, a name */
const RAW_KEY = /\b[a-z]+\.[a-zA-Z]+\b/;
/** where a validation message says which input is at fault, and addresses it may quote */
const NOT_KEYS =
  /\b(?:body|query|querystring|params|headers)(?:\.[\w-]+)+|https?:\/\/\S+|\b[\w.+-]+@[\w-]+\.[\w.-]+|\b[\w-]+\.(?:com|io|dev|kr|net|org|co)\b/g;

/** What is wrong with `text` for a reader of `locale`, or null. */
export function readerLanguageProblem(text: unknown, locale: 'ko' | 'en'): string | null {
  if (typeof text !== 'string' || text.length === 0) return 'no message';
  if (RAW_KEY.test(text.replace(NOT_KEYS, ''))) return 'a raw message key';
  if (locale === 'en' && HANGUL.test(text)) return 'Hangul for an English reader';
  if (locale === 'ko' && VALIDATOR_ENGLISH.test(text)) return "the validator's English for a Korean reader";
  return null;
}

export function expectReaderLanguage(message: unknown, locale: 'ko' | 'en'): void {
  expect(readerLanguageProblem(message, locale), String(message)).toBeNull();
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

/** (the same check, by its other name) */
export const expectErrorInLanguage = expectErrorInReaderLanguage;
