/** Live progress of an analysis: SUBMITTED → (FETCHING) → ANALYZING → COMPLETED, or FAILED with a reason. */
import type { StudioAnalysis } from '@moim/contract';
import { useTranslation } from '../../../shared/i18n';
import './progress-steps.css';

const ORDER = ['SUBMITTED', 'FETCHING', 'ANALYZING', 'COMPLETED'] as const;

export function ProgressSteps({ analysis }: { analysis: Pick<StudioAnalysis, 'status' | 'source' | 'failureReason'> }) {
  const { t } = useTranslation('studio');
  const steps = ORDER.filter((s) => s !== 'FETCHING' || analysis.source === 'URL');
  const failed = analysis.status === 'FAILED';
  const current = failed ? -1 : steps.indexOf(analysis.status as (typeof ORDER)[number]);
  return (
    <div className="progress" aria-live="polite" data-testid="studio-progress" data-status={analysis.status}>
      <ol className="progress__steps">
        {steps.map((s, i) => {
          const state = failed ? 'todo' : i < current || analysis.status === 'COMPLETED' ? 'done' : i === current ? 'now' : 'todo';
          return (
            <li key={s} className={`progress__step progress__step--${state}`} aria-current={state === 'now' ? 'step' : undefined}>
              <span className="progress__dot" aria-hidden="true">
                {state === 'done' ? '✓' : i + 1}
              </span>
              <span>{t(`status.${s}`)}</span>
            </li>
          );
        })}
      </ol>
      {!failed && analysis.status !== 'COMPLETED' && (
        <p className="progress__now" role="status">
          <span className="spinner" aria-hidden="true" /> {t(`statusLong.${analysis.status}`)}
        </p>
      )}
      {failed && (
        <div className="form-message form-message--error" role="alert">
          <strong>{t('status.FAILED')}</strong> {t(`failure.${analysis.failureReason ?? 'ANALYZER_ERROR'}`)}
        </div>
      )}
    </div>
  );
}
