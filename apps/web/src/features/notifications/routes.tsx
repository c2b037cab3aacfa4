import type { RouteObject } from 'react-router';
import { RequireAuth } from '../../shared/auth/require-auth';
import { lazyChunk, lazyPage } from '../../shared/chunk/lazy-page';
import type { ShellSlots } from '../../shared/shell/slots';

const InboxPage = lazyPage(() => import('./pages/inbox-page'), 'notifications');
const NotificationSettingsPage = lazyPage(() => import('./pages/notification-settings-page'), 'notifications');

export const routes: RouteObject[] = [
  {
    path: '/notifications',
    element: (
      <RequireAuth>
        <InboxPage />
      </RequireAuth>
    ),
  },
  {
    path: '/notifications/settings',
    element: (
      <RequireAuth>
        <NotificationSettingsPage />
      </RequireAuth>
    ),
  },
];

export const slots: ShellSlots = {
  headerNotifications: lazyChunk(() => import('./components/notification-bell')),
};
