/**
 * Pure rules of the jobs navigator that server and web share (docs/job-postings.md):
 * skill-name normalisation with aliases, the match score and its explanation, the experience
 * factor, deadline (D-day, closing soon) and the region of a free-text location.
 *
 * Match score (issue 15): score = (0.7 × required matched + 0.3 × preferred matched) × experience
 * factor (0.8 per year short of the posting's minimum; none for years beyond its maximum), where "matched" is the share of the posting's skills found in the profile (after
 * aliases). A posting that lists only one kind of skill gives that kind the whole weight; a
 * posting that lists no skill has no score (nothing to match, never an invented figure).
 */
import { daysBetween, seoulDate } from './seoul-dates.ts';

export const EMPLOYMENT_TYPES = ['FULL_TIME', 'CONTRACT', 'INTERN', 'PART_TIME'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];
export const EXPERIENCE_LEVELS = ['ENTRY', 'JUNIOR', 'MID', 'SENIOR', 'LEAD', 'ANY'] as const;
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];
export const WORK_MODES = ['ONSITE', 'HYBRID', 'REMOTE'] as const;
export type WorkMode = (typeof WORK_MODES)[number];
export const JOB_REGIONS = [
  'SEOUL',
  'GYEONGGI',
  'INCHEON',
  'BUSAN',
  'DAEGU',
  'DAEJEON',
  'GWANGJU',
  'ULSAN',
  'SEJONG',
  'GANGWON',
  'CHUNGBUK',
  'CHUNGNAM',
  'JEONBUK',
  'JEONNAM',
  'GYEONGBUK',
  'GYEONGNAM',
  'JEJU',
  'OVERSEAS',
] as const;
export type JobRegion = (typeof JOB_REGIONS)[number];
export const SKILL_CATEGORIES = ['LANGUAGE', 'FRONTEND', 'BACKEND', 'MOBILE', 'DATA', 'AI', 'DEVOPS', 'DATABASE', 'TOOL', 'OTHER'] as const;
export type SkillCategory = (typeof SKILL_CATEGORIES)[number];

/** Korean labels (also searchable text: "신입" finds ENTRY postings). English labels live in the web catalogue. */
export const EXPERIENCE_LABELS_KO: Record<ExperienceLevel, string> = {
  ENTRY: '신입',
  JUNIOR: '주니어',
  MID: '미들',
  SENIOR: '시니어',
  LEAD: '리드',
  ANY: '경력무관',
};
export const EMPLOYMENT_LABELS_KO: Record<EmploymentType, string> = {
  FULL_TIME: '정규직',
  CONTRACT: '계약직',
  INTERN: '인턴',
  PART_TIME: '파트타임',
};
export const WORK_MODE_LABELS_KO: Record<WorkMode, string> = { ONSITE: '사무실 출근', HYBRID: '하이브리드', REMOTE: '원격 근무' };
export const REGION_LABELS_KO: Record<JobRegion, string> = {
  SEOUL: '서울',
  GYEONGGI: '경기',
  INCHEON: '인천',
  BUSAN: '부산',
  DAEGU: '대구',
  DAEJEON: '대전',
  GWANGJU: '광주',
  ULSAN: '울산',
  SEJONG: '세종',
  GANGWON: '강원',
  CHUNGBUK: '충북',
  CHUNGNAM: '충남',
  JEONBUK: '전북',
  JEONNAM: '전남',
  GYEONGBUK: '경북',
  GYEONGNAM: '경남',
  JEJU: '제주',
  OVERSEAS: '해외',
};

// ---------------------------------------------------------------------------------------------
// Skills

/** The lookup key of a skill name or alias: NFKC, lower case, letters, digits, + and # only ("Node.js" → "nodejs", "CI/CD" → "cicd"). */
export function skillKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}+#]+/gu, '');
}

/** Alias key → canonical skill id (the skills table: every id, name and alias under its key). */
export type SkillAliases = ReadonlyMap<string, string>;

