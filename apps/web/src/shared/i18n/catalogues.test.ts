// Every key of every namespace exists in both languages (issue 13 item 9), with the same
// interpolation variables; and the Korean particles are chosen from the word (item 10).
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../test/i18n';
import koPages from './ko-pages.json';
import { withJosa } from './josa';
import { i18n } from './translator';

type Tree = { [k: string]: unknown };
const load = (m: Record<string, { default: Tree }>) => Object.fromEntries(Object.entries(m).map(([p, mod]) => [p, mod.default]));
const ko = load(
  import.meta.glob<{ default: Tree }>(['./ko.json', '../../features/*/i18n/ko.json', '../../features/*/*/i18n/ko.json'], { eager: true }),
);
// The shared Korean strings that only pages use are a file of their own (loadPageStrings in
// ./index.ts), part of the same `translation` namespace as ./ko.json.
ko['./ko.json'] = { ...ko['./ko.json'], ...koPages };
const en = load(
  import.meta.glob<{ default: Tree }>(['./en.json', '../../features/*/i18n/en.json', '../../features/*/*/i18n/en.json'], { eager: true }),
);

/** Plural forms (`_zero`, `_one`, `_other` …) differ by language: compare the base key. */
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** key path → the variables its text interpolates (`{{name}}`, `{{name, josa(p: 은/는)}}`). */
function flatten(tree: Tree, prefix = '', out = new Map<string, Set<string>>()): Map<string, Set<string>> {
  for (const [k, v] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) flatten(v as Tree, path, out);
    else {
      const key = path.replace(PLURAL, '');
      const vars = out.get(key) ?? new Set<string>();
      const text = Array.isArray(v) ? v.join(' ') : String(v);
      for (const m of text.matchAll(/\{\{\s*([\w.]+)/g)) if (m[1] !== 'count') vars.add(m[1]!);
      out.set(key, vars);
    }
  }
  return out;
}

/** Texts that say the same thing with other figures: a salary in 만 원 (ko) or in millions (en). */
const OWN_UNITS = new Set(['filters.salaryFloor']);

/** Every key in either catalogue tree that the other one lacks, or whose variables differ. */
function catalogueDifferences(a: Tree, b: Tree): string[] {
  const fa = flatten(a);
  const fb = flatten(b);
  const out: string[] = [];
  for (const k of fa.keys()) if (!fb.has(k)) out.push(`missing in en: ${k}`);
  for (const k of fb.keys()) if (!fa.has(k)) out.push(`missing in ko: ${k}`);
  for (const [k, vars] of fa) {
    const other = fb.get(k);
    if (other && !OWN_UNITS.has(k) && [...vars].sort().join() !== [...other].sort().join())
      out.push(`variables differ: ${k} (${[...vars]} / ${[...other]})`);
  }
  return out;
}

describe('the ko and en catalogues', () => {
  it('cover the same namespaces', () => {
    const names = (m: Record<string, unknown>) =>
      Object.keys(m)
        .map((p) => p.replace(/(ko|en)\.json$/, ''))
        .sort();
    expect(names(en)).toEqual(names(ko));
    expect(Object.keys(ko).length).toBeGreaterThan(15);
  });

  it.each(Object.keys(ko).map((p) => [p.replace(/ko\.json$/, '')]))('%s: every key in both languages', (dir) => {
    expect(catalogueDifferences(ko[`${dir}ko.json`]!, en[`${dir}en.json`]!)).toEqual([]);
  });

  it('the check fails on a key missing in either language, nested or plural', () => {
    expect(catalogueDifferences({ a: { b: 'x', c: 'y' } }, { a: { b: 'x' } })).toEqual(['missing in en: a.c']);
    expect(catalogueDifferences({ a: 'x' }, { a: 'x', d: { e: 'z' } })).toEqual(['missing in ko: d.e']);
    expect(catalogueDifferences({ n_other: '{{count}}개' }, { n_one: 'one', n_other: '{{count}} items' })).toEqual([]);
    expect(catalogueDifferences({ a: '{{name}}님' }, { a: 'Hi' })).toEqual(['variables differ: a (name / )']);
  });

  it('no Korean catalogue writes a particle fallback such as 은(는) or 을(를)', () => {
    const fallbacks = /[을은이와과]\((를|는|가|과|와)\)|\(으\)로|\((이|가|을|를|은|는)\)/;
    const hits: string[] = [];
    for (const [path, tree] of Object.entries(ko)) {
      for (const [k] of flatten(tree)) {
        const text = k.split('.').reduce<unknown>((t, part) => (t as Tree | undefined)?.[part], tree);
        if (typeof text === 'string' && fallbacks.test(text)) hits.push(`${path}: ${k}`);
      }
    }
    expect(hits).toEqual([]);
  });
});

describe('particles', () => {
  beforeAll(async () => {
    await initTestI18n('ko');
  });

  it('withJosa picks the particle from the last syllable', () => {
    expect(withJosa('SQL 첫걸음', '은/는')).toBe('SQL 첫걸음은');
    expect(withJosa('모던 자바스크립트', '은/는')).toBe('모던 자바스크립트는');
    expect(withJosa('김하나', '으로/로')).toBe('김하나로');
    expect(withJosa('홍길동', '으로/로')).toBe('홍길동으로');
    expect(withJosa('서울', '으로/로')).toBe('서울로'); // ㄹ takes 로
    expect(withJosa('x', 'not-a-particle')).toBe('x');
    expect(withJosa('「SQL 첫걸음」', '이/가')).toBe('「SQL 첫걸음」이');
    expect(withJosa('「모던 자바」', '이/가')).toBe('「모던 자바」가');
  });

  it('the catalogues format {{word, josa(p: …)}} with the right particle', () => {
    i18n.addResource('ko', 'translation', 'test.josa', '{{title, josa(p: 은/는)}} 어땠나요?');
    expect(i18n.t('test.josa', { title: 'SQL 첫걸음' })).toBe('SQL 첫걸음은 어땠나요?');
    expect(i18n.t('test.josa', { title: '리액트 스터디' })).toBe('리액트 스터디는 어땠나요?');
  });
});
