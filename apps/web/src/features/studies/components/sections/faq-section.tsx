import { useTranslation } from '../../../../shared/i18n';
import { ChevronIcon } from '../icons';
import { SanitizedHtml } from './sanitized-html';
import type { SectionOf } from './types';

/** Native <details>/<summary>: a disclosure every browser and screen reader already knows. */
export function FaqSection({ section }: { section: SectionOf<'faq'> }) {
  const { t } = useTranslation('studies');
  const id = `sec-${section.id}`;
  return (
    <section className="st-section" data-user-content="" aria-labelledby={id}>
      <h2 id={id} className="st-section__title" data-user-content="">
        {section.title || t('sections.faq')}
      </h2>
      <div className="st-faq">
        {section.items.map((item, i) => (
          <details key={i} className="st-faq__item">
            <summary>
              <span>{item.question}</span>
              <ChevronIcon dir="down" />
            </summary>
            <SanitizedHtml html={item.answerHtml} className="st-faq__answer" />
          </details>
        ))}
      </div>
    </section>
  );
}
