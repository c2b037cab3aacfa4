/** The signed-in user's menu: profile, settings, (admin), logout. */
import { useTranslation } from '../../shared/i18n';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../../shared/auth/auth-provider';
import { isAdminUser, type SessionUser } from '../../shared/auth/types';
import { toast } from '../../shared/toast/toast';
import { Avatar } from '../../shared/ui/avatar';
import { useMenu } from '../../shared/ui/use-menu';

export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const navigate = useNavigate();
  const menu = useMenu();
  const logout = async () => {
    menu.close();
    await auth.logout();
    toast.info(t('nav.loggedOut'));
    navigate('/');
  };
  return (
    <div className="nav-menu nav-menu--end" {...menu.rootProps}>
      <button className="user-button" data-user-content="" {...menu.buttonProps} aria-label={t('nav.userMenu', { name: user.name })}>
        <Avatar name={user.name} src={user.profileImageStatus === 'PENDING' ? null : user.profileImage} size={30} />
        <span className="user-button__name">{user.name}</span>
      </button>
      <div className="nav-menu__panel" {...menu.menuProps}>
        <div className="nav-menu__who" role="presentation" data-user-content="">
          <strong>{user.name}</strong>
          <span className="muted">{user.email}</span>
        </div>
        <div className="nav-menu__sep" role="separator" />
        <Link role="menuitem" className="nav-menu__item" to="/users/me" onClick={() => menu.close()}>
          {t('nav.profile')}
        </Link>
        <Link role="menuitem" className="nav-menu__item" to="/users/me/edit" onClick={() => menu.close()}>
          {t('nav.settings')}
        </Link>
        {isAdminUser(user) && (
          <Link role="menuitem" className="nav-menu__item" to="/admin" onClick={() => menu.close()}>
            {t('nav.admin')}
          </Link>
        )}
        <div className="nav-menu__sep" role="separator" />
        <button type="button" role="menuitem" className="nav-menu__item" onClick={() => void logout()}>
          {t('common.logout')}
        </button>
      </div>
    </div>
  );
}
export default UserMenu;
