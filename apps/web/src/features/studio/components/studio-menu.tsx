/**
 * The studio header's menu below 769 px, where its navigation and account buttons do not fit:
 * a menu button (shared/ui/use-menu: the WAI-ARIA menu button pattern) with the studio's pages,
 * the way back to moim and the account (logout, or signup and login carrying the studio address).
 */
import { useTranslation } from '../../../shared/i18n';
import { Link, NavLink } from 'react-router';
import type { SessionUser } from '../../../shared/auth/types';
import { Icon } from '../../../shared/ui/icons';
import { useMenu } from '../../../shared/ui/use-menu';
import './studio-menu.css';

export function StudioMenu({ user, entryParams, onLogout }: { user: SessionUser | null; entryParams: string; onLogout: () => void }) {
  const { t } = useTranslation('studio');
  const menu = useMenu();
  const close = () => menu.close();
  return (
    <div className="studio-menu" {...menu.rootProps}>
      <button className="studio-menu__button" {...menu.buttonProps}>
        <Icon name="menu" size={20} />
        {t('menu')}
      </button>
      <div className="studio-menu__panel" {...menu.menuProps}>
        {user && (
          <p className="studio-menu__who" role="presentation" data-user-content="">
            {t('greeting', { name: user.name })}
          </p>
        )}
        <NavLink role="menuitem" className="studio-menu__item" to="/studio" end onClick={close}>
          {t('nav.home')}
        </NavLink>
        <NavLink role="menuitem" className="studio-menu__item" to="/studio/documentor" onClick={close}>
          {t('nav.documentor')}
        </NavLink>
        <Link role="menuitem" className="studio-menu__item" to="/" onClick={close}>
          {t('nav.site')}
        </Link>
        <div className="studio-menu__sep" role="separator" />
        {user ? (
          <button
            type="button"
            role="menuitem"
            className="studio-menu__item"
            onClick={() => {
              close();
              onLogout();
            }}
          >
            {t('common.logout', { ns: 'translation' })}
          </button>
        ) : (
          <>
            <Link role="menuitem" className="studio-menu__item" to={`/signup${entryParams}`} onClick={close}>
              {t('common.signup', { ns: 'translation' })}
            </Link>
            <Link role="menuitem" className="studio-menu__item" to={`/login${entryParams}`} onClick={close}>
              {t('common.login', { ns: 'translation' })}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
