/** One posting in a list: title (matches highlighted), company, facts, D-day, match, skills, bookmark. */
import type { JobPostingSummary } from '@moim/contract';
import { useTranslation } from '../../../shared/i18n';
import { Link, useSearchParams } from 'react-router';
import { deadlineLabel, formatExperience, formatSalary } from '../lib/format';
import { useLocale } from '../lib/use-locale';
import { DeadlineBadge, MatchBadge } from './badges';
import { BookmarkButton } from './bookmark-button';
import { HighlightText } from './highlight-text';
import './posting-card.css';

export function PostingCard({ posting: p, query, now }: { posting: JobPostingSummary; query: string; now: Date }) {
  const { t } = useTranslation('job-postings');
  const locale = useLocale();
  const [params] = useSearchParams();
  const open = new URLSearchParams(params);
  open.set('jobId', p.id);
  const salary = formatSalary(p.salaryMin, p.salaryMax, t, locale);
  const matched = new Set([...(p.match?.required.matched ?? []), ...(p.match?.preferred.matched ?? [])]);
  const skills = [...p.requiredSkills, ...p.preferredSkills].slice(0, 6);
  return (
    <article className={`jn-card${p.active ? '' : ' jn-card--closed'}`} aria-labelledby={`job-${p.id}`}>
      <div className="jn-card__top">
        <p className="jn-card__company" data-user-content="">
          <HighlightText text={p.company.name} query={query} />
        </p>
        <div className="jn-card__badges">
          <MatchBadge match={p.match} />
          <DeadlineBadge label={deadlineLabel(p, t, now)} />
        </div>
      </div>
      <h3 className="jn-card__title" id={`job-${p.id}`}>
        <Link to={{ search: `?${open.toString()}` }} className="jn-card__link" data-testid="posting-link">
          {/* imported content: the posting's own title */}
          <span data-user-content="">
            <HighlightText text={p.title} query={query} />
          </span>
        </Link>
      </h3>
      <ul className="jn-facts" aria-label={t('card.facts')}>
        <li>{formatExperience(p, t)}</li>
        <li>{t(`employment.${p.employmentType}`)}</li>
        <li>{t(`workMode.${p.workMode}`)}</li>
        {p.location && <li data-user-content="">{p.location}</li>}
        {salary && <li>{salary}</li>}
      </ul>
      <div className="jn-card__bottom">
        <ul className="jn-skills" aria-label={t('card.skills')}>
          {skills.map((s) => (
            <li key={s.id} className={matched.has(s.id) ? 'jn-skill jn-skill--have' : 'jn-skill'}>
              {matched.has(s.id) && <span className="visually-hidden">{t('card.haveSkill')} </span>}
              {s.name}
            </li>
          ))}
        </ul>
        <BookmarkButton postingId={p.id} bookmarked={p.bookmarked} title={p.title} />
      </div>
    </article>
  );
}
