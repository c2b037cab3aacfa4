/**
 * The projects module's part of a member's data export and erasure (docs/privacy.md): projects
 * they own, their teams and applications. Erasure empties what they wrote in applications and
 * their contact link; their unpublished drafts are deleted; a published project stays (its team
 * and history hang on it) and shows its owner as a deleted account.
 */
import { ERASED_TEXT } from '@moim/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { ModulePrivacy } from '../types.ts';
import { projectApplications, projectMembers, projectPositions, projects } from './schema.ts';

export function projectsPrivacy(ctx: AppContext): ModulePrivacy {
  const { db } = ctx;
  const projectRef = { id: projects.id, slug: projects.slug, name: projects.name };
  return {
    sections: [
      {
        file: 'projects',
        about: {
          ko: '프로젝트: 소유한 프로젝트(소개와 연락처 포함), 참여한 팀(역할), 포지션 지원서(자기소개, 지원 동기, 링크, 기술)',
          en: 'Projects: the ones you own (with their texts and contact link), the teams you joined (role), your applications to positions (introduction, motivation, links, skills)',
        },
        async collect(userId) {
          const owned = await db
            .select()
            .from(projects)
            .where(and(eq(projects.ownerId, userId), eq(projects.deleted, false)))
            .orderBy(asc(projects.createdAt));
          const teams = await db
            .select({ project: projectRef, role: projectMembers.role, joinedAt: projectMembers.joinedAt })
            .from(projectMembers)
            .innerJoin(projects, eq(projects.id, projectMembers.projectId))
            .where(eq(projectMembers.userId, userId));
          const applications = await db
            .select({
              id: projectApplications.id,
              project: projectRef,
              position: projectPositions.name,
              status: projectApplications.status,
              introduction: projectApplications.introduction,
              motivation: projectApplications.motivation,
              githubUrl: projectApplications.githubUrl,
              portfolioUrl: projectApplications.portfolioUrl,
              blogUrl: projectApplications.blogUrl,
              skills: projectApplications.skills,
              decisionNote: projectApplications.reviewNote,
              decidedAt: projectApplications.decidedAt,
              createdAt: projectApplications.createdAt,
            })
            .from(projectApplications)
            .innerJoin(projects, eq(projects.id, projectApplications.projectId))
            .innerJoin(projectPositions, eq(projectPositions.id, projectApplications.positionId))
            .where(eq(projectApplications.userId, userId))
            .orderBy(asc(projectApplications.createdAt));
          return {
            owned: owned.map(({ searchText: _t, searchJamo: _j, searchChoseong: _c, stackKeys: _k, ...p }) => p),
            teams,
            applications,
          };
        },
      },
    ],
    async erase(userId) {
      await db
        .update(projectApplications)
        .set({ introduction: ERASED_TEXT, motivation: ERASED_TEXT, githubUrl: null, portfolioUrl: null, blogUrl: null, skills: [] })
        .where(eq(projectApplications.userId, userId));
      await db.update(projects).set({ contactUrl: null }).where(eq(projects.ownerId, userId));
      await db
        .update(projects)
        .set({ deleted: true, deletedAt: new Date() })
        .where(and(eq(projects.ownerId, userId), eq(projects.status, 'DRAFT'), eq(projects.deleted, false)));
    },
  };
}
