/** /studio: the writing-assistant studio's landing. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../shared/ui/icons';

const TOOLS: Array<{ key: string; icon: IconName; to?: string }> = [
  { key: 'documentor', icon: 'pen', to: '/studio/documentor' },
  { key: 'review', icon: 'check' },
  { key: 'resume', icon: 'rocket' },
];

export default function StudioHomePage() {
  const { t } = useTranslation('studio');
  return (
    <>
      <section className="studio-hero">
        <div className="container">
          <p className="studio-hero__eyebrow">MOIM STUDIO</p>
          <h1>{t('home.title')}</h1>
          <p className="studio-hero__lead">{t('home.lead')}</p>
          <Link to="/studio/documentor" className="btn btn-primary btn-lg">
            {t('home.cta')}
          </Link>
        </div>
      </section>
      <div className="container studio-tools">
        {TOOLS.map((tool) => (
          <article key={tool.key} className="card studio-tool">
            <span className="pillar__icon">
              <Icon name={tool.icon} />
            </span>
            <h2>{t(`home.tools.${tool.key}.title`)}</h2>
            <p className="muted">{t(`home.tools.${tool.key}.body`)}</p>
            {tool.to ? (
              <Link to={tool.to} className="btn btn-secondary btn-sm">
                {t('home.open')}
              </Link>
            ) : (
              <span className="badge">{t('home.soon')}</span>
            )}
          </article>
        ))}
      </div>
    </>
  );
}
