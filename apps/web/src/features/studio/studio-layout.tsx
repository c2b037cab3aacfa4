/**
 * The writing studio's frame with its own header (SPEC §2): signed in, a greeting and logout;
 * otherwise signup and login buttons that remember the studio address to return to and pass
 * the studio's branding (/login?returnTo=/studio/documentor&brand=studio). Below 769 px the
 * navigation, the greeting, logout and signup move into a menu (StudioMenu); login stays.
 * This layout holds the page's one <main>; the pages inside it use sections.
 */
import { Suspense } from 'react';
import { useTranslation } from '../../shared/i18n';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../shared/auth/auth-provider';
import { toast } from '../../shared/toast/toast';
import { LogoMark } from '../../shared/ui/logo';
import { PageAdopted } from '../../shared/shell/adopted';
import { PageLoading } from '../../shared/ui/states';
import { StudioMenu } from './components/studio-menu';
import { studioEntryParams } from './lib/entry';
import './studio.css';
import './studio-layout.css';

export default function StudioLayout() {
  const { t } = useTranslation('studio');
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const params = studioEntryParams(`${location.pathname}${location.search}`);
  const logout = async () => {
    await auth.logout();
    toast.info(t('loggedOut'));
    navigate('/studio');
  };
  return (
    <div className="studio">
      <a className="skip-link" href="#studio-main">
        {t('common.skipToContent', { ns: 'translation' })}
      </a>
      <header className="studio-header">
        <div className="container studio-header__inner">
          <Link to="/studio" className="brand" aria-label={t('homeLabel')}>
            <LogoMark />
            <span className="brand__name">moim</span> <span className="studio-header__tag">studio</span>
          </Link>
          <nav aria-label={t('navLabel')} className="studio-nav">
            <NavLink to="/studio" end>
              {t('nav.home')}
            </NavLink>
            <NavLink to="/studio/documentor">{t('nav.documentor')}</NavLink>
            <Link to="/">{t('nav.site')}</Link>
          </nav>
          <div className="studio-header__end" data-testid="studio-account">
            {auth.user ? (
              <>
                <span className="studio-greeting" data-user-content="">
                  {t('greeting', { name: auth.user.name })}
                </span>
                <button type="button" className="btn btn-secondary btn-sm studio-header__wide" onClick={() => void logout()}>
                  {t('common.logout', { ns: 'translation' })}
                </button>
              </>
            ) : (
              // as the prerendered page has them: hidden from a signed-in visitor until the app
              // has taken over (base.css, `guest-only`)
              <>
                <Link to={`/signup${params}`} className="btn btn-ghost btn-sm studio-header__wide guest-only">
                  {t('common.signup', { ns: 'translation' })}
                </Link>
                <Link to={`/login${params}`} className="btn btn-primary btn-sm guest-only">
                  {t('common.login', { ns: 'translation' })}
                </Link>
              </>
            )}
          </div>
          <StudioMenu user={auth.user} entryParams={params} onLogout={() => void logout()} />
        </div>
      </header>
      <main id="studio-main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <PageAdopted />
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
