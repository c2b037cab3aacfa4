/** A project in the list: type, status and D-day badges, name, pitch, open positions, stack, owner and counts. */
import type { ProjectSummary } from '@moim/contract';
import { useTranslation } from '../../../shared/i18n';
import { Link } from 'react-router';
import { Avatar } from '../../../shared/ui/avatar';
import { projectPath } from '../lib/paths';
import { DdayBadge, StatusBadge, TypeBadge } from './badges';
import '../projects.css';
import './project-card.css';

const MAX_POSITIONS = 3;
const MAX_STACK = 5;

export function ProjectCard({ project: p, now }: { project: ProjectSummary; now: Date }) {
  const { t } = useTranslation('projects');
  const open = p.positions.filter((x) => x.open);
  const shown = (open.length > 0 ? open : p.positions).slice(0, MAX_POSITIONS);
  const hidden = (open.length > 0 ? open : p.positions).length - shown.length;
  return (
    <article className="pj-card card" aria-labelledby={`pj-card-${p.id}`}>
      <div className="pj-card__badges">
        <TypeBadge type={p.type} />
        <StatusBadge status={p.status} />
        <DdayBadge deadline={p.recruitmentDeadline} status={p.status} now={now} />
      </div>
      <h2 id={`pj-card-${p.id}`} className="pj-card__title">
        <Link to={projectPath(p.slug)} className="pj-card__link" data-user-content="">
          {p.name}
        </Link>
      </h2>
      {p.tagline && (
        <p className="pj-card__tagline" data-user-content="">
          {p.tagline}
        </p>
      )}
      <div className="pj-card__positions">
        <h3 className="visually-hidden">{t('card.positions')}</h3>
        {p.acceptingApplications && open.length === 0 ? (
          <p className="muted pj-card__none">{t('card.noOpen')}</p>
        ) : (
          <ul>
            {shown.map((x) => (
              <li key={x.id} className={x.open ? 'is-open' : 'is-full'}>
                <span className="pj-card__pos-name" data-user-content="">
                  {x.name}
                </span>
                <span className="pj-card__pos-left">
                  {x.open
                    ? t('card.remaining', { left: x.requiredCount - x.filledCount, count: x.requiredCount - x.filledCount })
                    : t('card.full')}
                </span>
              </li>
            ))}
            {hidden > 0 && <li className="muted">{t('card.morePositions', { count: hidden })}</li>}
          </ul>
        )}
      </div>
      {p.techStack.length > 0 && (
        <ul className="pj-chips" aria-label={t('detail.stack')}>
          {p.techStack.slice(0, MAX_STACK).map((s) => (
            <li key={s.name} className="pj-chip">
              {s.name}
            </li>
          ))}
          {p.techStack.length > MAX_STACK && <li className="pj-chip pj-chip--more">+{p.techStack.length - MAX_STACK}</li>}
        </ul>
      )}
      <footer className="pj-card__foot">
        <span className="pj-card__owner">
          <Avatar name={p.owner.name} src={p.owner.profileImage} size={24} />
          <span>
            <span className="visually-hidden">{t('card.owner')} </span>
            <span data-user-content="">{p.owner.name}</span>
          </span>
        </span>
        <span className="muted pj-card__meta">
          {t(`meeting.${p.meeting.type}`)} · {t('card.members', { count: p.memberCount })} · {t('card.views', { count: p.viewCount })}
        </span>
      </footer>
    </article>
  );
}
