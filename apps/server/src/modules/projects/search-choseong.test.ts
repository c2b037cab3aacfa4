/**
 * 초성 search over generated titles (fast-check): for any title of Hangul words — with the
 * punctuation, Latin words and numbers titles carry — what a person types as its 초성, the whole
 * title's or its first two words', finds the project (the real HTTP list on a real database).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { choseongOf, createProject, type Person, person } from './test-helpers.ts';

let t: TestApp;
let owner: Person;
beforeAll(async () => {
  t = await createTestApp();
  owner = await person(t, { name: '초성' });
});
afterAll(() => t.close());

const syllable = fc.integer({ min: 0xac00, max: 0xd7a3 }).map((c) => String.fromCodePoint(c));
const hangulWord = fc.array(syllable, { minLength: 1, maxLength: 5 }).map((s) => s.join(''));
/** a Hangul word, sometimes wrapped or followed by punctuation ("「반사」", "팀:") */
const word = fc
  .tuple(fc.constantFrom('', '「', '('), hangulWord, fc.constantFrom('', '」', ')', ':', ',', '!'))
  .map(([a, w, z]) => `${a}${w}${z}`);
/** what else a title has between its words: a Latin word, a number, a dash */
const other = fc.constantFrom('React', 'a11y-lens', '2D', 'v2', '—', '·', '&');
const title = fc
  .tuple(word, fc.array(fc.oneof({ weight: 3, arbitrary: word }, { weight: 1, arbitrary: other }), { maxLength: 6 }))
  .map(([first, rest]) => [first, ...rest].join(' ').slice(0, 80).trim())
  .filter((s) => s.length >= 2 && choseongOf(s) !== ''); // the form asks for two characters or more

async function found(q: string): Promise<string[]> {
  const r = await t.call({ method: 'GET', url: `/api/projects?size=100&sort=relevance,desc&q=${encodeURIComponent(q)}` });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body.data.content as { id: string }[]).map((p) => p.id);
}

describe('초성 search over generated titles', () => {
  it("finds a project by its title's 초성 and by its first two words'", async () => {
    await fc.assert(
      fc.asyncProperty(title, async (name) => {
        const p = await createProject(t, owner, { name, tagline: '', description: '<p>-</p>', vision: '' });
        expect(await found(choseongOf(name)), `${name} → ${choseongOf(name)}`).toContain(p.id);
        expect(await found(choseongOf(name, 2)), `${name} → ${choseongOf(name, 2)}`).toContain(p.id);
      }),
      { numRuns: 30 },
    );
  }, 120_000);
});
