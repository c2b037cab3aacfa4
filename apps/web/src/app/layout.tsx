import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { PageLoading } from '../shared/ui/states';
import { changeLocale } from '../shared/i18n';
import './layout.css';

export function RootLayout() {
  const { t, i18n } = useTranslation();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <header className="site-header">
        <div className="container site-header__inner">
          <Link to="/" className="brand" aria-label="moim">
            moim<span aria-hidden="true">·모임</span>
          </Link>
          <nav aria-label={t('nav.main')} className="site-nav">
            <NavLink to="/whoweare">{t('nav.whoweare')}</NavLink>
            <NavLink to="/study">{t('nav.study')}</NavLink>
            <NavLink to="/project">{t('nav.project')}</NavLink>
            <NavLink to="/ignition/navigator">{t('nav.jobs')}</NavLink>
            <NavLink to="/lab">{t('nav.lab')}</NavLink>
            <NavLink to="/login" className="btn btn-primary">
              {t('nav.joinus')}
            </NavLink>
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="site-footer">
        <div className="container row" style={{ justifyContent: 'space-between' }}>
          <span>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
          <span className="row">
            <Link to="/terms">{t('footer.terms')}</Link>
            <Link to="/privacy">{t('footer.privacy')}</Link>
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => void changeLocale(i18n.language === 'ko' ? 'en' : 'ko')}
              aria-label={t('common.language')}
            >
              {i18n.language === 'ko' ? 'English' : '한국어'}
            </button>
          </span>
        </div>
      </footer>
    </>
  );
}
