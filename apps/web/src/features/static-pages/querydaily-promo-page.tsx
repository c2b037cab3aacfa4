/**
 * /querydaily-promo-demo: the ways the daily-questions service can be promoted on the site,
 * each shown live — top banner, inline card, toast, header badge variants, footer strip.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n';
import { useQueryDailyUrl } from '../../shared/shell/public-config';
import { toast } from '../../shared/toast/toast';
import { PageHeader } from '../../shared/ui/page-header';
import './static-pages.css';

function Variant({ n, title, note, children }: { n: number; title: string; note: string; children: ReactNode }) {
  return (
    <section className="promo-variant" aria-labelledby={`promo-${n}`}>
      <header>
        <span className="badge badge--primary">#{n}</span>
        <h2 id={`promo-${n}`}>{title}</h2>
      </header>
      <p className="muted">{note}</p>
      <div className="promo-stage">{children}</div>
    </section>
  );
}

export default function QueryDailyPromoPage() {
  const { t } = useTranslation('static-pages');
  const url = useQueryDailyUrl();
  const [bannerOpen, setBannerOpen] = useState(true);
  const link = { href: url, target: '_blank', rel: 'noopener noreferrer' } as const;
  return (
    <>
      <PageHeader eyebrow={t('promo.eyebrow')} title={t('promo.title')} lead={t('promo.lead')} />
      <div className="container page-body promo">
        <Variant n={1} title={t('promo.banner.title')} note={t('promo.banner.note')}>
          {bannerOpen ? (
            <div className="promo-banner" role="region" aria-label={t('promo.banner.title')}>
              <span className="nav-new">NEW</span>
              <span>{t('promo.banner.text')}</span>
              <a {...link}>{t('promo.banner.cta')}</a>
              <button
                type="button"
                className="promo-banner__close"
                onClick={() => setBannerOpen(false)}
                aria-label={t('promo.banner.close')}
              >
                ×
              </button>
            </div>
          ) : (
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => setBannerOpen(true)}>
              {t('promo.banner.again')}
            </button>
          )}
        </Variant>
        <Variant n={2} title={t('promo.card.title')} note={t('promo.card.note')}>
          <article className="promo-card">
            <p className="promo-card__label">{t('promo.card.label')}</p>
            <h3>{t('promo.card.question')}</h3>
            <p className="muted">{t('promo.card.body')}</p>
            <a className="btn btn-primary btn-sm" {...link}>
              {t('promo.card.cta')}
            </a>
          </article>
        </Variant>
        <Variant n={3} title={t('promo.toast.title')} note={t('promo.toast.note')}>
          <button type="button" className="btn btn-primary" onClick={() => toast.info(t('promo.toast.message'))}>
            {t('promo.toast.show')}
          </button>
        </Variant>
        <Variant n={4} title={t('promo.badges.title')} note={t('promo.badges.note')}>
          <div className="promo-badges">
            <a className="nav-link nav-external" {...link}>
              QUERY DAILY <span className="nav-new">NEW</span>
            </a>
            <a className="nav-link nav-external" {...link}>
              QUERY DAILY <span className="promo-dot" aria-hidden="true" />
            </a>
            <a className="nav-link nav-external promo-pill" {...link}>
              {t('promo.badges.pill')}
            </a>
            <a className="nav-link nav-external" {...link}>
              QUERY DAILY <span className="badge badge--accent">{t('promo.badges.today')}</span>
            </a>
          </div>
        </Variant>
        <Variant n={5} title={t('promo.strip.title')} note={t('promo.strip.note')}>
          <div className="promo-strip">
            <span>{t('promo.strip.text')}</span>
            <a className="btn btn-light btn-sm" {...link}>
              {t('promo.strip.cta')}
            </a>
          </div>
        </Variant>
      </div>
    </>
  );
}
