/**
 * The notifications module's public interface: the inbox (in-app notification + mail), written
 * inside the caller's transaction when one is given. Depends on users (a recipient's contact)
 * and the mail provider; every module above receives `NotificationsService` by injection.
 */
import type { AppContext } from '../../context.ts';
import type { ServerModule } from '../types.ts';
import { notificationsRoutes } from './routes.ts';
import { createNotificationsService, type NotificationsDeps, type NotificationsService } from './service.ts';

export type { NotificationsService, NotificationsDeps } from './service.ts';
export { notice, type NotifyInput } from './service.ts';

export function createNotificationsModule(ctx: AppContext, deps: NotificationsDeps): ServerModule<NotificationsService> {
  const service = createNotificationsService(ctx, deps);
  return { name: 'notifications', api: service, routes: notificationsRoutes(ctx, service) };
}
