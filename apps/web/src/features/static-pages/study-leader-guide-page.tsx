/** /guide/study-leader: how to lead a study on moim, step by step, ending at /study/propose. */
import { useTranslation } from '../../shared/i18n';
import { Link } from 'react-router';
import { PageHeader } from '../../shared/ui/page-header';
import './static-pages.css';

interface Step {
  title: string;
  body: string;
  tips: string[];
}

export default function StudyLeaderGuidePage() {
  const { t } = useTranslation('static-pages');
  const steps = t('guide.steps', { returnObjects: true }) as Step[];
  const faq = t('guide.faq', { returnObjects: true }) as Array<{ q: string; a: string }>;
  return (
    <>
      <PageHeader eyebrow={t('guide.eyebrow')} title={t('guide.title')} lead={t('guide.lead')}>
        <div className="row" style={{ marginTop: 'var(--space-4)' }}>
          <Link to="/study/propose" className="btn btn-primary">
            {t('guide.cta')}
          </Link>
          <Link to="/study-plan" className="btn btn-secondary">
            {t('guide.toPlan')}
          </Link>
        </div>
      </PageHeader>
      <div className="container page-body">
        <ol className="steps">
          {(Array.isArray(steps) ? steps : []).map((s, i) => (
            <li key={i} className="step">
              <span className="step__n" aria-hidden="true">
                {i + 1}
              </span>
              <div>
                <h2>{s.title}</h2>
                <p>{s.body}</p>
                {s.tips.length > 0 && (
                  <ul className="step__tips">
                    {s.tips.map((tip, j) => (
                      <li key={j}>{tip}</li>
                    ))}
                  </ul>
                )}
              </div>
            </li>
          ))}
        </ol>
        <section className="faq" aria-labelledby="faq-title">
          <h2 id="faq-title">{t('guide.faqTitle')}</h2>
          {(Array.isArray(faq) ? faq : []).map((f, i) => (
            <details key={i}>
              <summary>{f.q}</summary>
              <p>{f.a}</p>
            </details>
          ))}
        </section>
        <div className="cta-band">
          <div>
            <h2>{t('guide.finalTitle')}</h2>
            <p>{t('guide.finalBody')}</p>
          </div>
          <Link to="/study/propose" className="btn btn-primary btn-lg">
            {t('guide.cta')}
          </Link>
        </div>
      </div>
    </>
  );
}
