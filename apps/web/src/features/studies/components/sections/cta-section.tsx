import { ApplyCta } from '../apply-cta';
import type { SectionContext, SectionOf } from './types';

export function CallToActionSection({ section, ctx }: { section: SectionOf<'callToAction'>; ctx: SectionContext }) {
  const id = `sec-${section.id}`;
  return (
    <section className="st-section st-cta" aria-labelledby={id}>
      <h2 id={id} className="st-cta__title">
        {section.title}
      </h2>
      {section.description && <p className="st-cta__desc">{section.description}</p>}
      <ApplyCta study={ctx.study} isAuthenticated={ctx.isAuthenticated} label={section.buttonLabel} />
    </section>
  );
}
