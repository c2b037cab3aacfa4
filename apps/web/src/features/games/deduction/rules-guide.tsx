/** The three-step rules guide (with the round-cap rule), shown on the intro and from the board. */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import './rules-guide.css';

const STEPS = ['deal', 'guess', 'win'] as const;

export function RulesGuide() {
  const { t } = useTranslation('deduction');
  const [step, setStep] = useState(0);
  const id = STEPS[step]!;
  return (
    <section className="card ded-rules" aria-labelledby="ded-rules-title" data-testid="ded-rules">
      <h2 id="ded-rules-title">{t('rules.title')}</h2>
      <ol className="ded-rules__steps" aria-label={t('rules.stepsLabel')}>
        {STEPS.map((s, i) => (
          <li key={s}>
            <button
              type="button"
              className={i === step ? 'is-active' : undefined}
              aria-current={i === step ? 'step' : undefined}
              onClick={() => setStep(i)}
            >
              <span aria-hidden="true">{i + 1}</span> {t(`rules.${s}.short`)}
            </button>
          </li>
        ))}
      </ol>
      <div className="ded-rules__body" aria-live="polite">
        <h3>{t(`rules.${id}.title`)}</h3>
        <p>{t(`rules.${id}.body`)}</p>
        {id === 'win' && <p className="ded-rules__cap">{t('rules.win.cap')}</p>}
      </div>
      <div className="row ded-rules__nav">
        <button type="button" className="btn btn-ghost" disabled={step === 0} onClick={() => setStep(step - 1)}>
          {t('rules.prev')}
        </button>
        <button type="button" className="btn btn-ghost" disabled={step === STEPS.length - 1} onClick={() => setStep(step + 1)}>
          {t('rules.next')}
        </button>
      </div>
    </section>
  );
}
