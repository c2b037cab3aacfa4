/**
 * Checks for both languages: punctuation spacing, repeated punctuation, filler words, repeated
 * sentence openers and words, long sentences. Thresholds are in `LIMITS` (docs/studio.md).
 */
import { type Finding, L } from './finding.ts';
import { KOREAN_FILLERS } from './korean.ts';
import { splitPoint } from './long-sentence.ts';
import { type Span, eojeols } from './segment.ts';

export const LIMITS = {
  /** a Korean sentence with more eojeol than this is long */
  koLongSentence: 20,
  /** an English sentence with more words than this is long */
  enLongSentence: 30,
} as const;

const PUNCT_SHORT = L('문장 부호', 'Punctuation');

export function punctuationFindings(text: string, block: number): Finding[] {
  const out: Finding[] = [];
  // Two or more spaces inside a line.
  for (const m of text.matchAll(/(?<=\S) {2,}(?=\S)/g)) {
    out.push({
      block,
      from: m.index,
      to: m.index + m[0].length,
      ruleId: 'DOUBLE_SPACE',
      category: 'PUNCTUATION',
      severity: 'WARNING',
      message: L('공백이 두 번 이상 들어갔습니다.', 'More than one space.'),
      short: PUNCT_SHORT,
      replacements: [' '],
    });
  }
  // No space after a sentence mark before a letter: "했다.다음", "done.Next" (not 3.5, v1.2, e.g.).
  for (const m of text.matchAll(/(?<=[가-힣a-z)\]"'”’]{2})([.!?,])(?=[가-힣A-Z])/g)) {
    out.push({
      block,
      from: m.index,
      to: m.index + 1,
      ruleId: 'SPACE_AFTER_PUNCT',
      category: 'PUNCTUATION',
      severity: 'WARNING',
      message: L('문장 부호 뒤에는 한 칸 띄웁니다.', 'Add a space after the punctuation mark.'),
      short: PUNCT_SHORT,
      replacements: [`${m[1]} `],
    });
  }
  // A space before a sentence mark: "했다 ." / "done ,"
  for (const m of text.matchAll(/(?<=[가-힣A-Za-z0-9]) +([.,!?])(?=\s|$)/g)) {
    out.push({
      block,
      from: m.index,
      to: m.index + m[0].length,
      ruleId: 'SPACE_BEFORE_PUNCT',
      category: 'PUNCTUATION',
      severity: 'WARNING',
      message: L('문장 부호 앞에는 띄우지 않습니다.', 'No space before the punctuation mark.'),
      short: PUNCT_SHORT,
      replacements: [m[1]!],
    });
  }
  // "!!!", "???", "?!?!"
  for (const m of text.matchAll(/[!?]{3,}/g)) {
    out.push({
      block,
      from: m.index,
      to: m.index + m[0].length,
      ruleId: 'REPEATED_PUNCT',
      category: 'STYLE',
      severity: 'HINT',
      message: L('느낌표·물음표는 하나면 충분합니다.', 'One exclamation or question mark is enough.'),
      short: PUNCT_SHORT,
      replacements: [m[0][0]!],
    });
  }
  return out;
}

const EN_FILLERS = ['basically', 'actually', 'literally', 'just', 'really', 'totally', 'simply', 'obviously'];

/** Filler words: flagged from the second use in a block on (one "정말" is a choice, three are a habit). */
export function fillerFindings(text: string, block: number, language: 'ko' | 'en'): Finding[] {
  const out: Finding[] = [];
  const list = language === 'ko' ? KOREAN_FILLERS : EN_FILLERS;
  const re =
    language === 'ko'
      ? new RegExp(`(?<![가-힣])(${list.join('|')})(?![가-힣])\\s?`, 'g')
      : new RegExp(`\\b(${list.join('|')})\\b\\s?`, 'gi');
  const seen = new Map<string, number>();
  for (const m of text.matchAll(re)) {
    const w = m[1]!.toLowerCase();
    const n = (seen.get(w) ?? 0) + 1;
    seen.set(w, n);
    if (n < 2) continue;
    out.push({
      block,
      from: m.index,
      to: m.index + m[0].length,
      ruleId: 'FILLER_WORD',
      category: 'CLARITY',
      severity: 'HINT',
      message: L(`군더더기 말 '${m[1]}' — 빼도 뜻이 그대로입니다.`, `Filler word “${m[1]}”: the sentence means the same without it.`),
      short: L('군더더기', 'Filler'),
      replacements: [''],
    });
  }
  return out;
}

const STOP_KO = new Set(['그리고', '하지만', '그래서', '그런데', '또한', '이', '그', '저', '수', '것', '등', '더', '잘', '및', '좀', '또']);
const STOP_EN = new Set('the a an and or but of to in on for with is are was were be it this that i we you they as at by from'.split(' '));

/** Sentence openers used by two sentences in a row, and a content word three times in one sentence. */
export function repetitionFindings(text: string, block: number, sentenceSpans: Span[], language: 'ko' | 'en'): Finding[] {
  const out: Finding[] = [];
  let prevOpener = '';
  for (const s of sentenceSpans) {
    const ws = eojeols(s.text, s.start);
    const first = ws[0];
    const opener = first ? first.text.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase() : '';
    if (first && opener && opener === prevOpener && opener.length >= 2 && !/^\d+$/.test(opener)) {
      out.push({
        block,
        from: first.start,
        to: first.start + first.text.replace(/[^\p{L}\p{N}]+$/u, '').length,
        ruleId: 'REPEATED_OPENER',
        category: 'REPETITION',
        severity: 'HINT',
        message: L(
          `두 문장이 연달아 같은 말(“${first.text}”)로 시작합니다. 첫머리를 바꿔 보세요.`,
          `Two sentences in a row open with “${first.text}”. Vary the opening.`,
        ),
        short: L('반복되는 시작', 'Repeated opener'),
        replacements: [],
      });
    }
    prevOpener = opener;
    const counts = new Map<string, Span[]>();
    for (const w of ws) {
      const key = w.text.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase();
      const stop = language === 'ko' ? STOP_KO.has(key) || key.length < 2 : STOP_EN.has(key) || key.length < 4;
      if (!key || stop) continue;
      counts.set(key, [...(counts.get(key) ?? []), w]);
    }
    for (const [, spans] of counts) {
      if (spans.length < 3) continue;
      const third = spans[2]!;
      out.push({
        block,
        from: third.start,
        to: third.start + third.text.replace(/[^\p{L}\p{N}]+$/u, '').length,
        ruleId: 'REPEATED_WORD_IN_SENTENCE',
        category: 'REPETITION',
        severity: 'HINT',
        message: L(
          `한 문장에 같은 말이 ${spans.length}번 나옵니다. 대명사나 다른 말로 바꿔 보세요.`,
          `The same word appears ${spans.length} times in one sentence.`,
        ),
        short: L('반복', 'Repetition'),
        replacements: [],
      });
    }
  }
  return out;
}

export function longSentenceFindings(block: number, sentenceSpans: Span[], language: 'ko' | 'en'): Finding[] {
  const out: Finding[] = [];
  const limit = language === 'ko' ? LIMITS.koLongSentence : LIMITS.enLongSentence;
  for (const s of sentenceSpans) {
    const n = eojeols(s.text).length;
    if (n <= limit) continue;
    const split = language === 'ko' ? splitPoint(s) : null;
    if (split) {
      // The suggestion sits on the split point and rewrites it; the sentence itself stays.
      out.push({
        block,
        from: split.start,
        to: split.end,
        ruleId: 'LONG_SENTENCE_SPLIT',
        category: 'READABILITY',
        severity: 'HINT',
        message: L(
          `긴 문장입니다 (어절 ${n}개). '${split.word}'에서 두 문장으로 나누면 읽기 쉬워집니다.`,
          `A long sentence (${n} words). Ending it at '${split.word}' makes two sentences that read more easily.`,
        ),
        short: L('긴 문장 나누기', 'Split a long sentence'),
        replacements: [split.replacement],
      });
      continue;
    }
    out.push({
      block,
      from: s.start,
      to: s.end,
      ruleId: 'LONG_SENTENCE',
      category: 'READABILITY',
      severity: 'HINT',
      message: L(
        `긴 문장입니다 (어절 ${n}개). 두 문장으로 나누면 읽기 쉬워집니다.`,
        `A long sentence (${n} words). Splitting it makes it easier to read.`,
      ),
      short: L('긴 문장', 'Long sentence'),
      replacements: [],
    });
  }
  return out;
}
