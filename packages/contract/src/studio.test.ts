import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  STUDIO_TRANSITIONS,
  type StudioResult,
  type StudioSuggestion,
  compareResults,
  nextSeoulMidnight,
  normalizeStudioUrl,
  studioStatusesBefore,
  studioSubmission,
  studioText,
} from './studio.ts';
import { STUDIO_STATUSES, applySuggestions } from './studio-rules.ts';

const sug = (rule: string, original: string, offset = 0): StudioSuggestion => ({
  id: `${rule}:${offset}`,
  offset,
  length: original.length,
  original,
  message: '',
  shortMessage: '',
  replacements: [],
  rule: { id: rule, category: 'SPACING' },
  severity: 'ERROR',
  paragraph: 0,
});
const result = (score: number, ratings: number[], suggestions: StudioSuggestion[]): StudioResult => ({
  overall: { score, summary: '' },
  ratings: (['TITLE', 'OPENING', 'READABILITY', 'STRUCTURE', 'CLARITY', 'TONE'] as const).map((category, i) => ({
    category,
    score: ratings[i]!,
    comment: '',
  })),
  strengths: [],
  growthPoints: [],
  keywords: [],
  detectedCategory: 'OTHER',
  suggestions,
  metrics: {
    language: 'ko',
    characters: 0,
    words: 0,
    sentences: 0,
    paragraphs: 0,
    headings: 0,
    avgWordsPerSentence: 0,
    longSentenceShare: 0,
    readability: 0,
    readabilityScale: 'MOIM_KO',
    readingMinutes: 1,
  },
  provider: 'local',
  fallbackReason: null,
});

describe('studio rules', () => {
  it('compares two results: rating changes and resolved / introduced / remaining findings (as multisets)', () => {
    const a = result(3.2, [3, 3, 4, 4, 2, 5], [sug('SU', '할수', 3), sug('SU', '할수', 40), sug('P', '책를', 20)]);
    const b = result(4.1, [4, 3, 4, 4, 4, 5], [sug('SU', '할수', 41), sug('DBL', '  ', 9)]);
    const c = compareResults(a, b);
    expect(c.overall).toEqual({ from: 3.2, to: 4.1, delta: 0.9 });
    expect(c.ratings.map((r) => r.delta)).toEqual([1, 0, 0, 0, 2, 0]);
    expect(c.resolved.map((s) => s.original)).toEqual(['할수', '책를']);
    expect(c.remaining.map((s) => s.offset)).toEqual([41]);
    expect(c.introduced.map((s) => s.rule.id)).toEqual(['DBL']);
  });

  it('applies non-overlapping replacements in any order', () => {
    expect(
      applySuggestions('할수 있다. 책를 읽는다.', [
        { offset: 7, length: 2, replacement: '책을' },
        { offset: 0, length: 2, replacement: '할 수' },
      ]),
    ).toBe('할 수 있다. 책을 읽는다.');
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(applySuggestions(text, [])).toBe(text);
      }),
    );
  });

  it('resets the quota at the next 00:00 Asia/Seoul', () => {
    expect(nextSeoulMidnight(new Date('2026-11-23T14:59:59Z')).toISOString()).toBe('2026-11-23T15:00:00.000Z');
    expect(nextSeoulMidnight(new Date('2026-11-23T15:00:00Z')).toISOString()).toBe('2026-11-24T15:00:00.000Z');
    expect(nextSeoulMidnight(new Date('2026-12-31T23:30:00+09:00')).toISOString()).toBe('2026-12-31T15:00:00.000Z');
  });

  it('normalises URLs for the 24 h reuse rule', () => {
    expect(normalizeStudioUrl('https://Blog.Example.com:443/post?id=1&utm_source=x#top')).toBe('https://blog.example.com/post?id=1');
    expect(normalizeStudioUrl('http://example.com:80/a?fbclid=1')).toBe('http://example.com/a');
  });

  it('lets statuses move only forward, and not out of COMPLETED or FAILED', () => {
    expect(studioStatusesBefore('ANALYZING')).toEqual(['SUBMITTED', 'FETCHING']);
    expect(studioStatusesBefore('COMPLETED')).toEqual(['ANALYZING']);
    expect(studioStatusesBefore('SUBMITTED')).toEqual([]);
    for (const s of STUDIO_STATUSES)
      for (const to of STUDIO_TRANSITIONS[s]) expect(STUDIO_STATUSES.indexOf(to)).toBeGreaterThan(STUDIO_STATUSES.indexOf(s));
  });

  it('refuses NUL, control characters and lone surrogates in a text, and keeps emoji', () => {
    const ok = '가'.repeat(40);
    expect(studioText.safeParse(`${ok}\n\t😀`).success).toBe(true);
    for (const bad of [`${ok}\u0000`, `${ok}\u0007`, `${ok}\ud83d`, `${ok}\ude00x`]) expect(studioText.safeParse(bad).success).toBe(false);
    expect(studioSubmission.safeParse({ source: 'URL', url: 'file:///etc/passwd' }).success).toBe(false);
    expect(studioSubmission.parse({ source: 'TEXT', text: ok })).toMatchObject({
      tone: 'WARM_MENTOR',
      purpose: 'OTHER',
      locale: 'ko',
      audience: '',
    });
  });
});
