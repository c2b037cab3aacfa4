import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reviewTagIssues } from './review-rules.ts';
import {
  type ApplicabilityInput,
  type ApplicabilityLabel,
  STUDY_ACTIONS,
  STUDY_STATUSES,
  STUDY_STATUS_LABELS,
  type StudyAction,
  type StudyStatus,
  isStudyUuid,
  nextStudyStatus,
  studyApplicability,
  studyScheduleIssues,
  studySlugBase,
} from './study-rules.ts';
import { seoulDate } from './seoul-dates.ts';
import { studySeats } from './study-seats.ts';
import { studyProposalBody } from './studies.ts';

const NOW = new Date('2026-11-22T03:00:00Z'); // 12:00 in Seoul
const FUTURE = '2026-12-01T23:59:59+09:00';
const PAST = '2026-11-20T23:59:59+09:00';
const base: ApplicabilityInput = { status: 'APPROVED', recruitDeadline: FUTURE, capacity: 10, enrolled: 3 };

describe('studyApplicability (SPEC §4)', () => {
  const rows: [string, Partial<ApplicabilityInput>, boolean, ApplicabilityLabel, boolean][] = [
    ['PENDING cannot be applied to', { status: 'PENDING' }, false, 'PENDING', false],
    ['APPROVED recruits', {}, true, 'RECRUITING', false],
    ['APPROVED past its deadline is closed', { recruitDeadline: PAST }, false, 'RECRUITMENT_CLOSED', false],
    ['APPROVED at capacity is full', { enrolled: 10 }, false, 'FULL', false],
    ['APPROVED with every seat held is full', { enrolled: 8, seatsTaken: 10 }, false, 'FULL', false],
    ['APPROVED past the deadline and full says closed', { recruitDeadline: PAST, enrolled: 10 }, false, 'RECRUITMENT_CLOSED', false],
    ['APPROVED without a deadline recruits', { recruitDeadline: null }, true, 'RECRUITING', false],
    [
      'IN_PROGRESS with isRecruiting true',
      { status: 'IN_PROGRESS', isRecruiting: true, recruitDeadline: PAST },
      true,
      'IN_PROGRESS',
      false,
    ],
    ['IN_PROGRESS with isRecruiting false', { status: 'IN_PROGRESS', isRecruiting: false }, false, 'IN_PROGRESS', false],
    ['IN_PROGRESS flag absent, open', { status: 'IN_PROGRESS' }, true, 'IN_PROGRESS', false],
    ['IN_PROGRESS flag null, open', { status: 'IN_PROGRESS', isRecruiting: null }, true, 'IN_PROGRESS', false],
    ['IN_PROGRESS flag absent, deadline passed', { status: 'IN_PROGRESS', recruitDeadline: PAST }, false, 'IN_PROGRESS', false],
    ['IN_PROGRESS flag absent, full', { status: 'IN_PROGRESS', enrolled: 10 }, false, 'IN_PROGRESS', false],
    ['COMPLETED shows the review button', { status: 'COMPLETED' }, false, 'COMPLETED', true],
    ['TERMINATED', { status: 'TERMINATED' }, false, 'TERMINATED', false],
    ['REJECTED', { status: 'REJECTED' }, false, 'REJECTED', false],
    ['anything else is unknown', { status: 'ARCHIVED' }, false, 'UNKNOWN', false],
    ['empty status is unknown', { status: '' }, false, 'UNKNOWN', false],
  ];
  it.each(rows)('%s', (_name, patch, canApply, label, showReviewButton) => {
    expect(studyApplicability({ ...base, ...patch }, NOW)).toEqual({ canApply, label, showReviewButton });
  });

  it('has Korean and English labels for every label', () => {
    expect(STUDY_STATUS_LABELS.PENDING.ko).toBe('승인 대기');
    expect(STUDY_STATUS_LABELS.RECRUITING.ko).toBe('모집 중');
    expect(STUDY_STATUS_LABELS.RECRUITMENT_CLOSED.ko).toBe('모집 마감');
    expect(STUDY_STATUS_LABELS.FULL.ko).toBe('정원 마감');
    expect(STUDY_STATUS_LABELS.IN_PROGRESS.ko).toBe('진행 중');
    expect(STUDY_STATUS_LABELS.COMPLETED.ko).toBe('완료');
    expect(STUDY_STATUS_LABELS.TERMINATED.ko).toBe('중단');
    expect(STUDY_STATUS_LABELS.REJECTED.ko).toBe('반려');
    expect(STUDY_STATUS_LABELS.UNKNOWN.ko).toBe('알 수 없음');
    for (const l of Object.values(STUDY_STATUS_LABELS)) expect(l.en.length).toBeGreaterThan(0);
  });

  it('only APPROVED and IN_PROGRESS studies can ever be applied to (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STUDY_STATUSES, 'OTHER'),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 0, max: 120 }),
        fc.option(fc.boolean()),
        fc.integer({ min: -30, max: 30 }),
        (status, capacity, enrolled, isRecruiting, days) => {
          const deadline = new Date(NOW.getTime() + days * 86_400_000);
          const a = studyApplicability({ status, capacity, enrolled, isRecruiting, recruitDeadline: deadline }, NOW);
          if (a.canApply) expect(['APPROVED', 'IN_PROGRESS']).toContain(status);
          if (status === 'APPROVED') expect(a.canApply).toBe(days >= 0 && enrolled < capacity);
          expect(a.showReviewButton).toBe(status === 'COMPLETED');
        },
      ),
    );
  });
});

