import { useTranslation } from 'react-i18next';

export function Pager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (p: number) => void }) {
  const { t } = useTranslation('admin-shell');
  if (totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <button type="button" className="btn btn-secondary btn-sm" disabled={page <= 0} onClick={() => onPage(page - 1)}>
        {t('pager.prev')}
      </button>
      <span>{t('pager.status', { page: page + 1, total: totalPages })}</span>
      <button type="button" className="btn btn-secondary btn-sm" disabled={page >= totalPages - 1} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}
