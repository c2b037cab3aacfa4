/**
 * The local analyzer on the sample texts kept in ./samples (with their expected findings), and
 * every rule of the Korean rule table on its own examples and clean sentences.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { STUDIO_RATING_CATEGORIES, applySuggestions } from '@moim/contract';
import { describe, expect, it } from 'vitest';
import { analyzeLocally } from './analyzer.ts';
import { ruleTableFindings } from './korean.ts';
import { KOREAN_RULES } from './korean-rule-table.ts';
import { SAMPLES } from './samples/expected.ts';
import { sentences } from './segment.ts';

const sample = (f: string) => readFileSync(join(import.meta.dirname, 'samples', f), 'utf8');
const run = (text: string, extra: Partial<Parameters<typeof analyzeLocally>[0]> = {}) =>
  analyzeLocally({ text, title: '', purpose: 'OTHER', audience: '', tone: 'WARM_MENTOR', locale: 'ko', ...extra });

describe('local analyzer on the sample texts', () => {
  it.each(SAMPLES)('$file', (s) => {
    const text = sample(s.file);
    const r = run(text);
    expect(r.metrics.language).toBe(s.language);
    for (const want of s.mustFind) {
      const hit = r.suggestions.find((x) => x.rule.id === want.rule && x.original === want.original);
      expect(hit, `${want.rule} on “${want.original}”`).toBeDefined();
      if (want.replacement !== undefined) expect(hit!.replacements[0]).toBe(want.replacement);
      // anchored: the offsets point at exactly that text in the source
      expect(text.slice(hit!.offset, hit!.offset + hit!.length)).toBe(want.original);
    }
    const unwanted = r.suggestions.filter((x) => s.mustNotFind.includes(x.rule.category));
    expect(unwanted.map((x) => `${x.rule.id} “${x.original}”`)).toEqual([]);
    if (s.detectedCategory) expect(r.detectedCategory).toBe(s.detectedCategory);
    if (s.clarity) {
      const clarity = r.ratings.find((x) => x.category === 'CLARITY')!.score;
      expect(clarity).toBeGreaterThanOrEqual(s.clarity[0]);
      expect(clarity).toBeLessThanOrEqual(s.clarity[1]);
    }
  });

  it('gives six ratings 1–5 with comments, an overall score, and never suggests inside code or URLs', () => {
    const text = `# 설정 정리\n\n이 설정은 \`할수있다\` 같은 코드 문자열을 건드리지 않습니다. 주소 https://example.com/할수있다 도 그대로 둡니다.\n\n\`\`\`js\nconst 할수 = 1; // 안되요\n\`\`\`\n`;
    const r = run(text);
    expect(r.ratings.map((x) => x.category)).toEqual([...STUDIO_RATING_CATEGORIES]);
    for (const x of r.ratings) {
      expect(x.score).toBeGreaterThanOrEqual(1);
      expect(x.score).toBeLessThanOrEqual(5);
      expect(x.comment.length).toBeGreaterThan(5);
    }
    expect(r.overall.score).toBeGreaterThanOrEqual(1);
    expect(r.overall.score).toBeLessThanOrEqual(5);
    expect(r.suggestions.filter((x) => x.rule.category === 'SPACING' || x.rule.category === 'SPELLING')).toEqual([]);
  });

  it('anchors through markdown: accepting every suggestion fixes the mistakes and keeps the markup', () => {
    const text = '# 제목\n\n**굵게** 쓴 문장도 할수 있다. 그리고 [링크](https://example.com)를 지나 책를 읽는다.\n';
    const r = run(text);
    const fixed = applySuggestions(
      text,
      r.suggestions
        .filter((x) => x.replacements.length > 0)
        .map((x) => ({ offset: x.offset, length: x.length, replacement: x.replacements[0]! })),
    );
    expect(fixed).toBe('# 제목\n\n**굵게** 쓴 문장도 할 수 있다. 그리고 [링크](https://example.com)를 지나 책을 읽는다.\n');
    expect(run(fixed).suggestions.filter((x) => x.rule.category === 'SPACING' || x.rule.category === 'GRAMMAR')).toEqual([]);
  });

  it('writes the comments in the chosen tone and language', () => {
    const text = sample('ko-mistakes.md');
    const warm = run(text, { tone: 'WARM_MENTOR' });
    const blunt = run(text, { tone: 'BLUNT_CRITIC' });
    const english = run(text, { tone: 'PRO_EDITOR', locale: 'en' });
    const clarity = (r: typeof warm) => r.ratings.find((x) => x.category === 'CLARITY')!.comment;
    expect(clarity(warm)).toContain('천천히 하나씩 고쳐 봐요');
    expect(clarity(blunt)).toContain('고쳐라');
    expect(clarity(english)).toMatch(/must be fixed before you publish/);
    expect(english.suggestions.find((x) => x.rule.id === 'KO_SPACING_SU')!.message).toMatch(/bound noun/);
    // the findings themselves do not depend on the tone
    expect(warm.suggestions.map((x) => x.id)).toEqual(blunt.suggestions.map((x) => x.id));
  });
});

describe('Korean rule table', () => {
  for (const rule of KOREAN_RULES) {
    it(`${rule.id}: catches its examples and leaves clean sentences alone`, () => {
      for (const ex of rule.examples) {
        const text = `오늘은 ${ex.wrong} 문장이다.`;
        const found = ruleTableFindings(text, 0).find((f) => f.ruleId === rule.id);
        expect(found, `${rule.id} on “${ex.wrong}”`).toBeDefined();
        const fixed = text.slice(0, found!.from) + found!.replacements[0] + text.slice(found!.to);
        expect(fixed).toBe(`오늘은 ${ex.right} 문장이다.`);
      }
      for (const clean of rule.clean) {
        const hits = ruleTableFindings(clean, 0).filter((f) => f.ruleId === rule.id);
        expect(
          hits.map((h) => clean.slice(h.from, h.to)),
          `${rule.id} on “${clean}”`,
        ).toEqual([]);
      }
    });
  }
});

describe('Korean sentence splitting', () => {
  it('splits at sentence marks, at line breaks after a sentence ending, and not inside numbers or versions', () => {
    const text = '오늘 배포했다.다음 주에는 v1.2 버전을 3.5배 빠르게 만든다\n그리고 회고를 쓴다!! 끝';
    expect(sentences(text).map((s) => s.text)).toEqual([
      '오늘 배포했다.',
      '다음 주에는 v1.2 버전을 3.5배 빠르게 만든다',
      '그리고 회고를 쓴다!!',
      '끝',
    ]);
  });
});

describe('long Korean sentences', () => {
  const long =
    '처음 팀에 합류했을 때 우리는 배포 과정을 문서로 정리하는 일부터 시작했고, 그 덕분에 새로 온 사람도 첫 주 안에 혼자서 서비스를 배포할 수 있게 되어서 모두가 크게 만족했다.';

  it('offers a rewrite at a connective near the middle, in the sentence’s own speech level', () => {
    const r = run(long);
    const split = r.suggestions.find((s) => s.rule.id === 'LONG_SENTENCE_SPLIT');
    expect(split).toMatchObject({ original: '시작했고,', replacements: ['시작했다.'] });
    expect(r.suggestions.some((s) => s.rule.id === 'LONG_SENTENCE')).toBe(false);
    const formal = run(long.replace('만족했다.', '만족했습니다.'));
    expect(formal.suggestions.find((s) => s.rule.id === 'LONG_SENTENCE_SPLIT')?.replacements).toEqual(['시작했습니다.']);
    const polite = run(long.replace('시작했고,', '시작했지만').replace('만족했다.', '만족했어요.'));
    expect(polite.suggestions.find((s) => s.rule.id === 'LONG_SENTENCE_SPLIT')?.replacements).toEqual(['시작했어요. 하지만']);
  });

  it('keeps the plain hint when no connective can be rewritten safely', () => {
    const r = run(long.replace('시작했고,', '시작하고'));
    expect(r.suggestions.some((s) => s.rule.id === 'LONG_SENTENCE_SPLIT')).toBe(false);
    expect(r.suggestions.find((s) => s.rule.id === 'LONG_SENTENCE')?.replacements).toEqual([]);
  });
});

describe('kind of text', () => {
  it('tells a retrospective, a proposal and an essay apart', () => {
    const retro =
      '# 3분기 회고\n\n이번 분기를 돌아보면 잘한 점은 배포 자동화였다. 아쉬운 점은 문서가 늦었다는 것이다.\n\n다음에는 문서를 먼저 쓰기로 했다. 배운 점도 많았다.';
    const proposal =
      '# 사내 검색 개선 제안\n\n## 추진 배경\n\n지금은 검색 한 번에 3초가 걸린다.\n\n## 개선 방안\n\n인덱스를 새로 설계할 것을 제안한다. 기대 효과는 응답 시간 80% 단축이고, 필요한 예산은 크지 않다.';
    const essay =
      '# 바다\n\n어린 시절 여름마다 바다에 갔다. 그 바다를 생각하면 마음이 편해진다.\n\n나는 지금도 그 기억을 꺼내 본다. 비싼 선물보다 그 여름이 더 소중했다는 생각이 들었다.';
    expect(run(retro).detectedCategory).toBe('RETROSPECTIVE');
    expect(run(proposal).detectedCategory).toBe('PROPOSAL');
    expect(run(essay).detectedCategory).toBe('ESSAY');
  });
});
