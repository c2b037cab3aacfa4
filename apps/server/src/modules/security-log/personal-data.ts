/**
 * The security log's part of a member's data export: the entries about them (docs/privacy.md).
 * Nothing is erased with the account: the log is append-only and kept for its retention
 * (PIPA's access records), its entries carry ids, masked details and no names.
 */
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { ModulePrivacy } from '../types.ts';
import { securityLog } from './schema.ts';

export function securityLogPrivacy(ctx: AppContext): ModulePrivacy {
  return {
    sections: [
      {
        file: 'security-log',
        about: {
          ko: '보안 기록 중 회원님에 관한 항목: 로그인과 실패, 인증 수단 변경, 내보내기 등(시각은 UTC, 접속 주소와 브라우저). 다른 사람(관리자 등)이 한 일은 "other"로만 표시하고 그 사람의 접속 정보는 담지 않습니다.',
          en: 'The security log entries about you: sign-ins and failures, changes to how you sign in, exports and so on (times in UTC, address and browser). Acts by someone else (an admin …) show only "other", without their address or details.',
        },
        async collect(userId) {
          const rows = await ctx.db.select().from(securityLog).where(eq(securityLog.subjectId, userId)).orderBy(asc(securityLog.at));
          return rows.map((r) => {
            // another member's or an admin's act on the account: that it happened, not their address or details
            const byOther = r.actorKind === 'user' && r.actorId !== userId;
            return {
              at: r.at,
              action: r.action,
              actor: r.actorKind === 'system' ? 'system' : r.actorKind === 'anonymous' ? 'anonymous' : byOther ? 'other' : 'you',
              target: r.targetKind ? { kind: r.targetKind, id: r.targetId } : null,
              outcome: r.outcome,
              reason: r.reason,
              ip: byOther ? null : r.ip,
              userAgent: byOther ? null : r.userAgent,
              details: byOther ? {} : r.details,
            };
          });
        },
      },
    ],
  };
}
