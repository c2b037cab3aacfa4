/** Text with the parts a query matched wrapped in <mark> (jamo and 초성 aware, lib/highlight.ts). */
import { highlightRanges } from '../lib/highlight';

export function HighlightText({ text, query }: { text: string; query: string }) {
  const ranges = query.trim() ? highlightRanges(text, query) : [];
  if (ranges.length === 0) return <>{text}</>;
  const parts: Array<string | { mark: string }> = [];
  let at = 0;
  for (const [from, to] of ranges) {
    if (from > at) parts.push(text.slice(at, from));
    parts.push({ mark: text.slice(from, to) });
    at = to;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts.map((p, i) => (typeof p === 'string' ? p : <mark key={i}>{p.mark}</mark>))}</>;
}
