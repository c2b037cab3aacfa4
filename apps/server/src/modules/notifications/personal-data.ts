/** The notifications module's part of a member's data export and erasure: their inbox and the devices that get web push (docs/privacy.md). */
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { ModulePrivacy } from '../types.ts';
import { notifications, pushSubscriptions } from './schema.ts';

export function notificationsPrivacy(ctx: AppContext): ModulePrivacy {
  return {
    sections: [
      {
        file: 'notifications',
        about: {
          ko: '받은 알림: 종류, 제목, 내용, 링크, 받은·읽은 시각',
          en: 'Your notifications: kind, title, text, link, when received and read',
        },
        async collect(userId) {
          const rows = await ctx.db
            .select()
            .from(notifications)
            .where(eq(notifications.userId, userId))
            .orderBy(asc(notifications.createdAt));
          return rows.map((r) => ({
            id: r.id,
            type: r.type,
            title: r.title,
            body: r.body,
            link: r.link,
            createdAt: r.createdAt,
            readAt: r.readAt,
          }));
        },
      },
      {
        file: 'push-devices',
        about: {
          ko: '웹 푸시 알림을 허용한 기기: 브라우저 정보, 푸시 서비스 주소의 호스트, 허용한 시각, 마지막으로 알림이 전달된 시각',
          en: 'The devices that allowed web push: browser, the push service’s host, when allowed, when a notification last reached it',
        },
        async collect(userId) {
          const rows = await ctx.db
            .select()
            .from(pushSubscriptions)
            .where(eq(pushSubscriptions.userId, userId))
            .orderBy(asc(pushSubscriptions.createdAt));
          // the endpoint and keys are the device's credentials with its push service: the host says which service, the rest stays out
          return rows.map((r) => ({
            id: r.id,
            userAgent: r.userAgent,
            pushService: hostOf(r.endpoint),
            createdAt: r.createdAt,
            lastSuccessAt: r.lastSuccessAt,
          }));
        },
      },
    ],
    async erase(userId) {
      await ctx.db.delete(notifications).where(eq(notifications.userId, userId));
      await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    },
  };
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}
