/**
 * The notifications module's public interface: the inbox (in-app notification + mail), written
 * inside the caller's transaction when one is given, and web push to members' devices. Depends on
 * users (a recipient's contact), the mail provider and the push adapter; every module above
 * receives `NotificationsService` by injection.
 */
import type { AppContext } from '../../context.ts';
import type { ServerModule } from '../types.ts';
import type { NotificationsDeps } from './deps.ts';
import { notificationsPrivacy } from './personal-data.ts';
import { PushService, pushDeliveryJob, PUSH_JOB } from './push-service.ts';
import { notificationsRoutes } from './routes.ts';
import { NOTIFICATION_MAIL_JOB, notificationMailJob, NotificationsService } from './service.ts';

export type { NotificationsService } from './service.ts';
export type { NotificationsDeps } from './deps.ts';
export { notice, type NotifyInput } from './service.ts';
export type { PushService, PushOptions } from './push-service.ts';

export function createNotificationsModule(ctx: AppContext, deps: NotificationsDeps): ServerModule<NotificationsService> {
  const push = new PushService(ctx, deps.push);
  const service = new NotificationsService(ctx, deps, push);
  ctx.jobs.register(NOTIFICATION_MAIL_JOB, notificationMailJob(ctx, deps));
  ctx.jobs.register(PUSH_JOB, pushDeliveryJob(ctx, deps.push));
  return { name: 'notifications', api: service, routes: notificationsRoutes(ctx, service), privacy: notificationsPrivacy(ctx) };
}
