import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalSkill,
  deadlineOf,
  EXPERIENCE_LEVELS,
  experienceFactor,
  matchPosting,
  regionOfLocation,
  skillKey,
  type MatchPosting,
} from './job-match.ts';
import { isCleanText } from './job-postings.ts';
import { canMoveCorrection } from './job-rules.ts';

const aliases = new Map([
  ['js', 'javascript'],
  ['javascript', 'javascript'],
  ['k8s', 'kubernetes'],
  ['kubernetes', 'kubernetes'],
  ['spring', 'springboot'],
  ['springboot', 'springboot'],
  ['java', 'java'],
  ['자바', 'java'],
]);

const posting = (p: Partial<MatchPosting>): MatchPosting => ({
  requiredSkills: [],
  preferredSkills: [],
  experienceLevel: 'JUNIOR',
  experienceMin: 1,
  experienceMax: 3,
  ...p,
});

describe('skill names', () => {
  it('normalise case, width, spaces and punctuation, then resolve aliases', () => {
    expect(skillKey(' Node.js ')).toBe('nodejs');
    expect(skillKey('Ｓｐｒｉｎｇ Boot')).toBe('springboot');
    expect(skillKey('C++')).toBe('c++');
    expect(canonicalSkill('JS', aliases)).toBe('javascript');
    expect(canonicalSkill('K8S', aliases)).toBe('kubernetes');
    expect(canonicalSkill('Svelte', aliases)).toBe('svelte');
  });
});

describe('match score (hand-computed)', () => {
  it('0.7 × required + 0.3 × preferred, inside the experience range', () => {
    // required: java, springboot, mysql, kubernetes → 2 of 4 matched (java, spring via alias)
    // preferred: javascript, aws → 1 of 2 matched (JS via alias)
    // 0.7 × 2/4 + 0.3 × 1/2 = 0.35 + 0.15 = 0.5; 2 years inside 1–3 → × 1 = 0.5 → 50
    const m = matchPosting(
      posting({ requiredSkills: ['java', 'springboot', 'mysql', 'kubernetes'], preferredSkills: ['javascript', 'aws'] }),
      { skills: ['자바', 'Spring', 'JS', 'react'], yearsOfExperience: 2 },
      aliases,
    );
    expect(m.score).toBe(50);
    expect(m.exact).toBeCloseTo(0.5, 10);
    expect(m.required).toEqual({ matched: ['java', 'springboot'], missing: ['mysql', 'kubernetes'] });
    expect(m.preferred).toEqual({ matched: ['javascript'], missing: ['aws'] });
    expect(m.experience).toEqual({ fit: 'INSIDE', factor: 1, years: 2, min: 1, max: 3 });
  });

  it('decays by 0.8 per year short of the range; more years than asked cost nothing', () => {
    // 3 of 3 required → 1.0; SENIOR from 7 years, member has 5 → 2 years short → 0.8² = 0.64 → 64
    const below = matchPosting(
      posting({ requiredSkills: ['java', 'k8s', 'js'], experienceLevel: 'SENIOR', experienceMin: 7, experienceMax: null }),
      { skills: ['java', 'kubernetes', 'javascript'], yearsOfExperience: 5 },
      aliases,
    );
    expect(below.score).toBe(64);
    expect(below.experience).toMatchObject({ fit: 'BELOW', factor: 0.8 ** 2 });
    // ENTRY 0–1, member has 4 years → 3 above, not penalised; required 1/2 → 0.5 → 50
    const above = matchPosting(
      posting({ requiredSkills: ['java', 'aws'], experienceLevel: 'ENTRY', experienceMin: 0, experienceMax: 1 }),
      { skills: ['java'], yearsOfExperience: 4 },
      aliases,
    );
    expect(above.exact).toBeCloseTo(0.5, 10);
    expect(above.score).toBe(50);
    expect(above.experience).toMatchObject({ fit: 'ABOVE', factor: 1 });
  });

  it('ANY experience is always 1; only one kind of skill takes the whole weight; no skills → no score', () => {
    // preferred only: 1 of 4 → 0.25 → 25 (not 0.3 × 0.25)
    const prefOnly = matchPosting(
      posting({ preferredSkills: ['java', 'aws', 'gcp', 'docker'], experienceLevel: 'ANY', experienceMin: 0, experienceMax: null }),
      { skills: ['java'], yearsOfExperience: 30 },
      aliases,
    );
    expect(prefOnly.score).toBe(25);
    expect(prefOnly.experience).toMatchObject({ fit: 'ANY', factor: 1 });
    const none = matchPosting(posting({}), { skills: ['java'], yearsOfExperience: 2 }, aliases);
    expect(none).toMatchObject({ score: null, exact: null, skillScore: null });
  });

  it('counts a skill listed as required and preferred once, as required; repeated aliases once', () => {
    // required: java (matched); preferred: 자바 (= java, dropped), aws (missing) → 0.7 × 1 + 0.3 × 0 = 0.7 → 70
    const m = matchPosting(
      posting({ requiredSkills: ['java', 'Java'], preferredSkills: ['자바', 'aws'] }),
      { skills: ['JAVA'], yearsOfExperience: 1 },
      aliases,
    );
    expect(m.required).toEqual({ matched: ['java'], missing: [] });
    expect(m.preferred).toEqual({ matched: [], missing: ['aws'] });
    expect(m.score).toBe(70);
  });

  it('stays within 0–100 and never exceeds the skill part (property)', () => {
    const skill = fc.constantFrom('java', 'js', 'k8s', 'aws', 'react', 'go', 'spring', 'mysql');
    fc.assert(
      fc.property(
        fc.array(skill, { maxLength: 6 }),
        fc.array(skill, { maxLength: 6 }),
        fc.array(skill, { maxLength: 8 }),
        fc.constantFrom(...EXPERIENCE_LEVELS),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 40 }),
        (req, pref, mine, level, min, years) => {
          const m = matchPosting(
            posting({ requiredSkills: req, preferredSkills: pref, experienceLevel: level, experienceMin: min, experienceMax: min + 3 }),
            { skills: mine, yearsOfExperience: years },
            aliases,
          );
          if (m.score === null) return req.length + pref.length === 0;
          return m.score >= 0 && m.score <= 100 && m.exact! <= m.skillScore! + 1e-12 && m.experience.factor <= 1;
        },
      ),
    );
  });

  it('experience factor edges', () => {
    expect(experienceFactor('MID', { min: 3, max: 7 }, 3).factor).toBe(1);
    expect(experienceFactor('MID', { min: 3, max: 7 }, 7).factor).toBe(1);
    expect(experienceFactor('MID', { min: 3, max: 7 }, 8)).toEqual({ factor: 1, fit: 'ABOVE', distance: 1 });
    expect(experienceFactor('ENTRY', { min: 0, max: 1 }, 20)).toEqual({ factor: 1, fit: 'ABOVE', distance: 19 });
    expect(experienceFactor('MID', { min: 3, max: 7 }, 0).factor).toBeCloseTo(0.512, 12);
  });
});

