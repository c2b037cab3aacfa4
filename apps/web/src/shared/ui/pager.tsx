/**
 * The one pager of the app: previous, a window of up to five page numbers, next (0-based pages,
 * as the API's `number`). Hidden when there is a single page.
 */
import { useTranslation } from '../i18n';
import './pager.css';

export function Pager({
  page,
  totalPages,
  onPage,
  label,
}: {
  page: number;
  totalPages: number;
  onPage: (p: number) => void;
  /** the navigation's accessible name, when a page has more than one list */
  label?: string;
}) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const from = Math.max(0, Math.min(page - 2, totalPages - 5));
  const pages = Array.from({ length: Math.min(5, totalPages) }, (_, i) => from + i);
  return (
    <nav className="pager" aria-label={label ?? t('pager.label')}>
      <button type="button" className="btn btn-secondary pager__btn" disabled={page <= 0} onClick={() => onPage(page - 1)}>
        <span aria-hidden="true">‹</span>
        <span className="visually-hidden">{t('pager.prev')}</span>
      </button>
      {pages.map((p) => (
        <button
          key={p}
          type="button"
          className={`btn pager__btn ${p === page ? 'btn-primary' : 'btn-secondary'}`}
          aria-current={p === page ? 'page' : undefined}
          onClick={() => onPage(p)}
        >
          {p + 1}
        </button>
      ))}
      <button type="button" className="btn btn-secondary pager__btn" disabled={page >= totalPages - 1} onClick={() => onPage(page + 1)}>
        <span aria-hidden="true">›</span>
        <span className="visually-hidden">{t('pager.next')}</span>
      </button>
      <span className="visually-hidden" aria-live="polite">
        {t('pager.status', { page: page + 1, total: totalPages })}
      </span>
    </nav>
  );
}
