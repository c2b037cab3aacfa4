/**
 * Category ratings from the metrics, by the formula documented in docs/studio.md "Ratings".
 * Each category gets a 0–100 score (start at 100, subtract for what is measured), then
 * stars by thresholds (`starsOf`); the overall score is the weighted mean of the stars.
 * Each rating also carries a neutral fact line (noun style, so any tone can wrap it).
 */
import type { StudioMetrics, StudioPurpose, StudioRatingCategory } from '@moim/contract';
import { type Finding, L, type Localized } from './finding.ts';
import type { SpeechLevel } from './korean.ts';
import type { StructureReport } from './structure.ts';

export interface RatingInput {
  language: 'ko' | 'en';
  purpose: StudioPurpose;
  audience: string;
  title: string;
  keywords: string[];
  opening: { text: string; sentences: string[]; firstSentenceWords: number } | null;
  metrics: StudioMetrics;
  structure: StructureReport;
  findings: Finding[];
  /** Korean: speech level per sentence */
  levels: SpeechLevel[];
  sentenceTexts: string[];
  proseText: string;
}

export interface CategoryScore {
  category: StudioRatingCategory;
  score: number;
  stars: number;
  fact: Localized;
}

export const RATING_WEIGHTS: Record<StudioRatingCategory, number> = {
  TITLE: 0.1,
  OPENING: 0.15,
  READABILITY: 0.2,
  STRUCTURE: 0.2,
  CLARITY: 0.2,
  TONE: 0.15,
};

/** 0–100 → 1–5 stars: ≥90 → 5, ≥72 → 4, ≥52 → 3, ≥30 → 2, else 1. */
export const starsOf = (score: number) => (score >= 90 ? 5 : score >= 72 ? 4 : score >= 52 ? 3 : score >= 30 ? 2 : 1);
const clamp = (n: number) => Math.max(0, Math.min(100, n));
const pct = (n: number) => Math.round(n * 100);

const GENERIC_TITLE = /^(제목|무제|제목 없음|untitled|title|회고|일기|test|테스트|글|new post|draft)$/i;
const CLICHE_OPENING =
  /^(안녕하세요|안녕하십니까|반갑습니다|오늘은|이번 (포스팅|글|시간)|hello|hi( everyone| all)?|in this (post|article|blog)|today,? (i|we)|welcome)/i;
const CASUAL_MARKERS = /ㅋ{2,}|ㅎ{2,}|ㅠ+|ㅜ{2,}|\^\^|;;|~{2,}|\blol\b|\bomg\b|[\u{1F300}-\u{1FAFF}\u{2600}-\u{27BF}]/giu;
const BEGINNER = /(초보|입문|비전공|처음|주니어|beginner|newcomer|non-technical|junior)/i;

function titleScore(i: RatingInput): CategoryScore {
  const t = i.title.trim();
  if (!t) return { category: 'TITLE', score: 20, stars: starsOf(20), fact: L('제목 없음.', 'No title.') };
  let s = 100;
  const [min, max] = i.language === 'ko' ? [8, 40] : [15, 70];
  const notes: Localized[] = [];
  if (t.length < min) {
    s -= 20;
    notes.push(L('다소 짧음', 'a little short'));
  } else if (t.length > max) {
    s -= 25;
    notes.push(L('다소 김', 'rather long'));
  }
  if (/[^.]\.$/.test(t)) s -= 10;
  if (GENERIC_TITLE.test(t)) {
    s -= 40;
    notes.push(L('내용을 알 수 없는 일반적인 제목', 'generic'));
  }
  const top = i.keywords.slice(0, 3);
  const hasKeyword = top.length === 0 || top.some((k) => t.toLowerCase().includes(k.toLowerCase()));
  if (!hasKeyword) {
    s -= 15;
    notes.push(L('본문 핵심어 없음', 'without the text’s key terms'));
  } else notes.push(L('핵심어 포함', 'with a key term'));
  if (/\d|\?/.test(t)) s += 5;
  s = clamp(s);
  return {
    category: 'TITLE',
    score: s,
    stars: starsOf(s),
    fact: L(
      `제목 ${t.length}자, ${notes.map((n) => n.ko).join(', ')}.`,
      `Title of ${t.length} characters, ${notes.map((n) => n.en).join(', ')}.`,
    ),
  };
}

