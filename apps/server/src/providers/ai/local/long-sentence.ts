/**
 * Where to split a long Korean sentence, and how: at a connective ending near the middle
 * (-고, -며/-으며, -는데, -지만, -면서), the connective word becomes a sentence ending in the
 * sentence's own speech level ("정리했고," → "정리했다." / "정리했습니다." / "정리했어요."), so
 * the suggestion is a rewrite the writer can accept, not a whole sentence marked for deletion.
 *
 * Only forms whose ending can be written without knowing the verb are used: a past or future
 * stem (했-, 었-, 겠-), or 있-/없-/않-. "하고" could become 한다 or 하다 (verb or adjective?),
 * so a sentence with no safe split point gets the plain hint.
 */
import { type Span, eojeols } from './segment.ts';

export interface SplitPoint {
  /** range of the connective word in the sentence's block */
  start: number;
  end: number;
  word: string;
  replacement: string;
}

const CONNECTIVE = /^([가-힣]*?)(었|았|였|했|겠|있|없|않|됐|웠|갔|왔|봤|였)(고|으며|며|는데|지만|으면서|면서)(,?)$/;

type Level = 'PLAIN' | 'FORMAL' | 'POLITE';
function levelOf(sentence: string): Level | null {
  const end = sentence.replace(/[\s.!?…"'”’)]+$/, '');
  if (/(?:습니다|ㅂ니다|니다)$/.test(end)) return 'FORMAL';
  if (/요$/.test(end)) return 'POLITE';
  if (/다$/.test(end)) return 'PLAIN';
  return null;
}

function ending(stemLast: string, level: Level): string {
  if (level === 'PLAIN') return '다';
  if (level === 'FORMAL') return '습니다';
  // 해요체: 했어요, 있어요, 없어요, 않아요, 겠어요
  return stemLast === '않' ? '아요' : '어요';
}

/** The best split point of `sentence` (a span in its block), or null when there is no safe one. */
export function splitPoint(sentence: Span): SplitPoint | null {
  const level = levelOf(sentence.text);
  if (!level) return null;
  const words = eojeols(sentence.text, sentence.start);
  const n = words.length;
  let best: { w: Span; m: RegExpExecArray; distance: number } | null = null;
  for (let i = Math.ceil(n * 0.3); i <= Math.floor(n * 0.75) && i < n - 2; i++) {
    const w = words[i]!;
    const m = CONNECTIVE.exec(w.text);
    if (!m) continue;
    const distance = Math.abs(i + 1 - n / 2);
    if (!best || distance < best.distance) best = { w, m, distance };
  }
  if (!best) return null;
  const [, head, stem, connective] = best.m;
  const then = connective === '지만' ? ' 하지만' : '';
  return {
    start: best.w.start,
    end: best.w.end,
    word: best.w.text,
    replacement: `${head}${stem}${ending(stem!, level)}.${then}`,
  };
}
