/**
 * Comments written from templates in the chosen reviewer tone (docs/studio.md "Tones"). A
 * comment is the rating's neutral fact line wrapped in the tone's voice for its level (high: 4–5
 * stars, mid: 3, low: 1–2); the overall summary names the best and the weakest category the same
 * way. Strengths and growth points are the fact lines plus what to do next.
 */
import type { StudioRatingCategory, StudioTone } from '@moim/contract';
import type { Localized } from './finding.ts';
import type { CategoryScore } from './ratings.ts';

type Level = 'high' | 'mid' | 'low';
type Voice = Record<Level, { ko: (fact: string) => string; en: (fact: string) => string }>;

export const TONE_VOICES: Record<StudioTone, Voice> = {
  WARM_MENTOR: {
    high: { ko: (f) => `${f} 지금처럼만 쓰면 충분해요.`, en: (f) => `${f} Keep writing just like this.` },
    mid: { ko: (f) => `${f} 조금만 다듬으면 훨씬 좋아질 거예요.`, en: (f) => `${f} A little polish will make a real difference.` },
    low: {
      ko: (f) => `${f} 천천히 하나씩 고쳐 봐요. 분명 나아질 거예요.`,
      en: (f) => `${f} Take it one step at a time; it will get better.`,
    },
  },
  PRO_EDITOR: {
    high: { ko: (f) => `${f} 편집 관점에서 손댈 곳이 거의 없습니다.`, en: (f) => `${f} From an editor’s view, little needs changing.` },
    mid: { ko: (f) => `${f} 교정 단계에서 보완을 권합니다.`, en: (f) => `${f} I recommend revising this before publication.` },
    low: { ko: (f) => `${f} 게시 전에 반드시 수정이 필요합니다.`, en: (f) => `${f} This must be fixed before you publish.` },
  },
  BLUNT_CRITIC: {
    high: { ko: (f) => `${f} 이건 됐다.`, en: (f) => `${f} This works.` },
    mid: { ko: (f) => `${f} 그냥 넘어가기엔 아쉽다.`, en: (f) => `${f} Not good enough yet.` },
    low: { ko: (f) => `${f} 이대로는 안 된다. 고쳐라.`, en: (f) => `${f} This does not work. Fix it.` },
  },
  FRIENDLY_FRIEND: {
    high: { ko: (f) => `${f} 와, 이거 진짜 좋다!`, en: (f) => `${f} Wow, this is really good!` },
    mid: { ko: (f) => `${f} 요것만 고치면 완전 좋을 듯!`, en: (f) => `${f} Fix this bit and it’s great!` },
    low: { ko: (f) => `${f} 음… 이건 같이 고쳐 보자!`, en: (f) => `${f} Hmm… let’s fix this together!` },
  },
  SNS: {
    high: { ko: (f) => `${f} 그대로 올려도 반응 좋을 듯! #강추`, en: (f) => `${f} Post it as is! #approved` },
    mid: { ko: (f) => `${f} 한 번만 더 다듬으면 딱! #거의다옴`, en: (f) => `${f} One more pass and it’s ready! #almostthere` },
    low: { ko: (f) => `${f} 이대로 올리면 다들 스크롤 넘겨요. #다시`, en: (f) => `${f} People will scroll past this. #tryagain` },
  },
  RESUME_EXPERT: {
    high: { ko: (f) => `${f} 채용 담당자에게 좋은 인상을 줄 수 있습니다.`, en: (f) => `${f} This will impress a recruiter.` },
    mid: { ko: (f) => `${f} 서류 검토자가 아쉬워할 수 있는 부분입니다.`, en: (f) => `${f} A reviewer may find this lacking.` },
    low: { ko: (f) => `${f} 서류 단계에서 감점 요인이 될 수 있습니다.`, en: (f) => `${f} This could cost you at the screening stage.` },
  },
};

const levelOf = (stars: number): Level => (stars >= 4 ? 'high' : stars === 3 ? 'mid' : 'low');

export const CATEGORY_NAMES: Record<StudioRatingCategory, Localized> = {
  TITLE: { ko: '제목', en: 'title' },
  OPENING: { ko: '도입부', en: 'opening' },
  READABILITY: { ko: '가독성', en: 'readability' },
  STRUCTURE: { ko: '구조와 흐름', en: 'structure and flow' },
  CLARITY: { ko: '명확성', en: 'clarity' },
  TONE: { ko: '독자에 맞는 어조', en: 'tone for the audience' },
};

const NEXT_STEP: Record<StudioRatingCategory, Localized> = {
  TITLE: {
    ko: '본문의 핵심어를 넣어 무엇을 얻는 글인지 제목에서 보여 주세요.',
    en: 'Put the key term in the title so readers know what they will get.',
  },
  OPENING: {
    ko: '첫 두 문장 안에 이 글이 답하는 질문을 꺼내 보세요.',
    en: 'State the question the text answers within the first two sentences.',
  },
  READABILITY: { ko: '20어절이 넘는 문장은 둘로 나누세요.', en: 'Split sentences longer than about 30 words.' },
  STRUCTURE: { ko: '소제목과 짧은 문단으로 흐름을 나누세요.', en: 'Break the flow with headings and shorter paragraphs.' },
  CLARITY: { ko: '표시된 맞춤법·띄어쓰기와 군더더기부터 정리하세요.', en: 'Start with the marked spelling issues and filler words.' },
  TONE: { ko: '문장 끝맺음(-습니다/-요/-다)을 한 가지로 맞추세요.', en: 'Keep one voice throughout, suited to your readers.' },
};

export function comment(tone: StudioTone, c: CategoryScore, locale: 'ko' | 'en'): string {
  return TONE_VOICES[tone][levelOf(c.stars)][locale](c.fact[locale]);
}

export function summary(tone: StudioTone, overall: number, categories: CategoryScore[], locale: 'ko' | 'en'): string {
  const sorted = [...categories].sort((a, b) => b.stars - a.stars || b.score - a.score);
  const best = sorted[0]!;
  const worst = sorted[sorted.length - 1]!;
  const level = overall >= 4 ? 'high' : overall >= 3 ? 'mid' : 'low';
  const head =
    locale === 'ko'
      ? `종합 ${overall.toFixed(1)}점. 가장 좋은 점은 ${CATEGORY_NAMES[best.category].ko}, 가장 아쉬운 점은 ${CATEGORY_NAMES[worst.category].ko}.`
      : `Overall ${overall.toFixed(1)}. Strongest: ${CATEGORY_NAMES[best.category].en}; weakest: ${CATEGORY_NAMES[worst.category].en}.`;
  return TONE_VOICES[tone][level][locale](head);
}

export function strengthsAndGrowth(
  categories: CategoryScore[],
  notes: Localized[],
  locale: 'ko' | 'en',
): { strengths: string[]; growthPoints: string[] } {
  const strengths = categories
    .filter((c) => c.stars >= 4)
    .sort((a, b) => b.score - a.score)
    .slice(0, 4)
    .map((c) => `${CATEGORY_NAMES[c.category][locale]}: ${c.fact[locale]}`);
  const growthPoints = [
    ...categories
      .filter((c) => c.stars <= 3)
      .sort((a, b) => a.score - b.score)
      .slice(0, 4)
      .map((c) => `${CATEGORY_NAMES[c.category][locale]}: ${c.fact[locale]} ${NEXT_STEP[c.category][locale]}`),
    ...notes.map((n) => n[locale]),
  ].slice(0, 6);
  return { strengths, growthPoints };
}
