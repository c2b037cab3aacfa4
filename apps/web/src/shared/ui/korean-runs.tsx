/**
 * Korean words quoted inside another language's text ("the object particle is '을'") are marked
 * `lang="ko"`, so screen readers switch voice for them (WCAG 3.1.2) and the English scan knows
 * they are Korean on purpose.
 */
import type { ReactNode } from 'react';

const HANGUL_RUN = /([\uAC00-\uD7A3\u3131-\u318E]+(?:\s+[\uAC00-\uD7A3\u3131-\u318E]+)*)/;
export const HAS_HANGUL = /[\uAC00-\uD7A3\u3131-\u318E]/;

export function markKoreanRuns(text: string): ReactNode {
  const parts = text.split(HANGUL_RUN);
  if (parts.length === 1) return text;
  return parts.map((p, i) =>
    i % 2 === 1 ? (
      <span key={i} lang="ko">
        {p}
      </span>
    ) : (
      p
    ),
  );
}
