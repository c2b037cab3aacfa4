/**
 * Previous, a window of up to five page numbers, next (0-based pages, as the API's `number`).
 * Stand-in until the shared Pager lands (shared/ui/pager.tsx, issue 11): same props.
 */
import { useTranslation } from 'react-i18next';

export function Pager({
  page,
  totalPages,
  onPage,
  label,
}: {
  page: number;
  totalPages: number;
  onPage: (p: number) => void;
  label?: string;
}) {
  const { t } = useTranslation('projects');
  if (totalPages <= 1) return null;
  const from = Math.max(0, Math.min(page - 2, totalPages - 5));
  const pages = Array.from({ length: Math.min(5, totalPages) }, (_, i) => from + i);
  return (
    <nav className="pj-pager" aria-label={label ?? t('pager.label')}>
      <button type="button" className="btn btn-secondary pj-pager__btn" disabled={page <= 0} onClick={() => onPage(page - 1)}>
        <span aria-hidden="true">‹</span>
        <span className="visually-hidden">{t('pager.prev')}</span>
      </button>
      {pages.map((p) => (
        <button
          key={p}
          type="button"
          className={`btn pj-pager__btn ${p === page ? 'btn-primary' : 'btn-secondary'}`}
          aria-current={p === page ? 'page' : undefined}
          aria-label={t('pager.page', { n: p + 1 })}
          onClick={() => onPage(p)}
        >
          {p + 1}
        </button>
      ))}
      <button type="button" className="btn btn-secondary pj-pager__btn" disabled={page >= totalPages - 1} onClick={() => onPage(page + 1)}>
        <span aria-hidden="true">›</span>
        <span className="visually-hidden">{t('pager.next')}</span>
      </button>
    </nav>
  );
}
