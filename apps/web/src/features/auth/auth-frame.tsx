import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n';
import { useSearchParams } from 'react-router';
import { LogoMark } from '../../shared/ui/logo';
import './auth.css';

/** The two-column frame of the account pages; `?brand=studio` shows the studio's branding. */
export function AuthFrame({ title, lead, children }: { title: ReactNode; lead?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const studio = params.get('brand') === 'studio';
  return (
    <div className={`auth-page${studio ? ' auth-page--studio' : ''}`}>
      <div className="container auth-page__inner">
        <aside className="auth-aside" aria-hidden="true">
          <LogoMark size={44} />
          <p className="auth-aside__brand">{studio ? t('aside.studioBrand') : t('aside.brand')}</p>
          <p className="auth-aside__quote">{studio ? t('aside.studioQuote') : t('aside.quote')}</p>
          <ul>
            <li>{t('aside.point1')}</li>
            <li>{t('aside.point2')}</li>
            <li>{t('aside.point3')}</li>
          </ul>
        </aside>
        <section className="auth-card" aria-labelledby="auth-title">
          {studio && <p className="auth-card__brand">{t('aside.studioBrand')}</p>}
          <h1 id="auth-title">{title}</h1>
          {lead && <p className="muted">{lead}</p>}
          {children}
        </section>
      </div>
    </div>
  );
}
