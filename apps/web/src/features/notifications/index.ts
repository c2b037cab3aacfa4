/** The notifications feature's public surface (the shell places the bell through `slots` in routes.tsx). */
export { NotificationBell } from './components/notification-bell';
export { useUnreadCount, notificationKeys } from './api/notifications-api';
