import { studySeats } from '@moim/contract';
import { useTranslation } from 'react-i18next';
import { formatKrw, formatShortDate } from '../../../../shared/lib/format';
import { useLocale } from '../../lib/use-locale';
import { ApplyCta } from '../apply-cta';
import { StatusBadge } from '../status-badge';
import type { SectionContext, SectionOf } from './types';
import { ScheduleLine } from '../schedule-line';
import { StudyCover } from '../../../../shared/ui/study-cover';
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
        {primary && <StudyCover study={study} shape="hero" priority className="st-hero__cover" />}
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
                {formatShortDate(study.startDate, locale)} – {formatShortDate(study.endDate, locale)}
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
