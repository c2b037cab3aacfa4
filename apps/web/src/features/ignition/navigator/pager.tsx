/**
 * Previous / page x of y / next for the navigator's lists.
 * (No shared pager exists in shared/ui yet: this should move there with the studies' and the
 * back office's when the primitives are gathered.)
 */
import { useTranslation } from 'react-i18next';

export function Pager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (p: number) => void }) {
  const { t } = useTranslation('ignition');
  if (totalPages <= 1) return null;
  return (
    <nav className="jn-pager" aria-label={t('pager.label')}>
      <button type="button" className="btn btn-secondary btn-sm" disabled={page <= 0} onClick={() => onPage(page - 1)}>
        {t('pager.prev')}
      </button>
      <span aria-live="polite">{t('pager.status', { page: page + 1, total: totalPages })}</span>
      <button type="button" className="btn btn-secondary btn-sm" disabled={page >= totalPages - 1} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}
