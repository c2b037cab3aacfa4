import { useTranslation } from '../../../../shared/i18n';
import { Avatar } from '../../../../shared/ui/avatar';
import { SanitizedHtml } from './sanitized-html';
import type { SectionContext, SectionOf } from './types';

export function LeaderIntroSection({ section, ctx }: { section: SectionOf<'leaderIntro'>; ctx: SectionContext }) {
  const { t } = useTranslation('studies');
  const name = section.name || ctx.study.leader.name;
  const id = `sec-${section.id}`;
  return (
    <section className="st-section" data-user-content="" aria-labelledby={id}>
      <h2 id={id} className="st-section__title" data-user-content="">
        {section.title || t('sections.leaderIntro')}
      </h2>
      <div className="st-leader">
        {section.imageUrl ? (
          <img className="st-leader__img" src={section.imageUrl} alt="" width={88} height={88} />
        ) : (
          <Avatar name={name} src={ctx.study.leader.profileImage} size={88} />
        )}
        <div className="st-leader__body">
          <p className="st-leader__name">{name}</p>
          {section.headline && <p className="muted st-leader__headline">{section.headline}</p>}
          {ctx.study.leader.welcomeMessage && <blockquote className="st-leader__welcome">{ctx.study.leader.welcomeMessage}</blockquote>}
          {section.bioHtml && <SanitizedHtml html={section.bioHtml} />}
          {section.links.length > 0 && (
            <ul className="st-leader__links">
              {section.links.map((l) => (
                <li key={l.url}>
                  <a href={l.url} target="_blank" rel="noopener noreferrer">
                    {l.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
