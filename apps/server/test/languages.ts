/**
 * The reader's-language check of docs/api-wire.md "Languages": an English reader never reads
 * Hangul, a Korean reader never reads the validator's English, nobody reads a raw message key.
 */
import { expect } from 'vitest';

const HANGUL = /[\u1100-\u11FF\u3130-\u318F\uAC00-\uD7A3]/;
/** zod's own English sentences ("Too small: expected string to have >=2 characters", "Invalid input") */
const VALIDATOR_ENGLISH =
  /Too (small|big)|expected (string|number|array|object|boolean)|Invalid (input|option|string|type)|Unrecognized key|received undefined/;
/** a catalogue key that was not rendered (`form.url`, `games.sessionNotFound`) */
const RAW_KEY =
  /(^|[\s(:])(form|common|auth|users|studies|payments|calendar|reviews|notifications|games|deduction|lab|studio|projects|jobs|images|admin|site)\.[a-z][a-zA-Z]+\b/;

/** What is wrong with `text` for a reader of `locale`, or null. */
export function readerLanguageProblem(text: string, locale: 'ko' | 'en'): string | null {
  if (RAW_KEY.test(text)) return 'a raw message key';
  if (locale === 'en' && HANGUL.test(text)) return 'Hangul for an English reader';
  if (locale === 'ko' && VALIDATOR_ENGLISH.test(text)) return "the validator's English for a Korean reader";
  return null;
}

export function expectReaderLanguage(text: string, locale: 'ko' | 'en'): void {
  expect(readerLanguageProblem(text, locale), text).toBeNull();
}