function openingScore(i: RatingInput): CategoryScore {
  const o = i.opening;
  if (!o) return { category: 'OPENING', score: 30, stars: starsOf(30), fact: L('본문 첫 문단 없음.', 'No opening paragraph.') };
  let s = 100;
  const notes: Localized[] = [
    L(`첫 문단 ${o.sentences.length}문장`, `Opening of ${o.sentences.length} sentence${o.sentences.length === 1 ? '' : 's'}`),
  ];
  if (CLICHE_OPENING.test((o.sentences[0] ?? '').trim())) {
    s -= 30;
    notes.push(L('의례적인 인사로 시작', 'starts with a stock greeting'));
  }
  if (o.firstSentenceWords > (i.language === 'ko' ? 20 : 30)) {
    s -= 15;
    notes.push(L('첫 문장이 김', 'long first sentence'));
  }
  if (o.sentences.length > 4) s -= 10;
  if (o.text.length < 15) s -= 10;
  const top = i.keywords.slice(0, 3);
  if (top.length > 0 && !top.some((k) => o.text.toLowerCase().includes(k.toLowerCase()))) {
    s -= 15;
    notes.push(L('핵심어가 늦게 등장', 'key terms come late'));
  }
  s = clamp(s);
  return {
    category: 'OPENING',
    score: s,
    stars: starsOf(s),
    fact: L(`${notes.map((n) => n.ko).join(', ')}.`, `${notes.map((n) => n.en).join(', ')}.`),
  };
}

function readabilityScore(i: RatingInput): CategoryScore {
  const m = i.metrics;
  const s = clamp(m.readabilityScale === 'MOIM_KO' ? m.readability : m.readability + 20);
  return {
    category: 'READABILITY',
    score: s,
    stars: starsOf(s),
    fact: L(
      `평균 ${m.avgWordsPerSentence}어절 문장, 긴 문장 ${pct(m.longSentenceShare)}%, 가독성 지수 ${m.readability}.`,
      `${m.avgWordsPerSentence} words per sentence on average, ${pct(m.longSentenceShare)}% long sentences, ${m.readabilityScale === 'FLESCH' ? 'Flesch' : 'index'} ${m.readability}.`,
    ),
  };
}

function structureScore(i: RatingInput): CategoryScore {
  const r = i.structure;
  let s = 100;
  const words = i.metrics.words;
  s -= r.notes.length * 10;
  if (r.paragraphs > 0) s -= 40 * (r.longParagraphs / r.paragraphs);
  s -= Math.min(20, r.headingSkips * 10);
  s -= Math.min(15, r.codeWithoutLang * 5);
  if (r.paragraphs <= 1 && words > 250) s -= 20;
  s = clamp(s);
  const ko = [`소제목 ${r.headingCount}개`, `문단 ${r.paragraphs}개`];
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
  const en = [plural(r.headingCount, 'heading'), plural(r.paragraphs, 'paragraph')];
  if (r.longParagraphs) {
    ko.push(`긴 문단 ${r.longParagraphs}개`);
    en.push(`${r.longParagraphs} long`);
  }
  if (r.lists) {
    ko.push(`목록 항목 ${r.lists}개`);
    en.push(plural(r.lists, 'list item'));
  }
  if (r.codeBlocks) {
    ko.push(`코드 블록 ${r.codeBlocks}개`);
    en.push(plural(r.codeBlocks, 'code block'));
  }
  return { category: 'STRUCTURE', score: Math.round(s), stars: starsOf(s), fact: L(`${ko.join(', ')}.`, `${en.join(', ')}.`) };
}

const CLARITY_CATEGORIES = new Set(['SPELLING', 'SPACING', 'GRAMMAR', 'PUNCTUATION', 'CLARITY', 'STYLE', 'REPETITION']);
const WEIGHT = { ERROR: 2, WARNING: 1, HINT: 0.5 } as const;

function clarityScore(i: RatingInput): CategoryScore {
  const relevant = i.findings.filter((f) => CLARITY_CATEGORIES.has(f.category));
  const weighted = relevant.reduce((n, f) => n + WEIGHT[f.severity], 0);
  const per100 = (weighted / Math.max(1, i.metrics.words)) * 100;
  const s = clamp(100 - 10 * per100);
  const mechanics = relevant.filter((f) => f.category === 'SPELLING' || f.category === 'SPACING' || f.category === 'GRAMMAR').length;
  const wordy = relevant.length - mechanics;
  return {
    category: 'CLARITY',
    score: Math.round(s),
    stars: starsOf(s),
    fact: L(
      `맞춤법·띄어쓰기·문법 ${mechanics}곳, 군더더기·모호한 표현 ${wordy}곳.`,
      `${mechanics} spelling/grammar issues, ${wordy} wordy or vague spots.`,
    ),
  };
}

