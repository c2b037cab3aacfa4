/**
 * The site header (SPEC §1). On the home page it sits above the intro section and becomes
 * fixed (sliding in) once the intro has scrolled out of view, watched by an
 * IntersectionObserver; on every other page it is sticky at the top. At 768 px and below the
 * navigation moves into the mobile menu.
 */
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n';
import { Link, NavLink, useLocation } from 'react-router';
import { useAuth } from '../../shared/auth/auth-provider';
import { useShellSlots } from '../../shared/shell/slots';
import { QuietBoundary } from '../../shared/ui/error-boundary';
import { LogoMark } from '../../shared/ui/logo';
import { MobileMenu } from './mobile-menu';
import { QueryDailyLink } from './querydaily-link';
import { StudyMenu } from './study-menu';
import { lazyChunk } from '../../shared/chunk/lazy-page';

/** Only a signed-in visitor has a user menu: its own chunk (main.tsx starts it early for them). */
const UserMenu = lazyChunk(() => import('./user-menu'));

export function SiteHeader({ intro }: { intro: HTMLElement | null }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const { headerNotifications: Notifications } = useShellSlots();
  const [pastIntro, setPastIntro] = useState(false);
  const { pathname } = useLocation();

  useEffect(() => {
    if (!intro || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(([entry]) => setPastIntro(entry ? !entry.isIntersecting : false), {
      rootMargin: '-64px 0px 0px 0px',
    });
    io.observe(intro);
    return () => io.disconnect();
  }, [intro]);

  // The home page hands its intro over only after mounting: until then (and in its prerendered
  // HTML) '/' already starts 'static', so the header does not change look when it arrives.
  const mode = intro ? (pastIntro ? 'fixed' : 'static') : pathname === '/' ? 'static' : 'sticky';

  return (
    <div className="header-slot" data-mode={mode}>
      <header className="site-header" data-testid="site-header" data-mode={mode}>
        <div className="container site-header__inner">
          <Link to="/" className="brand" aria-label={t('brand.homeLabel')}>
            <LogoMark />
            <span className="brand__name">moim</span>
          </Link>
          <nav aria-label={t('nav.main')} className="site-nav">
            <NavLink className="nav-link" to="/whoweare">
              {t('nav.whoweare')}
            </NavLink>
            <StudyMenu />
            <NavLink className="nav-link" to="/project">
              {t('nav.project')}
            </NavLink>
            <QueryDailyLink />
            <NavLink className="nav-link" to="/ignition/navigator">
              {t('nav.jobs')}
            </NavLink>
            <NavLink className="nav-link" to="/lab">
              {t('nav.lab')}
            </NavLink>
          </nav>
          <div className="site-header__end">
            {auth.user && Notifications && (
              <QuietBoundary>
                <Suspense fallback={null}>
                  <Notifications />
                </Suspense>
              </QuietBoundary>
            )}
            {auth.user ? (
              <div className="desktop-only">
                <QuietBoundary>
                  <Suspense fallback={<span className="user-placeholder" aria-hidden="true" />}>
                    <UserMenu user={auth.user} />
                  </Suspense>
                </QuietBoundary>
              </div>
            ) : auth.isLoading ? (
              <span className="user-placeholder desktop-only" aria-hidden="true" />
            ) : (
              <span className="guest-only header-guest">
                <Link to="/login" className="btn btn-ghost btn-sm desktop-only">
                  {t('common.login')}
                </Link>
                <Link to="/signup" className="btn btn-primary btn-sm" data-testid="join-us">
                  {t('nav.joinus')}
                </Link>
              </span>
            )}
            <div className="mobile-only">
              <MobileMenu />
            </div>
          </div>
        </div>
      </header>
    </div>
  );
}
