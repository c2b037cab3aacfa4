/** /ignition/navigator-v1-deprecated: the old navigator moved; point to the new one. */
import { useTranslation } from '../../shared/i18n';
import { Link } from 'react-router';
import './ignition.css';

export default function NavigatorDeprecatedPage() {
  const { t } = useTranslation('job-postings');
  return (
    <section className="container moved" aria-labelledby="moved-title">
      <p className="badge badge--accent">{t('deprecated.badge')}</p>
      <h1 id="moved-title">{t('deprecated.title')}</h1>
      <p className="muted">{t('deprecated.body')}</p>
      <Link to="/ignition/navigator" className="btn btn-primary btn-lg" data-testid="to-navigator">
        {t('deprecated.cta')}
      </Link>
    </section>
  );
}
