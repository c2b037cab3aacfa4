/** Footer (SPEC §1): links, copyright, terms and privacy, language (ko/en) and theme switches. */
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../shared/i18n';
import { Link } from 'react-router';
import { changeLocale, LOCALES, type Locale } from '../../shared/i18n';
import { readTheme, saveTheme, THEME_CHOICES, type ThemeChoice } from '../../shared/theme/theme';
import { LogoMark } from '../../shared/ui/logo';
import { useHydrated } from '../../shared/lib/use-hydrated';

// The stored theme is read after hydration: a prerendered footer shows 'system' (the server has
// no storage), and the first render of a hydrated page must be the same; React re-reads it then.
const noSubscription = () => () => {};
const serverTheme = (): ThemeChoice => 'system';

export function SiteFooter() {
  const { t, i18n } = useTranslation();
  const stored = useSyncExternalStore(noSubscription, readTheme, serverTheme);
  const [picked, setTheme] = useState<ThemeChoice | null>(null);
  const theme = picked ?? stored;
  const lang = (i18n.language === 'en' ? 'en' : 'ko') as Locale;
  const hydrated = useHydrated();
  return (
    <footer className="site-footer">
      <div className="container site-footer__top">
        <div className="site-footer__brand">
          <Link to="/" className="brand" aria-label={t('brand.homeLabel')}>
            <LogoMark />
            <span className="brand__name">moim</span>
          </Link>
          <p className="muted">{t('brand.tagline')}</p>
        </div>
        <nav className="site-footer__cols" aria-label={t('footer.servicesTitle')}>
          <div>
            <h2>{t('footer.servicesTitle')}</h2>
            <Link to="/study">{t('footer.studies')}</Link>
            <Link to="/project">{t('footer.projects')}</Link>
            <Link to="/lab">{t('footer.lab')}</Link>
            <Link to="/ignition/navigator">{t('footer.jobs')}</Link>
            <Link to="/studio">{t('footer.studio')}</Link>
          </div>
          <div>
            <h2>{t('footer.aboutTitle')}</h2>
            <Link to="/whoweare">{t('footer.whoweare')}</Link>
            <Link to="/guide/study-leader">{t('footer.leaderGuide')}</Link>
            <Link to="/study-plan">{t('footer.studyPlan')}</Link>
          </div>
          <div>
            <h2>{t('footer.policyTitle')}</h2>
            <Link to="/terms">{t('footer.terms')}</Link>
            <Link to="/privacy">{t('footer.privacy')}</Link>
          </div>
        </nav>
      </div>
      <div className="container site-footer__bottom">
        {/* The year of a page drawn at build (or by the server) may be last year's by the time it is
            adopted (a page built on 31 December): that text alone may differ, and the line is drawn
            again with this year once the page is the app's own. */}
        <p key={hydrated ? 'live' : 'markup'} className="site-footer__copy" suppressHydrationWarning>
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </p>
        <div className="site-footer__settings" aria-label={t('footer.settingsLabel')} role="group">
          <div className="segmented" role="group" aria-label={t('common.language')}>
            {LOCALES.map((l) => (
              <button key={l} type="button" aria-pressed={lang === l} lang={l} onClick={() => void changeLocale(l)}>
                {t(`lang.${l}`)}
              </button>
            ))}
          </div>
          <div className="segmented" role="group" aria-label={t('common.theme')}>
            {THEME_CHOICES.map((c) => (
              <button
                key={c}
                type="button"
                aria-pressed={theme === c}
                onClick={() => {
                  saveTheme(c);
                  setTheme(c);
                }}
              >
                {t(`theme.${c}`)}
              </button>
            ))}
          </div>
        </div>
      </div>
    </footer>
  );
}
