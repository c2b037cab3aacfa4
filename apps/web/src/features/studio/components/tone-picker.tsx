/** The reviewer tone: six radio cards, each with a sample line of how that reviewer talks. */
import { STUDIO_TONES, type StudioTone } from '@moim/contract';
import { useTranslation } from '../../../shared/i18n';
import './tone-picker.css';

export function TonePicker({ value, onChange, name }: { value: StudioTone; onChange: (t: StudioTone) => void; name: string }) {
  const { t } = useTranslation('studio');
  return (
    <fieldset className="tone-picker">
      <legend className="field__label">{t('form.tone')}</legend>
      <div className="tone-picker__grid">
        {STUDIO_TONES.map((tone) => (
          <label key={tone} className={`tone-card${value === tone ? ' tone-card--on' : ''}`}>
            <input
              type="radio"
              name={name}
              value={tone}
              checked={value === tone}
              onChange={() => onChange(tone)}
              className="visually-hidden"
            />
            <span className="tone-card__name">
              {t(`tone.${tone}.name`)}
              {tone === 'WARM_MENTOR' && <span className="badge tone-card__default">{t('tone.default')}</span>}
            </span>
            <span className="tone-card__sample">“{t(`tone.${tone}.sample`)}”</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
