/** The users module's part of a member's data export: the account and its public profile (docs/privacy.md). */
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { ModulePrivacy } from '../types.ts';
import * as repo from './repo.ts';
import { emailChanges } from './schema.ts';

export function usersPrivacy(ctx: AppContext): ModulePrivacy {
  return {
    sections: [
      {
        file: 'profile',
        about: {
          ko: '계정과 프로필: 이메일, 이름, 사용자 이름, 소개, 링크, 언어, 역할, 가입·최근 로그인 시각, 팀 소개(있다면), 요청한 이메일 변경',
          en: 'Your account and profile: e-mail, name, username, bio, links, language, roles, sign-up and last sign-in times, team profile (if any), e-mail changes you asked for',
        },
        async collect(userId) {
          const row = await repo.findById(ctx.db, userId);
          if (!row) return null;
          const team = await repo.findTeamMember(ctx.db, userId);
          const changes = await ctx.db
            .select({
              newEmail: emailChanges.newEmail,
              requestedAt: emailChanges.createdAt,
              expiresAt: emailChanges.expiresAt,
              confirmedAt: emailChanges.usedAt,
            })
            .from(emailChanges)
            .where(eq(emailChanges.userId, userId))
            .orderBy(asc(emailChanges.createdAt));
          return {
            id: row.id,
            email: row.email,
            emailVerified: row.emailVerified,
            name: row.name,
            username: row.username,
            bio: row.bio,
            links: row.links,
            profileImage: row.profileImage,
            locale: row.locale,
            roles: row.roles,
            status: row.status,
            createdAt: row.createdAt,
            lastLoginAt: row.lastLoginAt,
            team: team ? { roleTitle: team.roleTitle, quote: team.quote, memberSince: team.memberSince, visible: team.visible } : null,
            emailChanges: changes,
          };
        },
      },
    ],
    // the account row itself is anonymised by the deletion (users/service.ts); the addresses a
    // member asked to move to are theirs too
    async erase(userId) {
      await ctx.db.delete(emailChanges).where(eq(emailChanges.userId, userId));
    },
  };
}
