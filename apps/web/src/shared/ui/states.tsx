import type { ReactNode } from 'react';
import { useTranslation } from '../i18n';

/** The route-level fallback of SPEC §2: 'Loading...'. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <div className="stack" style={{ alignItems: 'center' }}>
        <div className="spinner" aria-hidden="true" />
        <span>Loading...</span>
      </div>
    </div>
  );
}

export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="state" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <span>{label ?? t('common.loading')}</span>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state">
      <strong>{title}</strong>
      {children}
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="state" role="alert">
      <strong>{message}</strong>
      {onRetry && (
        <button type="button" className="btn btn-secondary" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}
