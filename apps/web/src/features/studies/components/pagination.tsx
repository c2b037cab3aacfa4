import { useTranslation } from 'react-i18next';
import { ChevronIcon } from './icons';

/** 0-based pages; shows a window of page numbers around the current one. */
export function Pagination({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (p: number) => void }) {
  const { t } = useTranslation('studies');
  if (totalPages <= 1) return null;
  const from = Math.max(0, Math.min(page - 2, totalPages - 5));
  const pages = Array.from({ length: Math.min(5, totalPages) }, (_, i) => from + i);
  return (
    <nav className="st-pager" aria-label={t('pager.label')}>
      <button type="button" className="btn btn-secondary st-pager__btn" disabled={page <= 0} onClick={() => onPage(page - 1)}>
        <ChevronIcon dir="left" />
        <span className="visually-hidden">{t('pager.prev')}</span>
      </button>
      {pages.map((p) => (
        <button
          key={p}
          type="button"
          className={`btn st-pager__btn ${p === page ? 'btn-primary' : 'btn-secondary'}`}
          aria-current={p === page ? 'page' : undefined}
          aria-label={t('pager.page', { n: p + 1 })}
          onClick={() => onPage(p)}
        >
          {p + 1}
        </button>
      ))}
      <button type="button" className="btn btn-secondary st-pager__btn" disabled={page >= totalPages - 1} onClick={() => onPage(page + 1)}>
        <ChevronIcon />
        <span className="visually-hidden">{t('pager.next')}</span>
      </button>
    </nav>
  );
}