describe('study status machine', () => {
  const allowed: Record<StudyAction, [StudyStatus, StudyStatus][]> = {
    APPROVE: [['PENDING', 'APPROVED']],
    REJECT: [['PENDING', 'REJECTED']],
    START: [['APPROVED', 'IN_PROGRESS']],
    COMPLETE: [['IN_PROGRESS', 'COMPLETED']],
    TERMINATE: [
      ['PENDING', 'TERMINATED'],
      ['APPROVED', 'TERMINATED'],
      ['IN_PROGRESS', 'TERMINATED'],
      ['REJECTED', 'TERMINATED'],
    ],
    REACTIVATE: [['TERMINATED', 'APPROVED']],
  };
  for (const action of STUDY_ACTIONS) {
    for (const from of STUDY_STATUSES) {
      const hit = allowed[action].find(([f]) => f === from);
      it(`${action} from ${from} → ${hit ? hit[1] : 'refused'}`, () => {
        expect(nextStudyStatus(from, action, 'APPROVED')).toBe(hit ? hit[1] : null);
      });
    }
  }
  it('REACTIVATE returns to the status before termination, never to nothing', () => {
    expect(nextStudyStatus('TERMINATED', 'REACTIVATE', 'IN_PROGRESS')).toBe('IN_PROGRESS');
    expect(nextStudyStatus('TERMINATED', 'REACTIVATE', 'PENDING')).toBe('PENDING');
    expect(nextStudyStatus('TERMINATED', 'REACTIVATE', null)).toBeNull();
  });
});

describe('identifiers and slugs', () => {
  it('tells ids from slugs (SPEC §5)', () => {
    expect(isStudyUuid('0b6f5c4e-2d7a-4a8e-9c1b-3f2e1d0c9b8a')).toBe(true);
    expect(isStudyUuid('0B6F5C4E-2D7A-4A8E-9C1B-3F2E1D0C9B8A')).toBe(true);
    expect(isStudyUuid('1-tecoteco')).toBe(false);
    expect(isStudyUuid('3-devlog')).toBe(false);
    expect(isStudyUuid('0b6f5c4e-2d7a-4a8e-9c1b-3f2e1d0c9b8')).toBe(false);
  });
  it('makes slugs from the generation and the title or handle, keeping Hangul', () => {
    expect(studySlugBase(3, 'DevLog')).toBe('3-devlog');
    expect(studySlugBase(1, '테코테코 — 코딩테스트 알고리즘 스터디', 'tecoteco')).toBe('1-tecoteco');
    expect(studySlugBase(2, '11시 루틴')).toBe('2-11시-루틴');
    expect(studySlugBase(1, '🚀🚀')).toBe('1-study');
    expect(studySlugBase(1, 'x'.repeat(300)).length).toBeLessThanOrEqual(80);
  });
});

