import { SanitizedHtml } from './sanitized-html';
import type { SectionOf } from './types';

export function RichTextSection({ section }: { section: SectionOf<'richText'> }) {
  return (
    <section className="st-section" data-user-content="" aria-labelledby={section.title ? `sec-${section.id}` : undefined}>
      {section.title && (
        <h2 id={`sec-${section.id}`} className="st-section__title" data-user-content="">
          {section.title}
        </h2>
      )}
      <SanitizedHtml html={section.html} />
    </section>
  );
}
