import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export default function HomePage() {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="home-title">
      <div className="container stack">
        <h1 id="home-title" style={{ fontSize: 'var(--text-3xl)' }}>
          {t('home.title')}
        </h1>
        <p className="muted" style={{ fontSize: 'var(--text-lg)', maxWidth: 640 }}>
          {t('home.lead')}
        </p>
        <div className="row">
          <Link className="btn btn-primary" to="/study">
            {t('home.ctaStudy')}
          </Link>
          <Link className="btn btn-secondary" to="/signup">
            {t('home.ctaJoin')}
          </Link>
        </div>
      </div>
    </section>
  );
}
