/**
 * A 1–5 rating as a native radio group (arrow keys move, one tab stop), drawn as stars.
 * Each radio's label names the score and its meaning.
 */
import { useTranslation } from '../../../shared/i18n';
import { StarIcon } from './icons';

export function RatingInput({
  value,
  onChange,
  name,
  error,
  legend,
}: {
  value: number | undefined;
  onChange: (v: number) => void;
  name: string;
  error?: string;
  legend: string;
}) {
  const { t } = useTranslation('studies');
  return (
    <fieldset className={`field st-rating ${error ? 'field--error' : ''}`} aria-describedby={error ? `${name}-err` : undefined}>
      <legend className="field__label">
        {legend}
        <span className="field__req">{t('form.required')}</span>
      </legend>
      <div className="st-rating__stars">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={`st-rating__star ${value !== undefined && n <= value ? 'is-on' : ''}`}>
            <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} className="visually-hidden" />
            <StarIcon filled={value !== undefined && n <= value} size={32} />
            <span className="visually-hidden">{t('review.ratingOption', { n, meaning: t(`review.ratingMeaning.${n}`) })}</span>
          </label>
        ))}
        <span className="st-rating__text" aria-hidden="true">
          {value ? t(`review.ratingMeaning.${value}`) : t('review.ratingPrompt')}
        </span>
      </div>
      {error && (
        <p id={`${name}-err`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
