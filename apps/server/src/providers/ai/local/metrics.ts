/**
 * Text metrics and the readability scales (docs/studio.md "Readability"):
 *
 * MOIM_KO, for Korean (0–100, higher is easier), from three measures of the prose sentences:
 *   ASL = mean eojeol per sentence, LS = share of sentences over 20 eojeol,
 *   ASW = mean Hangul syllables per eojeol
 *   index = 100 − 2.5·max(0, ASL − 12) − 40·LS − 10·max(0, ASW − 3.8), clamped to 0–100.
 * 12 eojeol is about a plain newspaper sentence; 3.8 syllables per eojeol is typical prose, more
 * means dense Sino-Korean compounds. Each term costs points only past the comfortable range.
 *
 * FLESCH, for English: Flesch reading ease (206.835 − 1.015·words/sentence − 84.6·syllables/word).
 */
import type { StudioMetrics } from '@moim/contract';
import { fleschReadingEase } from './english.ts';
import { LIMITS } from './common.ts';
import { type Span, eojeols, words } from './segment.ts';

export interface SentenceInfo {
  block: number;
  span: Span;
  /** eojeol (words) in the sentence */
  words: number;
}

export function koreanReadability(sentences: readonly SentenceInfo[], texts: readonly string[]): number {
  if (sentences.length === 0) return 100;
  const asl = sentences.reduce((n, s) => n + s.words, 0) / sentences.length;
  const ls = sentences.filter((s) => s.words > LIMITS.koLongSentence).length / sentences.length;
  let syllables = 0;
  let hangulWords = 0;
  for (const t of texts) {
    for (const w of eojeols(t)) {
      const n = w.text.match(/[\uac00-\ud7a3]/g)?.length ?? 0;
      if (n > 0) {
        syllables += n;
        hangulWords++;
      }
    }
  }
  const asw = hangulWords ? syllables / hangulWords : 0;
  const index = 100 - 2.5 * Math.max(0, asl - 12) - 40 * ls - 10 * Math.max(0, asw - 3.8);
  return Math.round(Math.max(0, Math.min(100, index)) * 10) / 10;
}

export function computeMetrics(
  language: 'ko' | 'en',
  sentences: readonly SentenceInfo[],
  proseTexts: readonly string[],
  allText: string,
  counts: { paragraphs: number; headings: number },
): StudioMetrics {
  const totalWords = proseTexts.reduce((n, t) => n + eojeols(t).length, 0);
  const longLimit = language === 'ko' ? LIMITS.koLongSentence : LIMITS.enLongSentence;
  const readability =
    language === 'ko'
      ? koreanReadability(sentences, proseTexts)
      : Math.round(
          fleschReadingEase(
            proseTexts.flatMap((t) => words(t).map((w) => w.text)).filter((w) => /[A-Za-z]/.test(w)),
            Math.max(1, sentences.length),
          ) * 10,
        ) / 10;
  const characters = allText.replace(/\s/g, '').length;
  return {
    language,
    characters,
    words: totalWords,
    sentences: sentences.length,
    paragraphs: counts.paragraphs,
    headings: counts.headings,
    avgWordsPerSentence: sentences.length ? Math.round((totalWords / sentences.length) * 10) / 10 : 0,
    longSentenceShare: sentences.length
      ? Math.round((sentences.filter((s) => s.words > longLimit).length / sentences.length) * 1000) / 1000
      : 0,
    readability,
    readabilityScale: language === 'ko' ? 'MOIM_KO' : 'FLESCH',
    // about 500 characters a minute for Korean, 230 words a minute for English
    readingMinutes: Math.max(1, Math.round(language === 'ko' ? characters / 500 : totalWords / 230)),
  };
}
