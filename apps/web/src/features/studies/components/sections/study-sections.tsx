import type { StudyPageSection } from '@moim/contract';
import { CallToActionSection } from './cta-section';
import { FaqSection } from './faq-section';
import { HeroSection } from './hero-section';
import { HowWeRollSection } from './how-we-roll-section';
import { JourneySection } from './journey-section';
import { LeaderIntroSection } from './leader-intro-section';
import { MembersSection } from './members-section';
import { ReviewsSection } from './reviews-section';
import { RichTextSection } from './rich-text-section';
import type { SectionContext } from './types';

/** Renders the leader-composed sections in order; the first hero carries the page's h1. */
export function StudySections({ sections, ctx }: { sections: StudyPageSection[]; ctx: SectionContext }) {
  const firstHero = sections.findIndex((s) => s.type === 'hero');
  return (
    <>
      {sections.map((s, i) => {
        switch (s.type) {
          case 'hero':
            return <HeroSection key={s.id} section={s} ctx={ctx} primary={i === firstHero} />;
          case 'richText':
            return <RichTextSection key={s.id} section={s} />;
          case 'leaderIntro':
            return <LeaderIntroSection key={s.id} section={s} ctx={ctx} />;
          case 'howWeRoll':
            return <HowWeRollSection key={s.id} section={s} />;
          case 'journey':
            return <JourneySection key={s.id} section={s} />;
          case 'faq':
            return <FaqSection key={s.id} section={s} />;
          case 'members':
            return <MembersSection key={s.id} section={s} ctx={ctx} />;
          case 'reviews':
            return <ReviewsSection key={s.id} section={s} ctx={ctx} />;
          case 'callToAction':
            return <CallToActionSection key={s.id} section={s} ctx={ctx} />;
          default:
            return null;
        }
      })}
    </>
  );
}
