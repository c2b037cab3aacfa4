import { useTranslation } from '../../../../shared/i18n';
import type { SectionOf } from './types';

export function JourneySection({ section }: { section: SectionOf<'journey'> }) {
  const { t } = useTranslation('studies');
  const id = `sec-${section.id}`;
  return (
    <section className="st-section" data-user-content="" aria-labelledby={id}>
      <h2 id={id} className="st-section__title" data-user-content="">
        {section.title || t('sections.journey')}
      </h2>
      <ol className="st-journey">
        {section.steps.map((s, i) => (
          <li key={i} className="st-journey__step">
            <span className="st-journey__label">{s.label}</span>
            <div>
              <h3 className="st-journey__title">{s.title}</h3>
              {s.description && <p className="muted">{s.description}</p>}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
