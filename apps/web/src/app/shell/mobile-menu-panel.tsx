/**
 * The mobile menu's panel (its own chunk, fetched on the first open): a modal dialog that traps
 * focus; Escape, the close button, the backdrop or following a link close it.
 */
import { STUDY_DROPDOWN_COUNT } from '@moim/contract';
import { useEffect, useId, useRef, type MouseEvent } from 'react';
import { useTranslation } from '../../shared/i18n';
import { Link, NavLink, useNavigate } from 'react-router';
import { useAuth } from '../../shared/auth/auth-provider';
import { isAdminUser } from '../../shared/auth/types';
import { studyPath, useCurrentStudies } from '../../shared/shell/current-studies';
import { toast } from '../../shared/toast/toast';
import { Avatar } from '../../shared/ui/avatar';
import { useFocusTrap } from '../../shared/ui/use-focus-trap';
import { QueryDailyLink } from './querydaily-link';

export default function MobileMenuPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const auth = useAuth();
  const navigate = useNavigate();
  const studies = useCurrentStudies(STUDY_DROPDOWN_COUNT);
  const close = onClose;
  useFocusTrap(panelRef, true, close);

  useEffect(() => {
    const prev = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const mq = window.matchMedia('(min-width: 769px)');
    const onWide = () => mq.matches && close();
    mq.addEventListener('change', onWide);
    return () => {
      document.body.style.overflow = prev;
      mq.removeEventListener('change', onWide);
    };
  }, [close]);

  // Any link followed inside the panel closes it.
  const onPanelClick = (e: MouseEvent) => {
    if ((e.target as HTMLElement).closest('a')) close();
  };

  const logout = async () => {
    close();
    await auth.logout();
    toast.info(t('nav.loggedOut'));
    navigate('/');
  };

  return (
    <div className="mobile-menu" id="mobile-menu">
      <div className="mobile-menu__backdrop" onClick={close} aria-hidden="true" />
      <div
        ref={panelRef}
        className="mobile-menu__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onClick={onPanelClick}
      >
        <div className="mobile-menu__head">
          <h2 id={titleId} className="mobile-menu__title">
            {t('nav.mobileMenu')}
          </h2>
          <button type="button" className="icon-button" onClick={close} aria-label={t('nav.closeMenu')}>
            ×
          </button>
        </div>
        {auth.user && (
          <div className="mobile-menu__user">
            <Avatar name={auth.user.name} src={auth.user.profileImage} size={40} />
            <div>
              <strong>{auth.user.name}</strong>
              <div className="muted">{auth.user.email}</div>
            </div>
          </div>
        )}
        <nav aria-label={t('nav.main')} className="mobile-menu__nav">
          <NavLink to="/whoweare">{t('nav.whoweare')}</NavLink>
          <NavLink to="/study" end>
            {t('nav.study')}
          </NavLink>
          {(studies.data ?? []).slice(0, STUDY_DROPDOWN_COUNT).map((s) => (
            <Link key={s.id} to={studyPath(s)} className="mobile-menu__sub">
              {s.title}
            </Link>
          ))}
          <NavLink to="/project">{t('nav.project')}</NavLink>
          <QueryDailyLink className="" />
          <NavLink to="/ignition/navigator">{t('nav.jobs')}</NavLink>
          <NavLink to="/lab">{t('nav.lab')}</NavLink>
        </nav>
        <div className="mobile-menu__account">
          {auth.user ? (
            <>
              <Link to="/users/me" className="btn btn-secondary">
                {t('nav.profile')}
              </Link>
              <Link to="/users/me/edit" className="btn btn-secondary">
                {t('nav.settings')}
              </Link>
              {isAdminUser(auth.user) && (
                <Link to="/admin" className="btn btn-secondary">
                  {t('nav.admin')}
                </Link>
              )}
              <button type="button" className="btn btn-ghost" onClick={() => void logout()}>
                {t('common.logout')}
              </button>
            </>
          ) : (
            <>
              <Link to="/signup" className="btn btn-primary">
                {t('nav.joinus')}
              </Link>
              <Link to="/login" className="btn btn-secondary">
                {t('common.login')}
              </Link>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
