import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="page" aria-labelledby="nf-title">
      <div className="container state">
        <p className="badge">404</p>
        <h1 id="nf-title">{t('errors.notFoundTitle')}</h1>
        <p>{t('errors.notFoundBody')}</p>
        <div className="row">
          <Link className="btn btn-primary" to="/">
            {t('common.home')}
          </Link>
          <button type="button" className="btn btn-secondary" onClick={() => navigate(-1)}>
            {t('common.back')}
          </button>
        </div>
      </div>
    </section>
  );
}
