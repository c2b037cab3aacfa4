/** The main site frame: skip link, header, the page (lazy, 'Loading...' fallback), footer. */
import { Suspense, useState } from 'react';
import { useTranslation } from '../shared/i18n';
import { Outlet } from 'react-router';
import { PageAdopted } from '../shared/shell/adopted';
import { IntroContext } from '../shared/shell/intro';
import { PageLoading } from '../shared/ui/states';
import { SiteFooter } from './shell/site-footer';
import { SiteHeader } from './shell/site-header';
import './layout.css';

export function SiteLayout() {
  const { t } = useTranslation();
  const [intro, setIntro] = useState<HTMLElement | null>(null);
  return (
    <IntroContext.Provider value={setIntro}>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <SiteHeader intro={intro} />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <PageAdopted />
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </IntroContext.Provider>
  );
}
