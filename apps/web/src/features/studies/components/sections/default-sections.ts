import type { Study, StudyPageSection } from '@moim/contract';
import type { TFunction } from '../../../../shared/i18n';

/** Sections written here from the catalogue (product text), not by a leader (user content). */
const generated = new WeakSet<StudyPageSection>();
export const isGeneratedSection = (s: StudyPageSection) => generated.has(s);

/** The page a study shows before its leader composes one: hero, leader, members, reviews, call to action. */
export function defaultSections(study: Study, t: TFunction<'studies'>): StudyPageSection[] {
  const sections: StudyPageSection[] = [
    { id: 'hero', type: 'hero', title: study.title, subtitle: study.tagline || undefined },
    { id: 'leader', type: 'leaderIntro', bioHtml: '', links: [] },
    { id: 'members', type: 'members', showAttendance: false },
  ];
  if (study.status === 'IN_PROGRESS' || study.status === 'COMPLETED') sections.push({ id: 'reviews', type: 'reviews', limit: 6 });
  const cta: StudyPageSection = {
    id: 'cta',
    type: 'callToAction',
    title: t('detail.ctaTitle'),
    description: t('detail.ctaDescription'),
    buttonLabel: t('cta.apply'),
  };
  generated.add(cta);
  sections.push(cta);
  return sections;
}

/** A composed page without a hero still gets one (it carries the page's h1). */
export function withHero(study: Study, sections: StudyPageSection[]): StudyPageSection[] {
  if (sections.some((s) => s.type === 'hero')) return sections;
  return [{ id: 'hero-auto', type: 'hero', title: study.title, subtitle: study.tagline || undefined }, ...sections];
}
