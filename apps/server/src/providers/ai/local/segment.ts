/**
 * Sentences and words with Intl.Segmenter, plus the Korean rules ICU does not know:
 * - a line break after a Korean sentence ending (다, 요, 죠, 까, 네, 음, 함 …) ends the sentence
 *   even without punctuation (blog posts often end lines that way);
 * - "다.다음" (no space after the full stop) still splits, but "v1.2", "3.5배", "e.g." and
 *   file names do not;
 * - a sentence that is only punctuation or an emoji joins the previous one.
 * Words are eojeol for Korean (runs of letters/digits between spaces: "React를" is one word) and
 * Segmenter words for other scripts.
 */

export interface Span {
  start: number;
  end: number;
  text: string;
}

const sentenceSegmenter = new Intl.Segmenter('ko', { granularity: 'sentence' });
const wordSegmenter = new Intl.Segmenter('en', { granularity: 'word' });

const KO_ENDING_BEFORE_BREAK = /[다요죠까네음함임됨군나지라자][.!?…~]*[)"'”’]*\s*$/;
const HAS_LETTER = /[\p{L}\p{N}]/u;

export function sentences(text: string): Span[] {
  const raw: Span[] = [];
  for (const s of sentenceSegmenter.segment(text)) {
    // Korean rule: split further at line breaks that follow a sentence ending.
    let from = 0;
    const seg = s.segment;
    for (let i = 0; i < seg.length; i++) {
      if (seg[i] === '\n' && KO_ENDING_BEFORE_BREAK.test(seg.slice(from, i))) {
        raw.push({ start: s.index + from, end: s.index + i + 1, text: seg.slice(from, i + 1) });
        from = i + 1;
      }
    }
    if (from < seg.length) raw.push({ start: s.index + from, end: s.index + seg.length, text: seg.slice(from) });
  }
  // Join fragments without letters (a lone "!!" or emoji) to the previous sentence.
  const out: Span[] = [];
  for (const s of raw) {
    const prev = out[out.length - 1];
    if (prev && !HAS_LETTER.test(s.text)) {
      prev.end = s.end;
      prev.text = text.slice(prev.start, prev.end);
    } else out.push({ ...s });
  }
  // Trim trailing whitespace from each span (offsets stay inside the text).
  for (const s of out) {
    const trimmed = s.text.replace(/\s+$/, '');
    s.end = s.start + trimmed.length;
    s.text = trimmed;
  }
  return out.filter((s) => s.text.length > 0);
}

/** Whitespace-separated tokens with at least one letter or digit (Korean eojeol). */
export function eojeols(text: string, base = 0): Span[] {
  const out: Span[] = [];
  for (const m of text.matchAll(/\S+/g))
    if (HAS_LETTER.test(m[0])) out.push({ start: base + m.index, end: base + m.index + m[0].length, text: m[0] });
  return out;
}

/** Segmenter word-like tokens (English words, numbers, CJK runs). */
export function words(text: string, base = 0): Span[] {
  const out: Span[] = [];
  for (const w of wordSegmenter.segment(text))
    if (w.isWordLike) out.push({ start: base + w.index, end: base + w.index + w.segment.length, text: w.segment });
  return out;
}

const HANGUL = /[\uac00-\ud7a3]/g;
const LATIN = /[A-Za-z]/g;

/** 'ko' when Hangul syllables are at least a fifth of the letters, else 'en'. */
export function detectLanguage(text: string): 'ko' | 'en' {
  const ko = text.match(HANGUL)?.length ?? 0;
  const en = text.match(LATIN)?.length ?? 0;
  // A Hangul syllable carries about three Latin letters' worth of text.
  return ko * 3 >= (ko * 3 + en) * 0.2 && ko > 0 ? 'ko' : 'en';
}

export const isHangulSyllable = (ch: string | undefined) => !!ch && ch >= '\uac00' && ch <= '\ud7a3';

/** Final consonant index of a Hangul syllable (0 = none, 8 = ㄹ, 4 = ㄴ …), -1 when not a syllable. */
export function jongseongIndex(ch: string | undefined): number {
  if (!isHangulSyllable(ch)) return -1;
  return (ch!.charCodeAt(0) - 0xac00) % 28;
}
export const JONG = { NONE: 0, NIEUN: 4, RIEUL: 8 } as const;
