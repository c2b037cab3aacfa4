/**
 * Which parts of a text a query matched, the way the server searches (docs/job-postings.md):
 * each word of the query is looked for in the text's jamo (so "결ㅈ" marks 결제) or, for a 초성
 * word ("ㅂㅇㄷ"), in the initial consonants of its syllables (marks 백엔드). Returns merged
 * [start, end) ranges of the original text.
 */
import { disassemble, getChoseong } from 'es-hangul';

const CHOSEONG_ONLY = /^[ㄱ-ㅎ]+$/;
const COMPAT_JAMO = /[\u3131-\u318e]/;

/** NFKC except compatibility jamo (ㄱ-ㅣ), which NFKC would turn into conjoining jamo (as the server does). */
function normalise(s: string): string {
  return s.replace(/[^\u3131-\u318e]+/g, (run) => run.normalize('NFKC')).toLowerCase();
}

/** Each character's contribution to the searchable form, with the index of the character it came from. */
function expand(text: string, choseong: boolean): { chars: string; origin: number[] } {
  let chars = '';
  const origin: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!.toLowerCase();
    const part = choseong
      ? /[가-힣]/.test(c)
        ? getChoseong(c)
        : /[ㄱ-ㅎ]/.test(c)
          ? c
          : ' '
      : /[가-힣]/.test(c)
        ? disassemble(c)
        : COMPAT_JAMO.test(c)
          ? c
          : normalise(c);
    chars += part;
    for (let k = 0; k < part.length; k++) origin.push(i);
  }
  return { chars, origin };
}

export function highlightRanges(text: string, query: string): Array<[number, number]> {
  const words = normalise(query.trim()).split(/\s+/).filter(Boolean);
  const ranges: Array<[number, number]> = [];
  for (const word of words) {
    const cho = CHOSEONG_ONLY.test(word);
    const needle = cho ? word : disassemble(word);
    const { chars, origin } = expand(text, cho);
    let from = 0;
    for (;;) {
      const at = chars.indexOf(needle, from);
      if (at < 0 || needle.length === 0) break;
      ranges.push([origin[at]!, origin[at + needle.length - 1]! + 1]);
      from = at + needle.length;
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([...r]);
  }
  return merged;
}
