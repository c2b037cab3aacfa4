/** The auth module's part of a member's data export: how they sign in (docs/privacy.md). Secrets never leave. */
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { ModulePrivacy } from '../types.ts';
import { passkeys } from './passkeys/schema.ts';
import { authSessions, oauthAccounts, recoveryCodes, secondFactors } from './schema.ts';

export function authPrivacy(ctx: AppContext): ModulePrivacy {
  const { db } = ctx;
  return {
    sections: [
      {
        file: 'sign-in',
        about: {
          ko: '로그인 수단: 패스키(이름, 등록·사용 시각), 2단계 인증 사용 여부와 남은 복구 코드 수, 연결된 소셜 로그인, 세션(시작·만료 시각, 주소, 브라우저). 비밀값(공개키, 비밀키, 토큰)은 담지 않습니다.',
          en: 'How you sign in: passkeys (name, registered and last used), whether two-step verification is on and how many recovery codes are left, linked social logins, sessions (opened, expiry, address, browser). No secrets (keys, tokens).',
        },
        async collect(userId) {
          const keys = await db
            .select({
              name: passkeys.name,
              deviceType: passkeys.deviceType,
              backedUp: passkeys.backedUp,
              createdAt: passkeys.createdAt,
              lastUsedAt: passkeys.lastUsedAt,
            })
            .from(passkeys)
            .where(eq(passkeys.userId, userId));
          const [factor] = await db
            .select({ confirmedAt: secondFactors.confirmedAt })
            .from(secondFactors)
            .where(eq(secondFactors.userId, userId));
          const codes = await db.select({ usedAt: recoveryCodes.usedAt }).from(recoveryCodes).where(eq(recoveryCodes.userId, userId));
          const social = await db
            .select({
              provider: oauthAccounts.provider,
              email: oauthAccounts.email,
              createdAt: oauthAccounts.createdAt,
              lastLoginAt: oauthAccounts.lastLoginAt,
            })
            .from(oauthAccounts)
            .where(eq(oauthAccounts.userId, userId));
          const sessions = await db
            .select({
              method: authSessions.method,
              createdAt: authSessions.createdAt,
              lastUsedAt: authSessions.lastUsedAt,
              expiresAt: authSessions.expiresAt,
              revokedAt: authSessions.revokedAt,
              ip: authSessions.ip,
              userAgent: authSessions.userAgent,
            })
            .from(authSessions)
            .where(eq(authSessions.userId, userId))
            .orderBy(desc(authSessions.createdAt));
          return {
            passkeys: keys,
            secondFactor: {
              totp: Boolean(factor?.confirmedAt),
              since: factor?.confirmedAt ?? null,
              recoveryCodesLeft: codes.filter((c) => !c.usedAt).length,
            },
            socialLogins: social,
            sessions,
          };
        },
      },
    ],
  };
}