/** The canonical id of a skill name, id or alias; an unknown name keeps its own key. */
export function canonicalSkill(name: string, aliases?: SkillAliases): string {
  const key = skillKey(name);
  return aliases?.get(key) ?? key;
}

function canonicalSet(names: readonly string[], aliases?: SkillAliases): string[] {
  const out: string[] = [];
  for (const n of names) {
    const id = canonicalSkill(n, aliases);
    if (id && !out.includes(id)) out.push(id);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Experience

/** The years a level means when a posting gives no explicit range (max null = open-ended). */
export const EXPERIENCE_DEFAULT_RANGES: Record<ExperienceLevel, { min: number; max: number | null }> = {
  ENTRY: { min: 0, max: 1 },
  JUNIOR: { min: 1, max: 3 },
  MID: { min: 3, max: 7 },
  SENIOR: { min: 7, max: null },
  LEAD: { min: 10, max: null },
  ANY: { min: 0, max: null },
};

/** Weights of the score (issue 15) and the factor applied per year outside the range. */
export const MATCH_WEIGHTS = { required: 0.7, preferred: 0.3 } as const;
export const EXPERIENCE_DECAY_PER_YEAR = 0.8;

export type ExperienceFit = 'INSIDE' | 'BELOW' | 'ABOVE' | 'ANY';

/**
 * 1 inside the range (and for ANY); 0.8 per year short of the minimum. Years beyond the maximum
 * do not lower the score (a decision, docs/job-postings.md "The match"): more experience is no
 * missing skill, and a posting's upper bound mostly says which level and pay it has in mind. The
 * fit is still ABOVE, so the page can say so.
 */
export function experienceFactor(
  level: ExperienceLevel,
  range: { min: number; max: number | null },
  years: number,
): { factor: number; fit: ExperienceFit; distance: number } {
  if (level === 'ANY') return { factor: 1, fit: 'ANY', distance: 0 };
  if (years < range.min) {
    const d = range.min - years;
    return { factor: EXPERIENCE_DECAY_PER_YEAR ** d, fit: 'BELOW', distance: d };
  }
  if (range.max !== null && years > range.max) return { factor: 1, fit: 'ABOVE', distance: years - range.max };
  return { factor: 1, fit: 'INSIDE', distance: 0 };
}

// ---------------------------------------------------------------------------------------------
// The match

export interface MatchPosting {
  requiredSkills: readonly string[];
  preferredSkills: readonly string[];
  experienceLevel: ExperienceLevel;
  experienceMin: number;
  experienceMax: number | null;
}

export interface MatchProfile {
  skills: readonly string[];
  yearsOfExperience: number;
}

export interface MatchExplanation {
  /** 0–100, rounded; null when the posting lists no skill */
  score: number | null;
  /** the unrounded score in [0, 1] (what "sort by match" orders by); null with `score` */
  exact: number | null;
  /** the skill part before the experience factor, in [0, 1] */
  skillScore: number | null;
  required: { matched: string[]; missing: string[] };
  preferred: { matched: string[]; missing: string[] };
  experience: { fit: ExperienceFit; factor: number; years: number; min: number; max: number | null };
}

/**
 * The score and its explanation for one posting and one profile. Skill names on both sides go
 * through `aliases` ("JS" = JavaScript), so a profile written with aliases still matches.
 */
export function matchPosting(posting: MatchPosting, profile: MatchProfile, aliases?: SkillAliases): MatchExplanation {
  const mine = new Set(canonicalSet(profile.skills, aliases));
  const split = (list: readonly string[]) => {
    const all = canonicalSet(list, aliases);
    return { matched: all.filter((s) => mine.has(s)), missing: all.filter((s) => !mine.has(s)) };
  };
  const required = split(posting.requiredSkills);
  // a skill listed as both required and preferred counts once, as required
  const preferredAll = split(
    posting.preferredSkills.filter((s) => !posting.requiredSkills.some((r) => canonicalSkill(r, aliases) === canonicalSkill(s, aliases))),
  );
  const exp = experienceFactor(
    posting.experienceLevel,
    { min: posting.experienceMin, max: posting.experienceMax },
    profile.yearsOfExperience,
  );
  const r = required.matched.length + required.missing.length;
  const p = preferredAll.matched.length + preferredAll.missing.length;
  let skillScore: number | null;
  if (r > 0 && p > 0)
    skillScore = MATCH_WEIGHTS.required * (required.matched.length / r) + MATCH_WEIGHTS.preferred * (preferredAll.matched.length / p);
  else if (r > 0) skillScore = required.matched.length / r;
  else if (p > 0) skillScore = preferredAll.matched.length / p;
  else skillScore = null;
  const exact = skillScore === null ? null : skillScore * exp.factor;
  return {
    score: exact === null ? null : Math.round(exact * 100),
    exact,
    skillScore,
    required,
    preferred: preferredAll,
    experience: {
      fit: exp.fit,
      factor: exp.factor,
      years: profile.yearsOfExperience,
      min: posting.experienceMin,
      max: posting.experienceMax,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Deadlines

/** Days left counted as "closing soon" (D-7 … D-day). */
export const CLOSING_SOON_DAYS = 7;

export interface Deadline {
  /** whole Seoul days until the valid-through date: 0 = D-day, negative = past; null = open-ended (상시 채용) */
  daysLeft: number | null;
  closingSoon: boolean;
  expired: boolean;
}

export function deadlineOf(validThrough: string | Date | null | undefined, now: Date = new Date()): Deadline {
  if (!validThrough) return { daysLeft: null, closingSoon: false, expired: false };
  const end = typeof validThrough === 'string' ? new Date(validThrough) : validThrough;
  const daysLeft = daysBetween(seoulDate(now), seoulDate(end));
  const expired = end.getTime() < now.getTime();
  return { daysLeft, expired, closingSoon: !expired && daysLeft <= CLOSING_SOON_DAYS };
}

// ---------------------------------------------------------------------------------------------
// Locations

const REGION_PREFIXES: Array<[JobRegion, RegExp]> = [
  ['SEOUL', /^(서울|seoul)/i],
  ['GYEONGGI', /^(경기|판교|성남|분당|수원|용인|고양|일산|안양|부천|화성|광명|하남|과천|gyeonggi|pangyo|seongnam|suwon)/i],
  ['INCHEON', /^(인천|송도|incheon)/i],
  ['BUSAN', /^(부산|busan)/i],
  ['DAEGU', /^(대구|daegu)/i],
  ['DAEJEON', /^(대전|daejeon)/i],
  ['GWANGJU', /^(광주광역시|광주 |광주$|gwangju)/i],
  ['ULSAN', /^(울산|ulsan)/i],
  ['SEJONG', /^(세종|sejong)/i],
  ['GANGWON', /^(강원|춘천|원주|강릉|gangwon)/i],
  ['CHUNGBUK', /^(충북|충청북도|청주)/i],
  ['CHUNGNAM', /^(충남|충청남도|천안|아산)/i],
  ['JEONBUK', /^(전북|전라북도|전주)/i],
  ['JEONNAM', /^(전남|전라남도|여수|순천)/i],
  ['GYEONGBUK', /^(경북|경상북도|포항|구미)/i],
  ['GYEONGNAM', /^(경남|경상남도|창원|김해)/i],
  ['JEJU', /^(제주|jeju)/i],
];

/** The region of a free-text location ("서울 강남구" → SEOUL, "판교" → GYEONGGI); null when unknown. */
export function regionOfLocation(location: string | null | undefined): JobRegion | null {
  const s = (location ?? '').normalize('NFKC').trim();
  if (!s) return null;
  for (const [region, re] of REGION_PREFIXES) if (re.test(s)) return region;
  return null;
}
