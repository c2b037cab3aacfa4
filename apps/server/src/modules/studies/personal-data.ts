/**
 * The studies module's part of a member's data export and erasure (docs/privacy.md): studies they
 * lead or proposed, their memberships, applications and warnings. Erasure empties what they wrote
 * in their applications, closes their open applications and ends their memberships (seats go to
 * the next in line); the studies they lead stay (other members' memberships, attendance and
 * payments hang on them) and show their leader as a deleted account through `user_public`.
 */
import { asc, eq, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { ModulePrivacy } from '../types.ts';
import { ERASED_TEXT } from '@moim/contract';
import { studies, studyApplications, studyMemberships, studyWarnings } from './schema.ts';

/** What erasure asks of the studies services: the account's open applications and memberships end. */
export interface DeletedAccountRelease {
  applications: { cancelForDeletedAccount(userId: string): Promise<void> };
  members: { leaveForDeletedAccount(userId: string): Promise<void> };
}

export function studiesPrivacy(ctx: AppContext, release: DeletedAccountRelease): ModulePrivacy {
  const { db } = ctx;
  const studyRef = { id: studies.id, slug: studies.slug, title: studies.title };
  return {
    sections: [
      {
        file: 'studies',
        about: {
          ko: '스터디: 이끄는·제안한 스터디, 참여(역할, 가입·탈퇴 시각, 경고 수), 받은 경고',
          en: 'Studies: the ones you lead or proposed, your memberships (role, joined and left, warnings count) and the warnings you received',
        },
        async collect(userId) {
          const led = await db
            .select({
              ...studyRef,
              status: studies.status,
              leader: studies.leaderId,
              proposer: studies.proposerId,
              createdAt: studies.createdAt,
            })
            .from(studies)
            .where(or(eq(studies.leaderId, userId), eq(studies.proposerId, userId)))
            .orderBy(asc(studies.createdAt));
          const memberships = await db
            .select({
              study: studyRef,
              role: studyMemberships.role,
              joinedAt: studyMemberships.joinedAt,
              isActive: studyMemberships.isActive,
              inactiveReason: studyMemberships.inactiveReason,
              leftAt: studyMemberships.leftAt,
              warningCount: studyMemberships.warningCount,
            })
            .from(studyMemberships)
            .innerJoin(studies, eq(studies.id, studyMemberships.studyId))
            .where(eq(studyMemberships.userId, userId))
            .orderBy(asc(studyMemberships.joinedAt));
          const warnings = await db
            .select({ study: studyRef, reason: studyWarnings.reason, createdAt: studyWarnings.createdAt })
            .from(studyWarnings)
            .innerJoin(studies, eq(studies.id, studyWarnings.studyId))
            .where(eq(studyWarnings.userId, userId));
          return {
            ledOrProposed: led.map(({ leader, proposer, ...s }) => ({
              ...s,
              youLead: leader === userId,
              youProposed: proposer === userId,
            })),
            memberships,
            warnings,
          };
        },
      },
      {
        file: 'applications',
        about: {
          ko: '스터디 참가 신청: 상태, 지원 동기, 질문과 답변, 금액, 결정 시각과 메모',
          en: 'Your study applications: status, motivation, questions and answers, amount, decision time and note',
        },
        async collect(userId) {
          return db
            .select({
              id: studyApplications.id,
              study: studyRef,
              status: studyApplications.status,
              motivation: studyApplications.motivation,
              answers: studyApplications.answers,
              amountDue: studyApplications.amountDue,
              paidAmount: studyApplications.paidAmount,
              appliedAt: studyApplications.appliedAt,
              decidedAt: studyApplications.decidedAt,
              reviewNote: studyApplications.reviewNote,
              confirmedAt: studyApplications.confirmedAt,
              closedAt: studyApplications.closedAt,
            })
            .from(studyApplications)
            .innerJoin(studies, eq(studies.id, studyApplications.studyId))
            .where(eq(studyApplications.userId, userId))
            .orderBy(asc(studyApplications.appliedAt));
        },
      },
    ],
    async erase(userId) {
      // a deleted account holds no seat and no place in line: its open applications close and its
      // memberships end (seats to the next in line, refunds by the study's rule)
      await release.applications.cancelForDeletedAccount(userId);
      await release.members.leaveForDeletedAccount(userId);
      // what they wrote goes; the application's status and amounts stay (the study's and the payment's record)
      await db.update(studyApplications).set({ motivation: ERASED_TEXT, answers: [] }).where(eq(studyApplications.userId, userId));
    },
  };
}
