/**
 * Demo studies (after the accounts seeder, whose `shared.users` it uses), made through the
 * services — proposals, admin status moves, applications, accepts, attendance, reviews, pages —
 * with dates relative to now: past studies are proposed "in the past" through services whose
 * clock is set back. Every status is present, and the demo member (member@moim.dev) is in most
 * of the "my studies" groups. Without `shared.users` (the seeder run alone) it inserts a few
 * demo users directly as a fallback.
 */
import type { AppContext } from '../../context.ts';
import type { Seeder } from '../../seed/index.ts';
import { DEVLOG_PAGE, MOTIVATIONS, ROUTINE_PAGE, TECOTECO_PAGE } from './seed-content.ts';
import { A, DemoBuilder, E, L, P, type SharedUsers, type StudyServicesAt, asUser, fallbackUsers } from './seed-builder.ts';
import { seedDepositStudy } from './seed-deposit.ts';
import { fillSearchColumns, findStudyBySlug } from './study-repo.ts';
import type { StudyServices } from './service.ts';

/** An accepted demo application the payments seeder pays by bank transfer (`shared.studyDeposit`). */
export interface DemoDeposit {
  studyId: string;
  applicationId: string;
  userId: string;
}

export async function seedDemoStudies(
  ctx: AppContext,
  base: StudyServices,
  servicesAt: StudyServicesAt,
  shared: Record<string, unknown>,
): Promise<void> {
  // The demo's notifications land in the inboxes, but no mail goes to the demo addresses.
  await base.deps.notifications.withoutMail(() => seed(ctx, base, servicesAt, shared));
}