const LEVEL_LABEL: Record<Exclude<SpeechLevel, 'NONE'>, string> = {
  FORMAL: '합쇼체(-습니다)',
  POLITE: '해요체(-요)',
  PLAIN: '해라체(-다)',
  CASUAL: '반말',
};

function toneScore(i: RatingInput): CategoryScore {
  let s = 100;
  const ko: string[] = [];
  const en: string[] = [];
  if (i.language === 'ko') {
    const known = i.levels.filter((l) => l !== 'NONE') as Array<Exclude<SpeechLevel, 'NONE'>>;
    if (known.length > 0) {
      const count = (l: SpeechLevel) => known.filter((k) => k === l).length;
      const levels = ['FORMAL', 'POLITE', 'PLAIN', 'CASUAL'] as const;
      const dominant = levels.reduce((a, b) => (count(b) > count(a) ? b : a));
      const exact = count(dominant) / known.length;
      const group = Math.max(count('FORMAL') + count('POLITE'), count('PLAIN') + count('CASUAL')) / known.length;
      const share = (exact + group) / 2;
      s = 40 + 60 * Math.max(0, (share - 0.5) / 0.5);
      ko.push(`${LEVEL_LABEL[dominant]} ${pct(exact)}%`);
      en.push(`${pct(exact)}% of sentences in one speech level`);
      if (i.purpose === 'RESUME' && dominant === 'POLITE') {
        s -= 10;
        ko.push('자기소개서에 해요체');
        en.push('polite 해요체 in a résumé');
      }
    }
  }
  const casual = i.proseText.match(CASUAL_MARKERS)?.length ?? 0;
  if (casual > 0 && i.purpose !== 'MARKETING' && i.purpose !== 'OTHER') {
    s -= Math.min(30, casual * 8);
    ko.push(`구어·이모티콘 ${casual}곳`);
    en.push(`${casual} chat-style markers`);
  }
  const exclaim = i.sentenceTexts.filter((t) => /!\s*$/.test(t)).length / Math.max(1, i.sentenceTexts.length);
  if (exclaim > 0.2 && i.purpose !== 'MARKETING') {
    s -= 10;
    ko.push(`느낌표 문장 ${pct(exclaim)}%`);
    en.push(`${pct(exclaim)}% exclamations`);
  }
  if (i.language === 'en' && i.purpose === 'RESUME') {
    const contractions = i.proseText.match(/\b\w+'(?:s|re|ve|ll|d|t)\b/gi)?.length ?? 0;
    if (contractions > 2) {
      s -= 10;
      en.push(`${contractions} contractions`);
      ko.push(`축약형 ${contractions}곳`);
    }
  }
  if (BEGINNER.test(i.audience)) {
    const all = i.proseText.match(/\S+/g)?.length ?? 0;
    const latin =
      i.language === 'ko' ? (i.proseText.match(/[A-Za-z]{2,}/g)?.length ?? 0) : (i.proseText.match(/\b[A-Z]{2,}\b/g)?.length ?? 0);
    const share = all ? latin / all : 0;
    if (share > (i.language === 'ko' ? 0.15 : 0.05)) {
      s -= 10;
      ko.push(`입문 독자에게 영어 용어 비율 ${pct(share)}%`);
      en.push(`${pct(share)}% acronyms for a beginner audience`);
    }
  }
  s = clamp(s);
  if (ko.length === 0) {
    ko.push('문체 일관됨');
    en.push('consistent voice');
  }
  return { category: 'TONE', score: Math.round(s), stars: starsOf(s), fact: L(`${ko.join(', ')}.`, `${en.join(', ')}.`) };
}

export function rateAll(i: RatingInput): { categories: CategoryScore[]; overall: number } {
  const categories = [titleScore(i), openingScore(i), readabilityScore(i), structureScore(i), clarityScore(i), toneScore(i)];
  const overall = categories.reduce((n, c) => n + c.stars * RATING_WEIGHTS[c.category], 0);
  return { categories, overall: Math.round(overall * 10) / 10 };
}
