/** The assessment: overall score and summary, six category ratings with comments, strengths, growth points, keywords, metrics. */
import type { StudioResult } from '@moim/contract';
import { useTranslation } from '../../../shared/i18n';
import { Stars } from './stars';
import './result-summary.css';

export function ResultSummary({ result }: { result: StudioResult }) {
  const { t, i18n } = useTranslation('studio');
  const m = result.metrics;
  const num = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  return (
    <section className="result" aria-labelledby="result-title" data-testid="studio-result">
      <div className="result__overall card">
        <h2 id="result-title" className="visually-hidden">
          {t('result.title')}
        </h2>
        <div className="result__score">
          <span className="result__number">{result.overall.score.toFixed(1)}</span>
          <span className="muted">/ 5</span>
          <Stars value={result.overall.score} label={t('result.overallLabel', { score: result.overall.score.toFixed(1) })} />
        </div>
        <p className="result__summary">{result.overall.summary}</p>
        <p className="muted result__meta">
          {t('result.detected', { category: t(`purpose.${result.detectedCategory}`) })} ·{' '}
          {t('result.metrics', { words: num(m.words), sentences: num(m.sentences), minutes: m.readingMinutes })} ·{' '}
          {t(m.readabilityScale === 'MOIM_KO' ? 'result.readabilityKo' : 'result.readabilityEn', { value: m.readability })}
        </p>
        {result.fallbackReason && <p className="form-message form-message--info">{t('result.fallback')}</p>}
      </div>
      <ul className="result__ratings" aria-label={t('result.ratings')}>
        {result.ratings.map((r) => (
          <li key={r.category} className="card rating" data-category={r.category}>
            <div className="rating__head">
              <h3>{t(`rating.${r.category}`)}</h3>
              <Stars value={r.score} label={t('result.starsLabel', { score: r.score })} />
            </div>
            <p>{r.comment}</p>
          </li>
        ))}
      </ul>
      <div className="result__lists">
        {result.strengths.length > 0 && (
          <div className="card">
            <h3>{t('result.strengths')}</h3>
            <ul>
              {result.strengths.map((s, i) => (
                <li key={i}>{s}</li>
              ))}
            </ul>
          </div>
        )}
        {result.growthPoints.length > 0 && (
          <div className="card">
            <h3>{t('result.growth')}</h3>
            <ul>
              {result.growthPoints.map((s, i) => (
                <li key={i}>{s}</li>
              ))}
            </ul>
          </div>
        )}
        {result.keywords.length > 0 && (
          <div className="card">
            <h3>{t('result.keywords')}</h3>
            <ul className="chips">
              {result.keywords.map((k) => (
                <li key={k} className="badge">
                  {k}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}