async function seed(ctx: AppContext, base: StudyServices, servicesAt: StudyServicesAt, shared: Record<string, unknown>): Promise<void> {
  const calendar = base.deps.calendar;
  if (await findStudyBySlug(ctx.db, '1-tecoteco')) return; // already seeded
  const u = (shared.users as SharedUsers | undefined) ?? (await fallbackUsers(ctx));
  const b = new DemoBuilder(ctx, base, u, servicesAt);
  const o = u.others;
  const common = { location: { type: 'ONLINE' as const, address: '디스코드' } };

  // 1-tecoteco: the flagship, IN_PROGRESS for three weeks, still taking members; the demo member's pending application.
  const teco = await b.propose(30, u.leader, {
    ...common,
    title: '테코테코 — 코딩테스트 알고리즘 스터디',
    slug: 'tecoteco',
    generation: 1,
    tagline: '매주 월·수 저녁, 같은 문제를 풀고 서로의 코드를 읽는 알고리즘 스터디',
    type: 'PARTICIPATORY',
    welcomeMessage: '끝까지 같이 가는 알고리즘 스터디, 테코테코입니다!',
    scheduleDetails: { weekdays: ['MON', 'WED'], startTime: '20:00', endTime: '22:00' },
    capacity: 12,
    recruitDeadline: b.day(-22),
    startDate: b.day(-21),
    endDate: b.day(34),
    recurrenceType: 'WEEKLY',
    costType: 'FREE',
    questions: [{ text: '주로 사용하는 언어는 무엇인가요?', required: false }],
  });
  await b.move(29, teco, 'APPROVE', u.admin);
  const tecoMembers = o.slice(0, 6);
  for (const [i, id] of tecoMembers.entries()) await b.join(27 - i, teco, u.leader, id, i);
  await b.move(21, teco, 'START', u.leader);
  await base.members.setRole(teco, asUser(u.leader), o[0]!, 'MANAGER');
  await b.checkInAttendance(teco, u.leader, tecoMembers, [[P], [P, P, L], [P, A, P], [P, P, E, P], [L, P], [A, P, A, P]]);
  await base.members.warn(teco, asUser(u.leader), o[5]!, '사전 연락 없이 두 번 결석했어요. 다음 모임에서 봬요!');
  await base.studies.patch(teco, asUser(u.leader), { isRecruiting: true });
  await b.page(teco, u.leader, TECOTECO_PAGE);
  const meetup = await calendar.create(teco, asUser(u.leader), {
    title: '오프라인 모각코 & 회식',
    description: '한 달 회고 겸 강남역 스터디룸에서 만나요. 저녁은 같이 먹어요!',
    date: b.day(12),
    startTime: '14:00',
    endTime: '19:00',
    location: 'offline',
    address: '서울 강남구 강남대로 396 스터디룸 B',
    participantLimit: 10,
  });
  for (const id of [u.leader, ...tecoMembers.slice(0, 4)]) await calendar.rsvp(meetup.id, asUser(id));
  await b.apply(0, teco, u.member, 1);
  // its deposit sprint: paid, checked in, refunded by attendance (seed-deposit.ts)
  await seedDepositStudy(b, base, u, shared);

  // 2-11routine: recruiting (APPROVED), the demo member confirmed.
  const routine = await b.propose(5, o[1]!, {
    ...common,
    title: '11시 루틴 — 아침 습관과 기술 블로그',
    slug: '11routine',
    generation: 2,
    tagline: '평일 아침 11분 기록, 금요일엔 블로그 한 편. 작은 루틴이 쌓이는 곳',
    type: 'PARTICIPATORY',
    welcomeMessage: '딱 11분, 내일 아침부터 같이 시작해요.',
    schedule: '평일 매일 07:00–07:11 (오전 11시까지 인증)',
    scheduleDetails: { weekdays: ['MON', 'TUE', 'WED', 'THU', 'FRI'], startTime: '07:00', endTime: '07:11' },
    capacity: 20,
    recruitDeadline: b.day(6),
    startDate: b.day(7),
    endDate: b.day(48),
    recurrenceType: 'DAILY',
    costType: 'FREE',
  });
  await b.move(4, routine, 'APPROVE', u.admin);
  await b.join(3, routine, o[1]!, u.member, 4);
  await b.join(2, routine, o[1]!, o[6]!, 5);
  await b.apply(1, routine, o[7]!, 6);
  await b.page(routine, o[1]!, ROUTINE_PAGE);

  // 3-devlog: IN_PROGRESS for a week; the demo member participates.
  const devlog = await b.propose(16, o[3]!, {
    title: '데브로그 — 개발 블로그 글쓰기',
    slug: 'devlog',
    generation: 3,
    tagline: '한 달에 네 편, 다른 개발자가 찾아 읽는 글을 씁니다',
    type: 'PARTICIPATORY',
    welcomeMessage: '초안은 엉성해도 괜찮아요. 같이 고쳐요!',
    scheduleDetails: { weekdays: ['SAT'], startTime: '10:00', endTime: '12:00' },
    location: { type: 'OFFLINE', address: '서울 마포구 양화로 45 코워킹 라운지' },
    capacity: 8,
    recruitDeadline: b.day(-8),
    startDate: b.day(-7),
    endDate: b.day(49),
    recurrenceType: 'WEEKLY',
    costType: 'FREE',
  });
  await b.move(15, devlog, 'APPROVE', u.admin);
  for (const [i, id] of [u.member, o[2]!, o[4]!, o[7]!].entries()) await b.join(14 - i, devlog, o[3]!, id, i + 2);
  await b.move(7, devlog, 'START', o[3]!);
  await b.attendance(devlog, o[3]!, [u.member, o[2]!, o[4]!, o[7]!], [[P], [L], [P], [E]]);
  await b.page(devlog, o[3]!, DEVLOG_PAGE);

  // A PAID study recruiting: the demo member accepted and awaiting payment.
  const clean = await b.propose(6, o[4]!, {
    title: '클린 아키텍처 북클럽',
    generation: 1,
    slug: 'clean-architecture',
    tagline: '로버트 C. 마틴의 『클린 아키텍처』를 6주 동안 함께 읽고 토론합니다',
    type: 'EDUCATIONAL',
    welcomeMessage: '책과 다과는 준비해 둘게요. 질문만 가져오세요!',
    scheduleDetails: { weekdays: ['THU'], startTime: '19:30', endTime: '21:30' },
    location: { type: 'OFFLINE', address: '서울 강남구 테헤란로 152 세미나실' },
    capacity: 10,
    recruitDeadline: b.day(9),
    startDate: b.day(10),
    endDate: b.day(51), // six weeks: six Thursdays whatever today is (the service snaps the ends to them)
    recurrenceType: 'WEEKLY',
    costType: 'PAID',
    cost: 45000,
    costDescription: '교재비와 6회 다과 포함',
    questions: [{ text: '이 책에서 가장 기대되는 주제는?' }],
  });
  await b.move(5, clean, 'APPROVE', u.admin);
  const q1 = { questionId: 'q1', answer: '경계와 의존성 규칙이요.' };
  const cleanApp = await b.at(0).applications.apply({ id: clean }, asUser(u.member), { motivation: MOTIVATIONS[3]!, answers: [q1] });
  await base.applications.accept(clean, cleanApp.applicationId, asUser(o[4]!), '결제 후 확정됩니다. 곧 만나요!');
  await b.at(0).applications.apply({ id: clean }, asUser(o[5]!), { motivation: MOTIVATIONS[6]!, answers: [q1] });

  // A VENUE_FEE_ONLY study recruiting: one member's deposit waiting for confirmation.
  const mogakco = await b.propose(4, o[6]!, {
    title: '주말 모각코 @판교',
    generation: 4,
    slug: 'pangyo-mogakco',
    tagline: '격주 토요일, 판교 스터디룸에서 각자 코딩하고 저녁엔 회고',
    type: 'PARTICIPATORY',
    welcomeMessage: '각자 할 일 들고 오세요. 자리는 넉넉해요!',
    scheduleDetails: { weekdays: ['SAT'], startTime: '13:00', endTime: '18:00' },
    location: { type: 'OFFLINE', address: '경기 성남시 분당구 판교역로 235 스터디룸' },
    capacity: 15,
    recruitDeadline: b.day(5),
    startDate: b.day(6),
    endDate: b.day(62),
    recurrenceType: 'BIWEEKLY',
    costType: 'VENUE_FEE_ONLY',
    cost: 10000,
    costDescription: '스터디룸 대관료 (회당 나눠 냄)',
    paymentDeadlineHours: 48,
  });
  await b.move(3, mogakco, 'APPROVE', u.admin);
  const mogApp = await b.join(0, mogakco, o[6]!, o[0]!, 1);
  // Paid by bank transfer through the payments flow (the payments seeder, which runs after this
  // one, picks it up from `shared`), so the back office has the deposit to confirm.
  const deposit: DemoDeposit = { studyId: mogakco, applicationId: mogApp, userId: o[0]! };
  shared.studyDeposit = deposit;
  await b.join(0, mogakco, o[6]!, o[2]!, 1);

  // A ONE_TIME class led by leader@moim.dev.
  const git = await b.propose(3, u.leader, {
    ...common,
    title: 'Git 입문 원데이 클래스',
    generation: 1,
    slug: 'git-oneday',
    tagline: '브랜치, 리베이스, 충돌 해결까지 세 시간에 끝내는 실습 클래스',
    type: 'ONE_TIME',
    welcomeMessage: '노트북만 챙겨 오세요. 나머지는 같이 해요!',
    scheduleDetails: { weekdays: [], startTime: '14:00', endTime: '17:00' },
    capacity: 3,
    recruitDeadline: b.day(12),
    startDate: b.day(13),
    endDate: b.day(13),
    recurrenceType: 'ONE_TIME',
    costType: 'FREE',
  });
  await b.move(2, git, 'APPROVE', u.admin);
  for (const [i, id] of [o[5]!, o[7]!, o[1]!].entries()) await b.join(1, git, u.leader, id, i);
  // full: two people wait in line (docs/waitlist.md); member@moim.dev may join it, or see a seat
  // go to the first in line when one of the three leaves
  for (const [i, id] of [o[3]!, o[4]!].entries()) {
    await b.at(0).waitlist.join(git, asUser(id), { motivation: MOTIVATIONS[(i + 4) % MOTIVATIONS.length]!, answers: [] });
  }

  // COMPLETED with reviews; the demo member completed it too (and can still write a review).
  const sql = await b.propose(70, o[2]!, {
    ...common,
    title: 'SQL 첫걸음',
    generation: 1,
    slug: 'sql-basics',
    tagline: 'SELECT부터 윈도 함수까지, 6주 동안 매주 화요일',
    type: 'EDUCATIONAL',
    welcomeMessage: '쿼리가 무섭지 않게 되는 6주를 약속해요.',
    scheduleDetails: { weekdays: ['TUE'], startTime: '20:00', endTime: '21:30' },
    capacity: 10,
    recruitDeadline: b.day(-62),
    startDate: b.day(-60),
    endDate: b.day(-19),
    recurrenceType: 'WEEKLY',
    costType: 'FREE',
  });
  await b.move(69, sql, 'APPROVE', u.admin);
  const sqlMembers = [u.member, o[0]!, o[1]!, o[3]!, o[5]!];
  for (const [i, id] of sqlMembers.entries()) await b.join(66 - i, sql, o[2]!, id, i);
  await b.move(60, sql, 'START', o[2]!);
  await b.attendance(sql, o[2]!, sqlMembers, [[P], [P, L], [P, P, A], [P], [L, P, E]]);
  await b.move(18, sql, 'COMPLETE', o[2]!);
  const reviews = [
    {
      by: o[0]!,
      rating: 5,
      text: '윈도 함수가 드디어 이해됐어요. 매주 실습 데이터가 정말 좋았습니다.',
      tags: ['SOLID_CURRICULUM', 'PRACTICAL', 'SKILL_UP'],
    },
    { by: o[1]!, rating: 4, text: '진도가 조금 빨랐지만 질문하면 늘 친절하게 답해 주셨어요.', tags: ['KIND_GUIDANCE', 'WARM'] },
    {
      by: o[3]!,
      rating: 5,
      text: '실무에서 바로 쓰는 쿼리들을 배웠습니다. 2기도 하면 또 올게요!',
      tags: ['PRACTICAL', 'CAREER_HELP', 'WELL_PREPARED'],
    },
    {
      by: o[5]!,
      rating: 4,
      text: '분위기가 편해서 모르는 걸 편하게 물어볼 수 있었어요.',
      tags: ['WARM', 'LIVELY_DISCUSSION', 'GOOD_PEERS'],
    },
  ] as const;
  // Written by the reviews module's seeder (reviews sit above studies in the module graph).
  shared.demoReviews = reviews.map((r) => ({ studyId: sql, userId: r.by, rating: r.rating, text: r.text, tags: [...r.tags] }));

  // PENDING proposals: one by the demo member, one by another member.
  await b.propose(1, u.member, {
    ...common,
    title: '프론트엔드 성능 최적화 스터디',
    generation: 1,
    slug: 'web-perf',
    tagline: 'Core Web Vitals를 직접 재고 고치는 4주',
    type: 'PARTICIPATORY',
    welcomeMessage: 'Lighthouse 점수 같이 올려 봐요!',
    scheduleDetails: { weekdays: ['TUE'], startTime: '21:00', endTime: '22:30' },
    capacity: 6,
    recruitDeadline: b.day(13),
    startDate: b.day(15),
    endDate: b.day(42),
    recurrenceType: 'WEEKLY',
    costType: 'FREE',
  });
  await b.propose(0, o[5]!, {
    ...common,
    title: 'Rust로 만드는 인터프리터',
    generation: 1,
    slug: 'rust-interpreter',
    tagline: '『Writing An Interpreter In Go』를 Rust로 옮겨 가며 배우기',
    type: 'EDUCATIONAL',
    welcomeMessage: '소유권 에러와 친해지는 8주가 될 거예요.',
    scheduleDetails: { weekdays: ['SUN'], startTime: '15:00', endTime: '17:00' },
    capacity: 8,
    recruitDeadline: b.day(20),
    startDate: b.day(21),
    endDate: b.day(77),
    recurrenceType: 'WEEKLY',
    costType: 'FREE',
  });

  // REJECTED, with the admin's reason.
  const coin = await b.propose(10, o[7]!, {
    ...common,
    title: '코인 자동매매 봇 만들기',
    generation: 1,
    slug: 'coin-bot',
    tagline: '거래소 API로 나만의 자동매매 봇을',
    type: 'PARTICIPATORY',
    welcomeMessage: '수익 인증은 자유입니다!',
    scheduleDetails: { weekdays: ['FRI'], startTime: '22:00', endTime: '23:30' },
    capacity: 20,
    recruitDeadline: b.day(-2),
    startDate: b.day(0),
    endDate: b.day(28),
    recurrenceType: 'WEEKLY',
    costType: 'FREE',
  });
  await b.move(
    9,
    coin,
    'REJECT',
    u.admin,
    '투자 권유로 보일 수 있어 승인하기 어렵습니다. 알고리즘 트레이딩의 기술 주제로 다시 제안해 주세요.',
  );

  // TERMINATED: the demo member was a member (now in "inactive").
  const ios = await b.propose(20, o[6]!, {
    ...common,
    title: 'iOS 앱 출시 챌린지',
    generation: 2,
    slug: 'ios-launch',
    tagline: '4주 안에 앱스토어에 내 앱 하나 올리기',
    type: 'PARTICIPATORY',
    welcomeMessage: '이번엔 진짜 출시까지 가 봐요!',
    scheduleDetails: { weekdays: ['WED'], startTime: '21:00', endTime: '22:00' },
    capacity: 6,
    recruitDeadline: b.day(-11),
    startDate: b.day(-10),
    endDate: b.day(18),
    recurrenceType: 'WEEKLY',
    costType: 'FREE',
  });
  await b.move(19, ios, 'APPROVE', u.admin);
  for (const [i, id] of [u.member, o[4]!].entries()) await b.join(18 - i, ios, o[6]!, id, i);
  await b.move(10, ios, 'START', o[6]!);
  await b.move(2, ios, 'TERMINATE', u.admin, '리더의 개인 사정으로 이번 기수는 중단합니다.');

  base.deps.caches.invalidate();
}

/**
 * The studies module's seeder (built by `createStudiesModule` with the module's services, and
 * the same services over a clock set back for the demo's past).
 */
export const studiesSeeder = (base: StudyServices, servicesAt: StudyServicesAt): Seeder => ({
  name: 'studies',
  // the search columns of studies written before them (migration 0029)
  always: async (ctx) => {
    const n = await fillSearchColumns(ctx.db);
    if (n > 0) ctx.log.info({ studies: n }, 'studies: search columns filled');
  },
  demo: (ctx, shared) => seedDemoStudies(ctx, base, servicesAt, shared),
});
