/**
 * Bookmark toggle; a guest is taken to log in and brought back. The accessible name carries the
 * posting's title (imported content, marked as such); the tooltip is the action alone.
 */
import { useTranslation } from '../../../shared/i18n';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-provider';
import { markUserValue } from '../../../shared/ui/user-value';
import { toast } from '../../../shared/toast/toast';
import { useBookmark } from '../api';
import { errorText } from '../../../shared/ui/error-message';
import './bookmark-button.css';

export function BookmarkButton({ postingId, bookmarked, title }: { postingId: string; bookmarked: boolean; title: string }) {
  const { t } = useTranslation('job-postings');
  const auth = useAuth();
  const location = useLocation();
  const mutation = useBookmark();
  if (!auth.isAuthenticated) {
    return (
      <Link
        className="jn-bookmark"
        to={`/login?returnTo=${encodeURIComponent(location.pathname + location.search)}`}
        title={t('bookmark.tooltip.login')}
      >
        <StarIcon filled={false} />
        <span className="visually-hidden">{markUserValue(t('bookmark.loginToSave', { title }), title)}</span>
      </Link>
    );
  }
  const on = mutation.isPending ? !!mutation.variables?.on : bookmarked;
  return (
    <button
      type="button"
      className={`jn-bookmark${on ? ' jn-bookmark--on' : ''}`}
      aria-pressed={on}
      title={t(on ? 'bookmark.tooltip.remove' : 'bookmark.tooltip.add')}
      disabled={mutation.isPending}
      onClick={() =>
        mutation.mutate(
          { id: postingId, on: !bookmarked },
          {
            onSuccess: (r) => toast.success(t(r.bookmarked ? 'bookmark.added' : 'bookmark.removed')),
            onError: (e) => toast.error(errorText(e)),
          },
        )
      }
    >
      <StarIcon filled={on} />
      <span className="visually-hidden">{markUserValue(t(on ? 'bookmark.remove' : 'bookmark.add', { title }), title)}</span>
    </button>
  );
}

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
    >
      <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9L12 3Z" />
    </svg>
  );
}
