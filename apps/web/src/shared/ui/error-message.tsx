/**
 * The one way a failure reaches the reader (GUIDE §5). `errorText(error)` is the sentence:
 *   - an ApiError from moim's server: its own message, which already says what went wrong in the
 *     reader's language (「백엔드」 포지션은 모집이 끝났습니다) — never replaced by the code's generic
 *     sentence; an answer without one (a proxy's 502) has the catalogue sentence (shared/api/client);
 *   - a timeout or no answer at all: the transport sentence in the UI's language now;
 *   - an error that wraps an ApiError (`cause`): the ApiError's sentence;
 *   - anything else (a bug, a chunk that did not load): `fallback`, else a generic "try again".
 * `<ErrorMessage error={…} />` shows it: inline after an action (a form, a button), or as the
 * state of a section that could not load (`variant="state"`), with an optional retry button.
 * Toasts and field errors use `errorText`; code that acts on a code (redirects, a reason) reads
 * `ApiError.code` / `details` itself and still shows the text through here.
 */
import { useTranslation } from '../i18n';
import { Link } from 'react-router';
import { ApiError } from '../api/client';
import { errorText } from './error-text';

// the sentence alone, for toasts and fields (its own module: the route error page, in the start-up
// chunk, needs it without this component)
export { errorText };

export interface ErrorMessageProps {
  /** nothing is shown for null, undefined or false */
  error: unknown;
  /** a heading above the message ("지원할 수 없습니다") */
  title?: string;
  /** shows a retry button */
  onRetry?: () => void;
  /** `inline` (default): a message box after an action; `state`: a section that could not load */
  variant?: 'inline' | 'state';
  /** what to say for an error that is not the server's (default: a generic "try again") */
  fallback?: string;
  className?: string;
}

export function ErrorMessage({ error, title, onRetry, variant = 'inline', fallback, className }: ErrorMessageProps) {
  const { t, i18n } = useTranslation();
  if (error === null || error === undefined || error === false) return null;
  const text = errorText(error, { locale: i18n.language === 'en' ? 'en' : 'ko', fallback });
  // an admin without a second factor (AUTH-1022): the server names the setup page
  const setup = secondFactorSetupPath(error);
  const setupLink = setup && (
    <Link className="btn btn-primary error-message__retry" to={setup}>
      {t('stepUp.setupLink')}
    </Link>
  );
  const retry = onRetry && (
    <button type="button" className="btn btn-secondary error-message__retry" onClick={onRetry}>
      {t('common.retry')}
    </button>
  );
  if (variant === 'state') {
    return (
      <div className={['state', className].filter(Boolean).join(' ')} role="alert">
        {title && <strong>{title}</strong>}
        {title ? <p>{text}</p> : <strong>{text}</strong>}
        {setupLink}
        {retry}
      </div>
    );
  }
  return (
    <div className={['form-message form-message--error error-message', className].filter(Boolean).join(' ')} role="alert">
      {title && <strong className="error-message__title">{title}</strong>}
      <span className="error-message__text">{text}</span>
      {setupLink}
      {retry}
    </div>
  );
}

/** The setup page an AUTH-1022 answer names (a same-site path), else null. */
function secondFactorSetupPath(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'AUTH-1022') return null;
  const path = (error.details as { setupPath?: unknown } | undefined)?.setupPath;
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : '/users/me/security';
}
