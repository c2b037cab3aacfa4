/** The parts of the project page: positions with their apply buttons, stack by category, facts, team. */
import { TECH_CATEGORIES, type Project, type ProjectPosition } from '@moim/contract';
import { useTranslation } from '../../../shared/i18n';
import { Avatar } from '../../../shared/ui/avatar';
import { formatDate } from '../../../shared/lib/format';
import '../projects.css';
import './detail.css';

/** Rich text the server sanitized before storing it (the one place this feature renders HTML). */
export function ProjectProse({ html }: { html: string }) {
  return <div className="prose pj-prose" dangerouslySetInnerHTML={{ __html: html }} />;
}

export function PositionsSection({
  project,
  canApply,
  onApply,
}: {
  project: Project;
  /** false hides the buttons (owner, member, pending application, not recruiting) */
  canApply: boolean;
  onApply: (position: ProjectPosition) => void;
}) {
  const { t } = useTranslation('projects');
  return (
    <section className="pj-section" aria-labelledby="pj-positions">
      <h2 id="pj-positions" className="pj-h2">
        {t('detail.positions')}
      </h2>
      <ul className="pj-positions">
        {project.positions.map((p) => {
          const full = p.filledCount >= p.requiredCount;
          return (
            <li key={p.id} className={`pj-position card ${full ? 'is-full' : ''}`}>
              <div className="pj-position__head">
                <h3 className="pj-position__name">{p.name}</h3>
                <span className={`pj-badge ${full ? 'pj-badge--muted' : 'pj-badge--open'}`}>
                  {full ? t('detail.filled') : t('detail.open')}
                </span>
                <span className="pj-position__seats" aria-label={t('detail.seats', { filled: p.filledCount, required: p.requiredCount })}>
                  <span className="pj-seats" aria-hidden="true">
                    {Array.from({ length: p.requiredCount }, (_, i) => (
                      <span key={i} className={i < p.filledCount ? 'is-taken' : ''} />
                    ))}
                  </span>
                  {t('detail.seats', { filled: p.filledCount, required: p.requiredCount })}
                </span>
              </div>
              <dl className="pj-position__skills">
                <dt>{t('detail.required')}</dt>
                <dd>
                  <ul className="pj-chips">
                    {p.requiredSkills.map((s) => (
                      <li key={s} className="pj-chip pj-chip--strong">
                        {s}
                      </li>
                    ))}
                  </ul>
                </dd>
                {p.preferredSkills.length > 0 && (
                  <>
                    <dt>{t('detail.preferred')}</dt>
                    <dd>
                      <ul className="pj-chips">
                        {p.preferredSkills.map((s) => (
                          <li key={s} className="pj-chip">
                            {s}
                          </li>
                        ))}
                      </ul>
                    </dd>
                  </>
                )}
              </dl>
              {p.responsibilities && (
                <p className="pj-position__resp">
                  <span className="visually-hidden">{t('detail.responsibilities')}: </span>
                  {p.responsibilities}
                </p>
              )}
              {canApply && p.open && (
                <button type="button" className="btn btn-primary pj-position__apply" onClick={() => onApply(p)}>
                  {t('detail.applyTo', { position: p.name })}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function StackSection({ project }: { project: Project }) {
  const { t } = useTranslation('projects');
  if (project.techStack.length === 0) return null;
  return (
    <section className="pj-section" aria-labelledby="pj-stack">
      <h2 id="pj-stack" className="pj-h2">
        {t('detail.stack')}
      </h2>
      <dl className="pj-stack">
        {TECH_CATEGORIES.filter((c) => project.techStack.some((s) => s.category === c)).map((c) => (
          <div key={c} className="pj-stack__row">
            <dt>{t(`category.${c}`)}</dt>
            <dd>
              <ul className="pj-chips">
                {project.techStack
                  .filter((s) => s.category === c)
                  .map((s) => (
                    <li key={s.name} className="pj-chip">
                      {s.name}
                    </li>
                  ))}
              </ul>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function FactsSection({ project: p }: { project: Project }) {
  const { t, i18n } = useTranslation('projects');
  const facts: [string, string][] = [
    [t('detail.deadline'), p.recruitmentDeadline ? formatDate(p.recruitmentDeadline, i18n.language) : t('detail.noDeadline')],
    ...(p.startDate ? [[t('detail.start'), formatDate(p.startDate, i18n.language)] as [string, string]] : []),
    ...(p.expectedDuration ? [[t('detail.duration'), p.expectedDuration] as [string, string]] : []),
    [t('detail.meeting'), t(`meeting.${p.meeting.type}`)],
    ...(p.meeting.frequency ? [[t('detail.frequency'), p.meeting.frequency] as [string, string]] : []),
    ...(p.meeting.region ? [[t('detail.region'), p.meeting.region] as [string, string]] : []),
    ...(p.collaborationTools.length ? [[t('detail.tools'), p.collaborationTools.join(', ')] as [string, string]] : []),
    ...(p.compensation ? [[t('detail.compensation'), p.compensation] as [string, string]] : []),
  ];
  return (
    <section className="pj-section" aria-labelledby="pj-facts">
      <h2 id="pj-facts" className="pj-h2">
        {t('detail.schedule')}
      </h2>
      <dl className="pj-facts">
        {facts.map(([k, v]) => (
          <div key={k} className="pj-facts__row">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function TeamSection({ project }: { project: Project }) {
  const { t } = useTranslation('projects');
  return (
    <section className="pj-section" aria-labelledby="pj-team">
      <h2 id="pj-team" className="pj-h2">
        {t('detail.team')} <span className="muted">{project.memberCount}</span>
      </h2>
      <ul className="pj-team">
        {project.members.map((m) => (
          <li key={m.user.id} className="pj-team__member">
            <Avatar name={m.user.name} src={m.user.profileImage} size={40} />
            <span>
              <span className="pj-team__name">{m.user.name}</span>
              <span className="muted pj-team__role">{m.position ? m.position.name : t(`role.${m.role}`)}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function LinksCard({ project: p }: { project: Project }) {
  const { t } = useTranslation('projects');
  const links = (
    [
      ['repository', p.links.repository],
      ['demo', p.links.demo],
      ['contact', p.links.contact],
    ] as const
  ).filter(([, href]) => href);
  if (links.length === 0) return null;
  return (
    <section className="pj-side card" aria-labelledby="pj-links">
      <h2 id="pj-links" className="pj-side__title">
        {t('detail.links')}
      </h2>
      <ul className="pj-links">
        {links.map(([k, href]) => (
          <li key={k}>
            <a href={href!} target={href!.startsWith('mailto:') ? undefined : '_blank'} rel="noopener noreferrer">
              {t(`detail.${k}`)}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