describe('deadlines and regions', () => {
  const now = new Date('2026-11-23T10:00:00+09:00');
  it('counts Seoul days: D-day, closing soon within 7 days, expired after the instant', () => {
    expect(deadlineOf('2026-11-23T23:59:59+09:00', now)).toEqual({ daysLeft: 0, closingSoon: true, expired: false });
    expect(deadlineOf('2026-11-30T23:59:59+09:00', now)).toEqual({ daysLeft: 7, closingSoon: true, expired: false });
    expect(deadlineOf('2026-12-01T23:59:59+09:00', now)).toEqual({ daysLeft: 8, closingSoon: false, expired: false });
    expect(deadlineOf('2026-11-22T23:59:59+09:00', now)).toEqual({ daysLeft: -1, closingSoon: false, expired: true });
    expect(deadlineOf(null, now)).toEqual({ daysLeft: null, closingSoon: false, expired: false });
  });
  it('reads the region from the start of a location', () => {
    expect(regionOfLocation('서울 강남구 테헤란로')).toBe('SEOUL');
    expect(regionOfLocation('판교 (성남시 분당구)')).toBe('GYEONGGI');
    expect(regionOfLocation('부산 해운대구')).toBe('BUSAN');
    expect(regionOfLocation('어딘가')).toBeNull();
    expect(regionOfLocation('')).toBeNull();
  });
});

describe('text and corrections', () => {
  it('refuses NUL, other controls and lone surrogates; keeps newlines in long text', () => {
    expect(isCleanText('백엔드 개발자')).toBe(true);
    expect(isCleanText('a\u0000b')).toBe(false);
    expect(isCleanText('a\ud800b')).toBe(false);
    expect(isCleanText('😀')).toBe(true);
    expect(isCleanText('줄1\n줄2', true)).toBe(true);
    expect(isCleanText('줄1\n줄2')).toBe(false);
  });
  it('moves corrections only forward to a final status', () => {
    expect(canMoveCorrection('OPEN', 'IN_REVIEW')).toBe(true);
    expect(canMoveCorrection('IN_REVIEW', 'RESOLVED')).toBe(true);
    expect(canMoveCorrection('RESOLVED', 'OPEN')).toBe(false);
    expect(canMoveCorrection('REJECTED', 'IN_REVIEW')).toBe(false);
    expect(canMoveCorrection('OPEN', 'OPEN')).toBe(false);
  });
});
