/**
 * /ignition/navigator (the JOBS link): the jobs navigator's frame until its issue lands —
 * what it will do, the planned filters, and the studies that prepare for it meanwhile.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../shared/ui/page-header';
import './ignition.css';

export default function NavigatorPage() {
  const { t } = useTranslation('ignition');
  const filters = t('navigator.filters', { returnObjects: true }) as string[];
  const steps = t('navigator.steps', { returnObjects: true }) as Array<{ title: string; body: string }>;
  return (
    <>
      <PageHeader eyebrow="JOBS" title={t('navigator.title')} lead={t('navigator.lead')} />
      <div className="container page-body navigator">
        <div className="navigator__preview" aria-label={t('navigator.previewLabel')} role="img">
          <div className="navigator__filters" aria-hidden="true">
            {(Array.isArray(filters) ? filters : []).map((f) => (
              <span key={f} className="navigator__chip">
                {f}
              </span>
            ))}
          </div>
          <div className="navigator__rows" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <div key={i} className="navigator__row">
                <span />
                <span />
                <span />
              </div>
            ))}
          </div>
          <p className="navigator__badge">{t('navigator.soon')}</p>
        </div>
        <ol className="navigator__steps">
          {(Array.isArray(steps) ? steps : []).map((s, i) => (
            <li key={i}>
              <strong>{s.title}</strong>
              <span className="muted">{s.body}</span>
            </li>
          ))}
        </ol>
        <div className="row">
          <Link to="/study" className="btn btn-primary">
            {t('navigator.ctaStudies')}
          </Link>
          <Link to="/ignition" className="btn btn-secondary">
            {t('navigator.ctaIgnition')}
          </Link>
        </div>
      </div>
    </>
  );
}
