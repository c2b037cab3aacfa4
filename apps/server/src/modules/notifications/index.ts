/**
 * The notifications module's public interface: the inbox (in-app notification + mail), written
 * inside the caller's transaction when one is given.
 */
export type { NotificationsService } from './service.ts';
export { notice, type NotifyInput } from './service.ts';
