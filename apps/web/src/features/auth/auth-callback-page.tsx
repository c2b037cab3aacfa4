/**
 * Return from social login: the server redirects here with the result in the URL fragment
 * (#accessToken=…&refreshToken=…&returnTo=… or #error=…&message=…). The fragment is read once,
 * removed from the address bar (history.replaceState), the tokens stored and the user loaded,
 * then the user goes on to returnTo.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../../shared/auth/auth-provider';
import { safeReturnTo } from '../../shared/auth/require-auth';
import { toUserMessage } from '../../shared/api/error-messages';
import { currentLocale } from '../../shared/i18n';
import { writeSession } from '../../shared/storage';
import { toast } from '../../shared/toast/toast';
import { errorText } from '../../shared/ui/error-message';
import { FormMessage } from '../../shared/ui/field';
import { useBrowserState } from '../../shared/lib/use-browser-state';
import { OAUTH_RESULT_KEY } from './api';
import { AuthFrame } from './auth-frame';

export interface CallbackParams {
  accessToken: string | null;
  refreshToken: string | null;
  returnTo: string;
  error: string | null;
  message: string | null;
}

export function parseCallbackFragment(hash: string): CallbackParams {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  return {
    accessToken: p.get('accessToken') ?? p.get('access_token'),
    refreshToken: p.get('refreshToken') ?? p.get('refresh_token'),
    returnTo: safeReturnTo(p.get('returnTo')),
    error: p.get('error'),
    message: p.get('message') ?? p.get('error_description'),
  };
}

export default function AuthCallbackPage() {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const navigate = useNavigate();
  // The first render of the adopted markup is "finishing the log-in" (the server never sees the
  // fragment, so that is what the build prerendered); the fragment is read in the render right
  // after (useBrowserState), once.
  const [params] = useBrowserState<CallbackParams | null>(() => parseCallbackFragment(window.location.hash), null);
  const refused = params && (params.error || !params.accessToken) ? params : null;
  const [failed, setFailed] = useState<string | null>(null);
  const error = refused
    ? refused.error
      ? toUserMessage({ code: refused.error, message: refused.message ?? refused.error }, currentLocale())
      : t('callback.missing')
    : failed;
  const started = useRef(false);

  useEffect(() => {
    if (!params || started.current) return;
    started.current = true;
    if (window.location.hash) window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    const record = (result: Record<string, unknown>) =>
      writeSession(OAUTH_RESULT_KEY, JSON.stringify({ at: new Date().toISOString(), ...result }));
    if (!params.accessToken || params.error) {
      record({ ok: false, error: params.error ?? 'missing', message: params.message });
      return;
    }
    auth.acceptTokens(params.accessToken, params.refreshToken).then(
      (user) => {
        record({ ok: true, email: user.email, name: user.name, returnTo: params.returnTo });
        toast.success(t('login.welcome', { name: user.name }));
        navigate(params.returnTo, { replace: true });
      },
      (err: unknown) => {
        record({ ok: false, error: 'validate', message: (err as Error).message });
        setFailed(errorText(err));
      },
    );
  }, [auth, navigate, params, t]);

  const working = (
    <FormMessage tone="info">
      <span className="auth-callback">
        <span className="spinner" aria-hidden="true" />
        {t('callback.working')}
      </span>
    </FormMessage>
  );
  const ways = (
    <div className="row">
      <Link to="/login" className="btn btn-primary">
        {t('callback.backToLogin')}
      </Link>
      <Link to="/" className="btn btn-ghost">
        {t('common.home', { ns: 'translation' })}
      </Link>
    </div>
  );

  // Before the fragment is read (the prerendered markup and the render that adopts it), both the
  // "finishing" state and the failure of an address with no result at all are drawn; theme-init.js
  // marks the page (html[data-callback]) before its first paint, so the page that paints is the
  // one this address shows: with no result, the failure itself, not "finishing" rewritten a second
  // later once the app has run (docs/web-performance.md). The app then draws the same state alone.
  if (!params)
    return (
      <AuthFrame
        title={
          <>
            <span className="auth-callback__when-result">{t('callback.workingTitle')}</span>
            <span className="auth-callback__when-none">{t('callback.failedTitle')}</span>
          </>
        }
      >
        <div className="auth-callback__when-result">{working}</div>
        <div className="auth-callback__when-none">
          <FormMessage tone="error">{t('callback.missing')}</FormMessage>
          {ways}
        </div>
      </AuthFrame>
    );

  // Both states are the same frame (the account pages' card, its message box): the heading and the
  // box name the state, so a refused result changes their text instead of replacing a bare spinner
  // with a card, and what paints from the prerendered HTML is the page itself
  // (docs/web-performance.md).
  return (
    <AuthFrame title={error ? t('callback.failedTitle') : t('callback.workingTitle')}>
      {error ? <FormMessage tone="error">{error}</FormMessage> : working}
      {error && ways}
    </AuthFrame>
  );
}
