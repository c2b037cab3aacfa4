/** What the route guard and other pages share: the login address that returns here, the return-address test, the 'checking' state. */
import { useTranslation } from '../i18n';
import type { Location } from 'react-router';

export function loginPathFor(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  // The social log-in's return page is no place to come back to: the result it carried is spent
  // (tokens the API refused send it here through SPEC §8's 401 rule).
  if (location.pathname === '/auth/callback') return '/login';
  const back = `${location.pathname}${location.search}${location.hash}`;
  return `/login?returnTo=${encodeURIComponent(back)}`;
}

/**
 * Only same-site paths may be returned to (no open redirects). Control characters are refused too:
 * the URL parser drops tabs and line breaks, so `/<tab>/evil.com` would be read as `//evil.com`.
 */
export function safeReturnTo(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  return value;
}

export function AuthChecking() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <div className="stack" style={{ alignItems: 'center' }}>
        <div className="spinner" aria-hidden="true" />
        <span>{t('auth.checking')}</span>
      </div>
    </div>
  );
}
