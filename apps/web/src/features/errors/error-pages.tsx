/**
 * The error pages of SPEC §2 / §8: 404, 401, 503, generic, and the chunk-load error screen.
 * They live in the main bundle and use only the shared catalogue: they must render when the
 * network or a chunk is the problem.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n';
import { Link, useLocation, useNavigate } from 'react-router';
import { claimChunkRetry, resetChunkRetries } from '../../shared/chunk/chunk-errors';
import { loginPathFor } from '../../shared/auth/require-auth';
import { CHUNK_ERROR_RELOAD_DELAY_MS } from '@moim/contract';
import './error-pages.css';

function ErrorFrame({
  code,
  title,
  body,
  children,
  tone = 'neutral',
}: {
  code: string;
  title: string;
  body?: ReactNode;
  children?: ReactNode;
  tone?: 'neutral' | 'warn';
}) {
  return (
    <section className="error-page" aria-labelledby="error-title">
      <div className={`error-page__card error-page__card--${tone}`}>
        <p className="error-page__code" aria-hidden="true">
          {code}
        </p>
        <h1 id="error-title" className="error-page__title">
          {title}
        </h1>
        {body && <div className="error-page__body">{body}</div>}
        {children && <div className="error-page__actions">{children}</div>}
      </div>
    </section>
  );
}

const reload = () => window.location.reload();

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ErrorFrame code="404" title={t('errors.notFoundTitle')} body={<p>{t('errors.notFoundBody')}</p>}>
      <Link className="btn btn-primary" to="/">
        {t('common.home')}
      </Link>
      <button type="button" className="btn btn-secondary" onClick={() => navigate(-1)}>
        {t('common.back')}
      </button>
    </ErrorFrame>
  );
}
export default NotFoundPage;

export function UnauthorizedPage() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <ErrorFrame code="401" title={t('errors.unauthorizedTitle')} body={<p>{t('errors.unauthorizedBody')}</p>}>
      <Link className="btn btn-primary" to={loginPathFor(location)}>
        {t('common.login')}
      </Link>
    </ErrorFrame>
  );
}

export function MaintenancePage() {
  const { t } = useTranslation();
  return (
    <ErrorFrame code="503" tone="warn" title={t('errors.maintenanceTitle')} body={<p>{t('errors.maintenanceBody')}</p>}>
      <button type="button" className="btn btn-primary" onClick={reload}>
        {t('common.reload')}
      </button>
    </ErrorFrame>
  );
}

export function GenericErrorPage({ message, status }: { message?: string; status?: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const retry = () => navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true });
  return (
    <ErrorFrame
      code={status ? String(status) : '!'}
      title={t('errors.genericTitle')}
      body={<p className="error-page__message">{message || t('errors.genericBody')}</p>}
    >
      <Link className="btn btn-primary" to="/">
        {t('common.home')}
      </Link>
      <button type="button" className="btn btn-secondary" onClick={reload}>
        {t('common.reload')}
      </button>
      <button type="button" className="btn btn-ghost" onClick={retry}>
        {t('common.retry')}
      </button>
    </ErrorFrame>
  );
}

/** One decision per error object, so re-renders never count a retry twice. */
const decisions = new WeakMap<object, boolean>();
function decideOnce(error: unknown): boolean {
  const key = (error && typeof error === 'object' ? error : decisions) as object;
  if (!decisions.has(key)) decisions.set(key, claimChunkRetry());
  return decisions.get(key)!;
}

export function ChunkErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const [autoReload] = useState(() => decideOnce(error));
  useEffect(() => {
    if (!autoReload) return;
    const timer = setTimeout(reload, CHUNK_ERROR_RELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [autoReload]);

  if (autoReload) {
    return (
      <section className="error-page" aria-live="polite">
        <div className="error-page__card" role="status">
          <div className="spinner" aria-hidden="true" />
          <h1 className="error-page__title">{t('errors.chunkReloading')}</h1>
          <p className="muted">{t('errors.chunkReloadingBody')}</p>
        </div>
      </section>
    );
  }
  return (
    <ErrorFrame
      code="!"
      tone="warn"
      title={t('errors.chunkFailedTitle')}
      body={
        <>
          <p>{t('errors.chunkFailedBody')}</p>
          <div className="error-page__help">
            <h2>{t('errors.cacheTitle')}</h2>
            <ol>
              <li>{t('errors.cacheStep1')}</li>
              <li>{t('errors.cacheStep2')}</li>
              <li>{t('errors.cacheStep3')}</li>
            </ol>
          </div>
        </>
      }
    >
      <button type="button" className="btn btn-primary" onClick={reload}>
        {t('common.reload')}
      </button>
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => {
          resetChunkRetries();
          reload();
        }}
      >
        {t('common.retry')}
      </button>
    </ErrorFrame>
  );
}
