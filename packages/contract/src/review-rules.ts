/**
 * Study reviews' tags and limits, without zod (./reviews.ts holds the wire's schemas).
 */

export const REVIEW_TAG_CATEGORIES = ['CONTENT', 'LEADER', 'ATMOSPHERE', 'OUTCOME'] as const;

export type ReviewTagCategory = (typeof REVIEW_TAG_CATEGORIES)[number];

export const REVIEW_TAG_CATEGORY_LABELS: Record<ReviewTagCategory, { ko: string; en: string }> = {
  CONTENT: { ko: '내용', en: 'Content' },
  LEADER: { ko: '리더', en: 'Leader' },
  ATMOSPHERE: { ko: '분위기', en: 'Atmosphere' },
  OUTCOME: { ko: '성과', en: 'Outcome' },
};

export const REVIEW_TAGS = {
  SOLID_CURRICULUM: { category: 'CONTENT', ko: '체계적인 커리큘럼', en: 'Solid curriculum' },
  PRACTICAL: { category: 'CONTENT', ko: '실무에 도움돼요', en: 'Practical' },
  RIGHT_DIFFICULTY: { category: 'CONTENT', ko: '난이도가 알맞아요', en: 'Right difficulty' },
  RICH_MATERIALS: { category: 'CONTENT', ko: '자료가 풍부해요', en: 'Rich materials' },
  GOOD_PACE: { category: 'CONTENT', ko: '진도가 적당해요', en: 'Good pace' },
  WELL_PREPARED: { category: 'LEADER', ko: '준비가 철저해요', en: 'Well prepared' },
  QUICK_FEEDBACK: { category: 'LEADER', ko: '피드백이 빨라요', en: 'Quick feedback' },
  KIND_GUIDANCE: { category: 'LEADER', ko: '친절하게 이끌어요', en: 'Kind guidance' },
  EXPERT: { category: 'LEADER', ko: '전문성이 높아요', en: 'Expert' },
  WARM: { category: 'ATMOSPHERE', ko: '분위기가 따뜻해요', en: 'Warm' },
  LIVELY_DISCUSSION: { category: 'ATMOSPHERE', ko: '토론이 활발해요', en: 'Lively discussion' },
  MOTIVATING: { category: 'ATMOSPHERE', ko: '동기부여가 돼요', en: 'Motivating' },
  PUNCTUAL: { category: 'ATMOSPHERE', ko: '시간 약속을 잘 지켜요', en: 'Punctual' },
  SKILL_UP: { category: 'OUTCOME', ko: '실력이 늘었어요', en: 'Skills improved' },
  HABIT_FORMED: { category: 'OUTCOME', ko: '좋은 습관이 생겼어요', en: 'Built a habit' },
  PORTFOLIO: { category: 'OUTCOME', ko: '결과물이 남았어요', en: 'Something to show' },
  GOOD_PEERS: { category: 'OUTCOME', ko: '좋은 동료를 만났어요', en: 'Met good peers' },
  CAREER_HELP: { category: 'OUTCOME', ko: '취업·이직에 도움돼요', en: 'Helped my career' },
} as const satisfies Record<string, { category: ReviewTagCategory; ko: string; en: string }>;

export type ReviewTag = keyof typeof REVIEW_TAGS;

export const REVIEW_TAG_KEYS = Object.keys(REVIEW_TAGS) as [ReviewTag, ...ReviewTag[]];

export const REVIEW_LIMITS = { ratingMin: 1, ratingMax: 5, textMax: 1000, tagsMax: 5, tagsPerCategoryMax: 2 } as const;

/** What is wrong with a tag selection (empty when fine): unknown, repeated, too many, >2 per category. */
export function reviewTagIssues(tags: readonly string[]): string[] {
  const issues: string[] = [];
  if (tags.length > REVIEW_LIMITS.tagsMax) issues.push(`at most ${REVIEW_LIMITS.tagsMax} tags`);
  if (new Set(tags).size !== tags.length) issues.push('a tag repeats');
  const perCategory = new Map<string, number>();
  for (const t of tags) {
    const def = (REVIEW_TAGS as Record<string, { category: string }>)[t];
    if (!def) {
      issues.push(`unknown tag ${t}`);
      continue;
    }
    perCategory.set(def.category, (perCategory.get(def.category) ?? 0) + 1);
  }
  for (const [cat, n] of perCategory) {
    if (n > REVIEW_LIMITS.tagsPerCategoryMax) issues.push(`at most ${REVIEW_LIMITS.tagsPerCategoryMax} tags in ${cat}`);
  }
  return issues;
}
