import { ApplyCta } from '../apply-cta';
import { isGeneratedSection } from './default-sections';
import type { SectionContext, SectionOf } from './types';

export function CallToActionSection({ section, ctx }: { section: SectionOf<'callToAction'>; ctx: SectionContext }) {
  const id = `sec-${section.id}`;
  // a leader's own words are user content; the default section's are the catalogue's
  const own = isGeneratedSection(section) ? {} : { 'data-user-content': '' };
  return (
    <section className="st-section st-cta" aria-labelledby={id}>
      <h2 id={id} className="st-cta__title" {...own}>
        {section.title}
      </h2>
      {section.description && (
        <p className="st-cta__desc" {...own}>
          {section.description}
        </p>
      )}
      <ApplyCta
        study={ctx.study}
        isAuthenticated={ctx.isAuthenticated}
        label={section.buttonLabel}
        labelIsUserContent={!isGeneratedSection(section)}
      />
    </section>
  );
}