describe('proposal rules', () => {
  const ok = { startDate: '2026-12-01', endDate: '2027-01-31', recruitDeadline: FUTURE, costType: 'FREE' as const, cost: 0 };
  it('accepts a sensible proposal', () => {
    expect(studyScheduleIssues(ok, NOW)).toEqual([]);
  });
  it.each([
    ['start in the past', { startDate: '2026-11-21' }, 'startDate'],
    ['end before start', { endDate: '2026-11-30' }, 'endDate'],
    ['deadline after start', { recruitDeadline: '2026-12-02T10:00:00+09:00' }, 'recruitDeadline'],
    ['deadline in the past', { recruitDeadline: PAST }, 'recruitDeadline'],
    ['paid without a cost', { costType: 'PAID' as const, cost: 0 }, 'cost'],
    ['venue fee without a cost', { costType: 'VENUE_FEE_ONLY' as const, cost: undefined }, 'cost'],
    ['free with a cost', { cost: 5000 }, 'cost'],
  ])('refuses %s', (_n, patch, path) => {
    expect(studyScheduleIssues({ ...ok, ...patch }, NOW).map((i) => i.path)).toContain(path);
  });
  it('today in Seoul counts as not in the past', () => {
    expect(seoulDate(NOW)).toBe('2026-11-22');
    expect(studyScheduleIssues({ ...ok, startDate: '2026-11-22', recruitDeadline: '2026-11-22T23:00:00+09:00' }, NOW)).toEqual([]);
  });
  it('validates field ranges in the schema and turns a date deadline into the end of that Seoul day', () => {
    const good = {
      title: '데브로그',
      generation: 3,
      type: 'PARTICIPATORY',
      welcomeMessage: '함께 써요!',
      scheduleDetails: { weekdays: ['MON', 'WED'], startTime: '20:00', endTime: '22:00' },
      location: { type: 'ONLINE' },
      capacity: 10,
      recruitDeadline: '2026-11-30',
      startDate: '2026-12-01',
      endDate: '2027-01-31',
      recurrenceType: 'WEEKLY',
      costType: 'FREE',
    };
    const parsed = studyProposalBody.parse(good);
    expect(parsed.recruitDeadline).toBe('2026-11-30T14:59:59.999Z');
    expect(parsed.paymentDeadlineHours).toBe(72);
    for (const bad of [
      { title: 'x' },
      { title: 'x'.repeat(256) },
      { welcomeMessage: 'hey' },
      { welcomeMessage: 'x'.repeat(101) },
      { capacity: 0 },
      { capacity: 101 },
      { generation: 0 },
      { costType: 'DONATION' },
      { recurrenceType: 'YEARLY' },
      { type: 'OTHER' },
      { questions: Array.from({ length: 6 }, () => ({ text: 'q' })) },
      { location: { type: 'OFFLINE' } },
      { scheduleDetails: { weekdays: ['MON', 'MON'], startTime: '20:00', endTime: '22:00' } },
      { scheduleDetails: { weekdays: ['MON'], startTime: '25:00', endTime: '22:00' } },
    ]) {
      expect(studyProposalBody.safeParse({ ...good, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('review tags', () => {
  it('allows up to five known tags, at most two per category', () => {
    expect(reviewTagIssues(['SOLID_CURRICULUM', 'PRACTICAL', 'WARM', 'SKILL_UP', 'EXPERT'])).toEqual([]);
    expect(reviewTagIssues(['SOLID_CURRICULUM', 'PRACTICAL', 'GOOD_PACE'])).not.toEqual([]);
    expect(reviewTagIssues(['WARM', 'WARM'])).not.toEqual([]);
    expect(reviewTagIssues(['NOPE'])).not.toEqual([]);
    expect(reviewTagIssues(['SOLID_CURRICULUM', 'PRACTICAL', 'WARM', 'SKILL_UP', 'EXPERT', 'MOTIVATING'])).not.toEqual([]);
  });
});

describe('studySeats: one definition of enrolled, held, taken and remaining', () => {
  it('counts a seat held by an accepted, unpaid application as taken, not enrolled', () => {
    expect(studySeats({ capacity: 10, enrolled: 0, seatsTaken: 1 })).toEqual({
      capacity: 10,
      enrolled: 0,
      held: 1,
      taken: 1,
      remaining: 9,
      full: false,
    });
  });

  it('taken = enrolled + held, remaining = capacity − taken (never negative), full iff remaining is 0', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.nat(120), fc.nat(120), (capacity, enrolled, extra) => {
        const s = studySeats({ capacity, enrolled, seatsTaken: enrolled + extra });
        expect(s.taken).toBe(s.enrolled + s.held);
        expect(s.remaining).toBe(Math.max(0, capacity - s.taken));
        expect(s.full).toBe(s.remaining === 0);
        expect(studyApplicability({ status: 'APPROVED', capacity, enrolled, seatsTaken: enrolled + extra }).label === 'FULL').toBe(s.full);
      }),
    );
  });
});
