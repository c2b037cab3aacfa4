import { useTranslation } from '../../shared/i18n';
import { NavLink } from 'react-router';

/** Switch between the three presentations of the team. */
export function WhoWeAreNav() {
  const { t } = useTranslation('whoweare');
  return (
    <nav className="whoweare-nav segmented" aria-label={t('views')}>
      <NavLink to="/whoweare" end>
        {t('viewMain')}
      </NavLink>
      <NavLink to="/whoweare-original">{t('viewGrid')}</NavLink>
      <NavLink to="/whoweare-hybrid-archive">{t('viewArchive')}</NavLink>
    </nav>
  );
}
