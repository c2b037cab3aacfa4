/**
 * The frame a SPEC §2 route shows until the feature that owns it lands (see app/router.tsx):
 * what the section will offer and where to go meanwhile.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../shared/ui/icons';
import './coming-soon.css';

const ICONS: Record<string, IconName> = {
  study: 'book',
  studyPropose: 'pen',
  studyApply: 'check',
  studyManage: 'users',
  studyReview: 'pen',
  studyDetail: 'book',
  calendar: 'calendar',
  project: 'tools',
  lab: 'flask',
  payment: 'shield',
};

export default function ComingSoonPage({ section }: { section: string }) {
  const { t } = useTranslation('coming-soon');
  const key = ICONS[section] ? section : 'study';
  return (
    <section className="container soon" aria-labelledby="soon-title" data-testid="coming-soon" data-section={section}>
      <span className="soon__icon">
        <Icon name={ICONS[key]!} size={32} />
      </span>
      <p className="soon__badge">{t('badge')}</p>
      <h1 id="soon-title">{t(`sections.${key}.title`)}</h1>
      <p className="soon__body">{t(`sections.${key}.body`)}</p>
      <div className="row soon__actions">
        <Link to="/" className="btn btn-primary">
          {t('home')}
        </Link>
        <Link to="/whoweare" className="btn btn-secondary">
          {t('about')}
        </Link>
      </div>
    </section>
  );
}
