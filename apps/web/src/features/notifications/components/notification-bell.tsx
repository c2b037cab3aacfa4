/**
 * The header's unread-notifications button: a link to the inbox with the unread count, and
 * beside it the live channel's indicator (the count arrives over it).
 */
import { useTranslation } from '../../../shared/i18n';
import { Link } from 'react-router';
import { LiveIndicator } from '../../../shared/live/live-indicator';
import { LineSvg } from '../../../shared/ui/line-svg';
import { useUnreadCount } from '../api/notifications-api';
import '../notifications.css';

export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const unread = useUnreadCount();
  const count = unread.data?.count ?? 0;
  const label = count > 0 ? t('bell.labelUnread', { count }) : t('bell.label');
  return (
    <>
      <LiveIndicator />
      <Link to="/notifications" className="nt-bell" aria-label={label} title={label} data-testid="notification-bell">
        <LineSvg size={20}>
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </LineSvg>
        {count > 0 && (
          <span className="nt-bell__count" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </Link>
    </>
  );
}

export default NotificationBell;
