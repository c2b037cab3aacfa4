/**
 * The demo's deposit study (docs/deposits.md), next to 1-tecoteco: `1-tecoteco-sprint`, a free
 * study with a 30,000 won deposit returned by attendance (late: half; what is kept goes to the
 * perfect attendees), running for three weeks. Its members pay through the payments flow (the
 * payments seeder, after this one: `shared.depositStudy`), which then calls `afterPaid` here:
 * the memberships date from before the start and the past sessions get their check-ins, so the
 * payments seeder's settlement returns each session's share.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { DemoBuilder, L, P, A, E, type SharedUsers, asUser, DAY } from './seed-builder.ts';
import { studyMemberships } from './schema.ts';
import type { StudyServices } from './service.ts';

/** What the payments seeder needs: the accepted applications to pay by card, and what to do then. */
export interface DemoDepositStudy {
  studyId: string;
  payers: { applicationId: string; userId: string }[];
  afterPaid: () => Promise<void>;
}

export async function seedDepositStudy(
  b: DemoBuilder,
  base: StudyServices,
  u: SharedUsers,
  shared: Record<string, unknown>,
): Promise<void> {
  const o = u.others;
  const id = await b.propose(26, u.leader, {
    title: '테코테코 보증금 스프린트 — 6주 골드 달성',
    slug: 'tecoteco-sprint',
    generation: 1,
    tagline: '보증금 3만 원, 나온 만큼 돌려받는 6주 알고리즘 스프린트 (지각은 절반, 개근자는 보너스)',
    type: 'PARTICIPATORY',
    welcomeMessage: '매주 목요일 저녁, 빠지지 않으면 보증금은 전부 돌아가요!',
    scheduleDetails: { weekdays: ['THU'], startTime: '20:00', endTime: '22:00' },
    location: { type: 'ONLINE', address: '디스코드' },
    capacity: 8,
    recruitDeadline: b.day(-22),
    startDate: b.day(-21),
    endDate: b.day(21),
    recurrenceType: 'WEEKLY',
    costType: 'FREE',
  });
  await base.deposits.set(id, asUser(u.leader), { amount: 30_000, late: 'HALF', excused: 'FULL', forfeit: 'PERFECT_ATTENDEES' });
  await b.move(25, id, 'APPROVE', u.admin);
  const members = [u.member, o[0]!, o[2]!, o[4]!];
  const payers = [];
  // applied before the deadline, accepted now (the payment deadline is ahead); the payments seeder pays each by card
  for (const [i, userId] of members.entries()) {
    const applicationId = await b.apply(23, id, userId, i);
    await base.applications.accept(id, applicationId, asUser(u.leader), '보증금을 내면 확정돼요!');
    payers.push({ applicationId, userId });
  }
  const afterPaid = async () => {
    await b.ctx.db
      .update(studyMemberships)
      .set({ joinedAt: new Date(b.now - 23 * DAY) })
      .where(and(eq(studyMemberships.studyId, id), inArray(studyMemberships.userId, members)));
    await b.move(21, id, 'START', u.leader);
    await b.checkInAttendance(id, u.leader, members, [[P], [P, L, P], [P, A, P], [E, P, P]]);
  };
  const demo: DemoDepositStudy = { studyId: id, payers, afterPaid };
  shared.depositStudy = demo;
}
