/** Contract-shaped sample data for the study tests. */
import type { Application, Study } from '@moim/contract';

let n = 0;
export const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

export function makeStudy(over: Partial<Study> = {}): Study {
  return {
    id: uuid(),
    slug: '1-tecoteco',
    title: '테코테코 알고리즘 스터디',
    coverImage: null,
    coverImageThumb: null,
    coverImageStatus: 'NONE',
    generation: 1,
    tagline: '매주 수요일, 코딩 테스트 문제를 함께 풀어요',
    proposerId: uuid(),
    type: 'PARTICIPATORY',
    leader: { id: uuid(), name: '이리더', profileImage: null, welcomeMessage: '꾸준함이 실력이 되는 곳' },
    schedule: '매주 수 20:00–22:00',
    duration: '8주',
    scheduleDetails: { weekdays: ['WED'], startTime: '20:00', endTime: '22:00', timezone: 'Asia/Seoul' },
    location: { type: 'ONLINE', address: null },
    capacity: 8,
    enrolled: 3,
    seatsTaken: 3,
    recruitDeadline: '2099-12-01T14:59:59.999Z',
    isRecruiting: null,
    status: 'APPROVED',
    recurrenceType: 'WEEKLY',
    startDate: '2099-12-02',
    endDate: '2100-01-27',
    costType: 'FREE',
    costDescription: '',
    cost: 0,
    paymentDeadlineHours: 72,
    questions: [],
    deleted: false,
    rejectReason: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    applicability: { canApply: true, label: 'RECRUITING', showReviewButton: false },
    viewer: null,
    ...over,
  };
}

export function makeApplication(study: Study, over: Partial<Application> = {}): Application {
  return {
    applicationId: uuid(),
    studyId: study.id,
    studyTitle: study.title,
    studySlug: study.slug,
    status: 'PENDING',
    appliedAt: '2026-11-10T01:00:00.000Z',
    reviewNote: null,
    checkoutId: null,
    paymentDeadline: null,
    paidAmount: null,
    confirmedAt: null,
    decidedAt: null,
    amountDue: study.cost,
    motivation: '열심히 하겠습니다',
    answers: [],
    applicant: { id: uuid(), name: '김멤버', profileImage: null },
    ...over,
  };
}
