import { studySeats } from '@moim/contract';
import { useTranslation } from '../../../../shared/i18n';
import { formatKrw } from '../../../../shared/lib/format';
import { useLocale } from '../../lib/use-locale';
import { ApplyCta } from '../apply-cta';
import { StatusBadge } from '../status-badge';
import type { SectionContext, SectionOf } from './types';
import { ScheduleLine } from '../schedule-line';
import { SessionSpan } from '../session-span';
import { StudyCover } from '../../../../shared/ui/study-cover';
import { Link } from 'react-router';
import type { Study } from '@moim/contract';
import { useCoverPoll } from '../../api/studies-api';
import { managePath } from '../../lib/paths';
import '../../study-cover.css';

export function HeroSection({ section, ctx, primary }: { section: SectionOf<'hero'>; ctx: SectionContext; primary: boolean }) {
  const { t } = useTranslation('studies');
  const locale = useLocale();
  const { study } = ctx;
  const Heading = primary ? 'h1' : 'h2';
  const seats = studySeats(study);
  return (
    <header className={`st-hero ${ctx.flagship ? 'st-hero--flagship' : ''} ${section.imageUrl ? 'st-hero--image' : ''}`}>
      {section.imageUrl && <img className="st-hero__img" src={section.imageUrl} alt="" />}
      <div className={`st-hero__inner ${primary ? 'st-hero__inner--cover' : ''}`}>
        {primary && (
          <div className="st-hero__cover">
            <StudyCover study={study} shape="hero" priority />
            <CoverState study={study} />
          </div>
        )}
        <div className="st-hero__text">
          <div className="st-hero__badges">
            <StatusBadge study={study} />
            {section.badge && (
              <span className="badge st-hero__badge" data-user-content="">
                {section.badge}
              </span>
            )}
            {ctx.flagship && <span className="badge st-hero__badge">{t('detail.flagship')}</span>}
            <span className="badge st-hero__badge">{t('detail.generation', { n: study.generation })}</span>
          </div>
          <Heading id={primary ? 'study-title' : `sec-${section.id}`} className="st-hero__title" data-user-content="">
            {section.title}
          </Heading>
          {section.subtitle && (
            <p className="st-hero__subtitle" data-user-content="">
              {section.subtitle}
            </p>
          )}
          <dl className="st-hero__facts">
            <div>
              <dt>{t('facts.schedule')}</dt>
              <dd>
                <ScheduleLine study={study} />
              </dd>
            </div>
            <div>
              <dt>{t('facts.period')}</dt>
              <dd>
                <SessionSpan study={study} />
              </dd>
            </div>
            <div>
              <dt>{t('facts.seats')}</dt>
              <dd>{t('facts.seatsLeft', { count: seats.remaining, capacity: seats.capacity })}</dd>
            </div>
            <div>
              <dt>{t('facts.cost')}</dt>
              <dd>{study.costType === 'FREE' ? t('costType.FREE') : formatKrw(study.cost, locale)}</dd>
            </div>
          </dl>
          <div className="st-hero__cta">
            <ApplyCta study={study} isAuthenticated={ctx.isAuthenticated} />
          </div>
        </div>
      </div>
    </header>
  );
}

/**
 * The leader's (or an admin's) view of a cover being processed: a note over the cover while the
 * page polls for it (api/cover-polling.ts), a way to the manage page when it failed. Visitors see
 * the cover they see until then (the previous one, or the generated one).
 */
function CoverState({ study }: { study: Study }) {
  const { t } = useTranslation('studies');
  const poll = useCoverPoll(study);
  const mine = !!(study.viewer?.isLeader || study.viewer?.isAdmin);
  const status = study.coverImageStatus;
  return (
    <div className="st-hero__cover-state" role="status" data-testid="hero-cover-state" data-status={status}>
      {mine && status === 'PENDING' && <p>{poll === 'gave-up' ? t('manage.cover.slow') : t('detail.coverProcessing')}</p>}
      {mine && status === 'FAILED' && (
        <p>
          {t('detail.coverFailed')} <Link to={managePath(study)}>{t('cta.manage')}</Link>
        </p>
      )}
    </div>
  );
}
