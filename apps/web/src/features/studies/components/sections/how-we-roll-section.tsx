import { useTranslation } from '../../../../shared/i18n';
import type { SectionOf } from './types';

export function HowWeRollSection({ section }: { section: SectionOf<'howWeRoll'> }) {
  const { t } = useTranslation('studies');
  const id = `sec-${section.id}`;
  return (
    <section className="st-section" data-user-content="" aria-labelledby={id}>
      <h2 id={id} className="st-section__title" data-user-content="">
        {section.title || t('sections.howWeRoll')}
      </h2>
      <ul className="st-roll">
        {section.items.map((item, i) => (
          <li key={i} className="st-roll__item">
            {item.icon && (
              <span className="st-roll__icon" aria-hidden="true">
                {item.icon}
              </span>
            )}
            <h3 className="st-roll__title">{item.title}</h3>
            <p className="muted">{item.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
