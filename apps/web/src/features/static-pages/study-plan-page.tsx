/** /study-plan: how a moim study season runs, week by week, and what each role does. */
import { useTranslation } from '../../shared/i18n';
import { Link } from 'react-router';
import { PageHeader } from '../../shared/ui/page-header';
import './static-pages.css';

export default function StudyPlanPage() {
  const { t } = useTranslation('static-pages');
  const phases = t('plan.phases', { returnObjects: true }) as Array<{ when: string; title: string; body: string }>;
  const roles = t('plan.roles', { returnObjects: true }) as Array<{ title: string; items: string[] }>;
  return (
    <>
      <PageHeader eyebrow={t('plan.eyebrow')} title={t('plan.title')} lead={t('plan.lead')} />
      <div className="container page-body">
        <ol className="timeline">
          {(Array.isArray(phases) ? phases : []).map((p, i) => (
            <li key={i}>
              <span className="timeline__when">{p.when}</span>
              <div>
                <h2>{p.title}</h2>
                <p>{p.body}</p>
              </div>
            </li>
          ))}
        </ol>
        <div className="roles">
          {(Array.isArray(roles) ? roles : []).map((r, i) => (
            <section key={i} className="card">
              <h2>{r.title}</h2>
              <ul>
                {r.items.map((it, j) => (
                  <li key={j}>{it}</li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        <div className="row" style={{ marginTop: 'var(--space-6)' }}>
          <Link to="/study" className="btn btn-primary">
            {t('plan.ctaStudies')}
          </Link>
          <Link to="/guide/study-leader" className="btn btn-secondary">
            {t('plan.ctaGuide')}
          </Link>
        </div>
      </div>
    </>
  );
}
