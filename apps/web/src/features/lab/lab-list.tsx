/** The grid of lab cards, optionally one category, with status badges (used by /lab and the not-found state). */
import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n';
import { Link } from 'react-router';
import { LabIcon } from './lab-icons';
import { LAB_ITEMS, type LabCategory, type LabItem } from './lab-catalog';

export function LabList({ category, extra }: { category: LabCategory | 'all'; extra?: (item: LabItem) => ReactNode }) {
  const { t } = useTranslation('lab');
  const items = LAB_ITEMS.filter((i) => category === 'all' || i.category === category);
  return (
    <ul className="lab-grid" aria-label={t('listLabel')}>
      {items.map((c) => {
        const open = c.status !== 'soon';
        const body = (
          <>
            <span className="lab-card__icon" aria-hidden="true">
              <LabIcon name={c.icon} />
            </span>
            <span className="lab-card__tags">
              <span className="badge">{t(`categories.${c.category}`)}</span>
              <span className={`badge badge--${c.status}`}>{t(`status.${c.status}`)}</span>
            </span>
            <h2 className="lab-card__title">{t(`cards.${c.id}.title`)}</h2>
            <p className="lab-card__body">{t(`cards.${c.id}.body`)}</p>
            {extra?.(c)}
            {open && (
              <span className="lab-card__cta" aria-hidden="true">
                {c.category === 'playground' ? t('play') : t('open')} →
              </span>
            )}
          </>
        );
        return (
          <li key={c.id} className={`lab-card${open ? '' : ' lab-card--disabled'}`} data-testid={`lab-card-${c.id}`}>
            {open ? (
              <Link to={c.path} className="lab-card__link">
                {body}
              </Link>
            ) : (
              <div className="lab-card__link" aria-disabled="true">
                {body}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
