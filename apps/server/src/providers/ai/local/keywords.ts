/**
 * Keywords (most frequent content words, title words counted twice) and the detected category
 * (which purpose the text reads like, from cue words and structure).
 */
import type { StudioPurpose } from '@moim/contract';
import { eojeols } from './segment.ts';

/** Particles and endings stripped from the end of a Korean eojeol, longest first. */
const PARTICLES = [
  '에서는',
  '으로는',
  '에게서',
  '이라는',
  '이라고',
  '에서',
  '에게',
  '으로',
  '부터',
  '까지',
  '처럼',
  '보다',
  '라는',
  '이나',
  '이란',
  '에는',
  '과는',
  '와는',
  '은',
  '는',
  '이',
  '가',
  '을',
  '를',
  '의',
  '에',
  '와',
  '과',
  '도',
  '로',
  '만',
  '들',
];
const VERBISH =
  /(?:다|요|까|고|며|서|게|지|면|던|는데|니다|었|았|했|하는|하고|해서|하면|하여|된|한|할|될|없는|있는|했던|였|해|워|져|러|니|죠|습니|네)$/;
const STOP = new Set([
  '그리고',
  '하지만',
  '그래서',
  '그런데',
  '또한',
  '이번',
  '오늘',
  '우리',
  '저는',
  '제가',
  '정말',
  '진짜',
  '그냥',
  '이것',
  '그것',
  '여기',
  '거기',
  '때문',
  '경우',
  '정도',
  '부분',
  '생각',
  '사용',
  '하나',
  '모든',
  '가장',
  '많이',
  '다시',
  '함께',
  '이제',
  '전에',
  '후에',
  '위해',
  '통해',
  '대해',
  '위한',
  '대한',
  '관한',
  '따라',
  '같은',
  '다른',
  '어떤',
  '이런',
  '그런',
  '계속',
  '처음',
  '다음',
  '결국',
  '바로',
  '먼저',
  '모두',
  '항상',
  '자주',
  '조금',
  '많은',
  '좋은',
  '가지',
]);
const STOP_EN = new Set(
  'the a an and or but of to in on for with is are was were be been it its this that these those i we you they he she as at by from not have has had do does did can will would should could about into than then so if when what which who how why where all any some more most other our your their my me us them there here also just very'.split(
    ' ',
  ),
);

function stem(token: string): string | null {
  const clean = token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  if (!clean) return null;
  if (/^[A-Za-z][A-Za-z0-9.+#-]*$/.test(clean)) {
    const lower = clean.toLowerCase();
    if (STOP_EN.has(lower) || clean.length < 3) return null;
    // keep the writer's casing for names (React, TypeScript), lower-case for common words
    return /[A-Z]/.test(clean.slice(1)) || /^[A-Z]/.test(clean) ? clean : lower;
  }
  const latinPrefix = /^([A-Za-z][A-Za-z0-9.+#-]*)[가-힣]+$/.exec(clean);
  if (latinPrefix) return latinPrefix[1]!.length >= 2 ? latinPrefix[1]! : null;
  if (!/^[가-힣]+$/.test(clean)) return null;
  let s = clean;
  for (const p of PARTICLES) {
    if (s.endsWith(p) && s.length - p.length >= 2) {
      s = s.slice(0, -p.length);
      break;
    }
  }
  if (s.length < 2 || VERBISH.test(s) || STOP.has(s)) return null;
  return s;
}

export function extractKeywords(title: string, proseTexts: readonly string[], max = 6): string[] {
  const counts = new Map<string, number>();
  const inBody = new Set<string>();
  const add = (t: string, w: number) => {
    for (const tok of eojeols(t)) {
      const s = stem(tok.text);
      if (!s) continue;
      counts.set(s, (counts.get(s) ?? 0) + w);
      if (w === 1) inBody.add(s);
    }
  };
  add(title, 2);
  for (const t of proseTexts) add(t, 1);
  return [...counts.entries()]
    .filter(([k, n]) => n >= 2 && inBody.has(k))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, max)
    .map(([k]) => k);
}

/** Korean cues match anywhere (no word boundary in Hangul); English cues as whole words. */
const ko = (alts: string) => new RegExp(`(${alts})`, 'g');
const en = (alts: string) => new RegExp(`\\b(${alts})\\b`, 'gi');
const CUES: Array<[StudioPurpose, RegExp, number]> = [
  [
    'README',
    /^#{1,3}\s*(설치|사용법|사용 방법|시작하기|라이선스|기여|installation|install|usage|license|contributing|getting started)\b/gim,
    3,
  ],
  ['README', en('npm (?:i|install)|yarn add|pnpm add|git clone|pip install'), 2],
  ['TUTORIAL', ko('단계|따라 하|따라하|예제|실습|튜토리얼|설정 방법|하는 방법'), 1],
  ['TUTORIAL', en("step \\d|tutorial|how to|let's|follow along"), 1],
  ['RESUME', ko('지원 동기|입사|경력|역량|직무|이력|자기소개|성장 과정|협업 경험|기여했|담당했|지원합니다'), 2],
  ['RESUME', en('experience|responsible for|cover letter|hiring|position'), 2],
  [
    'RETROSPECTIVE',
    ko('회고|돌아보|잘한 점|잘했던 점|아쉬운 점|아쉬웠던 점|배운 점|다음에는|다음 스프린트|지난 분기|KPT|Keep|Problem|Try'),
    2,
  ],
  ['RETROSPECTIVE', en('retrospective|retro|what went well|lessons learned|next time'), 2],
  ['PROPOSAL', ko('제안|제안서|기대 효과|도입|예산|추진 배경|추진 일정|필요 인력|검토 요청|개선 방안|목표'), 2],
  ['PROPOSAL', en('proposal|we propose|budget|expected outcome|timeline|rationale'), 2],
  ['PRODUCT_REVIEW', ko('장점|단점|가격|구매|사용기|후기|별점|가성비|언박싱'), 2],
  ['PRODUCT_REVIEW', en('pros|cons|price|bought|worth it'), 2],
  ['MARKETING', ko('할인|무료|혜택|지금 바로|신청하세요|이벤트|출시|한정'), 2],
  ['MARKETING', en('sign up|free trial|offer|launch|limited'), 2],
  ['ESSAY', ko('느꼈|나는 |내가 |마음|기억|깨달|그리움|어릴 적|어린 시절|생각이 들었'), 1],
  ['ESSAY', en('I felt|I think|I realized|looking back'), 1],
  ['INFORMATION', ko('정리|소개|개념|차이|비교|이란|무엇인가'), 1],
  ['INFORMATION', en('what is|overview|introduction|explained'), 1],
];

export function detectCategory(text: string, codeBlocks: number, lists: number): StudioPurpose {
  const score = new Map<StudioPurpose, number>();
  for (const [purpose, re, weight] of CUES) {
    const n = text.match(re)?.length ?? 0;
    score.set(purpose, (score.get(purpose) ?? 0) + n * weight);
  }
  if (codeBlocks > 0) score.set('TUTORIAL', (score.get('TUTORIAL') ?? 0) + 2 * Math.min(codeBlocks, 3));
  if (lists > 2) score.set('TUTORIAL', (score.get('TUTORIAL') ?? 0) + 1);
  let best: StudioPurpose = 'INFORMATION';
  let bestScore = 1;
  for (const [p, s] of score) if (s > bestScore) [best, bestScore] = [p, s];
  return best;
}
