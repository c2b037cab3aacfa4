/** The result mail (an extra: the result is in the app first). Korean or English by the analysis locale. */
import { STUDIO_RATING_CATEGORIES, type StudioResult } from '@moim/contract';
import type { MailMessage } from '../../providers/mail/index.ts';

const NAMES = {
  ko: { TITLE: '제목', OPENING: '도입부', READABILITY: '가독성', STRUCTURE: '구조와 흐름', CLARITY: '명확성', TONE: '어조' },
  en: { TITLE: 'Title', OPENING: 'Opening', READABILITY: 'Readability', STRUCTURE: 'Structure and flow', CLARITY: 'Clarity', TONE: 'Tone' },
} as const;

const stars = (n: number) => '★'.repeat(n) + '☆'.repeat(5 - n);

export function resultMail(to: string, title: string, result: StudioResult, locale: 'ko' | 'en', link: string): MailMessage {
  const ko = locale === 'ko';
  const shown = title || (ko ? '제목 없는 글' : 'Untitled');
  const lines = [
    ko ? `"${shown}" 분석이 끝났습니다.` : `The analysis of "${shown}" is ready.`,
    '',
    `${ko ? '종합' : 'Overall'}: ${result.overall.score.toFixed(1)} / 5`,
    result.overall.summary,
    '',
    ...STUDIO_RATING_CATEGORIES.map((c) => {
      const r = result.ratings.find((x) => x.category === c);
      return r ? `${NAMES[locale][c]} ${stars(r.score)} ${r.comment}` : '';
    }).filter(Boolean),
    '',
    ko ? `제안 ${result.suggestions.length}개 중 일부:` : `Some of the ${result.suggestions.length} suggestions:`,
    ...result.suggestions
      .slice(0, 5)
      .map((s) => `- "${s.original}"${s.replacements[0] !== undefined ? ` → "${s.replacements[0]}"` : ''}: ${s.message}`),
    '',
    ko ? `전체 결과와 문단별 제안: ${link}` : `Full result and inline suggestions: ${link}`,
  ];
  return {
    to,
    subject: ko
      ? `[moim 스튜디오] "${shown}" 분석 결과 (${result.overall.score.toFixed(1)}점)`
      : `[moim studio] Analysis of "${shown}" (${result.overall.score.toFixed(1)}/5)`,
    text: lines.join('\n'),
  };
}
