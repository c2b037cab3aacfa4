/**
 * The landing page: intro (the header turns fixed once it scrolls away), what moim offers, the
 * current studies from the server, the lab's games, the daily-questions service and calls to
 * action for members-to-be and study leaders.
 */
import { STUDY_DROPDOWN_COUNT, studySeats } from '@moim/contract';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useDeferredValue } from 'react';
import { useTranslation } from '../../shared/i18n';
import { Link } from 'react-router';
import { useAuth } from '../../shared/auth/auth-provider';
import { useIntroRef } from '../../shared/shell/intro';
import { canApplyNow, studyPath, useCurrentStudies, type StudyPreview } from '../../shared/shell/current-studies';
import type { ScheduleLineProps } from '../../shared/ui/schedule-line';
import { useQueryDailyUrl } from '../../shared/shell/public-config';
import { lazyChunk } from '../../shared/chunk/lazy-page';
import { QuietBoundary } from '../../shared/ui/error-boundary';
import { Icon, type IconName } from '../../shared/ui/icons';
import { markUserValue } from '../../shared/ui/user-value';
import { formatCount } from '../../shared/lib/format-count';
import { LazyStudyCover as StudyCover } from '../../shared/ui/study-cover-lazy';
import './home.css';
import { useAsPrerendered } from '../../shared/lib/use-as-prerendered';
import { recruitingCountQuery, weeklyTopQuery } from './api';

const PILLARS = [
  { key: 'study', to: '/study', icon: 'book' },
  { key: 'project', to: '/project', icon: 'tools' },
  { key: 'lab', to: '/lab', icon: 'flask' },
  { key: 'jobs', to: '/ignition/navigator', icon: 'compass' },
] as const satisfies ReadonlyArray<{ key: string; to: string; icon: IconName }>;

const GAMES = [
  { key: 'tetris', to: '/lab/tetris', art: 'tetris' },
  { key: 'deduction', to: '/lab/deduction-game', art: 'deduction' },
  { key: 'teamShuffle', to: '/lab/team-shuffle', art: 'shuffle' },
  { key: 'spotlight', to: '/lab/spotlight-arena', art: 'spotlight' },
] as const;

// The schedule line (shared/ui/schedule-line) needs the schedule rules (shared/lib/schedule and
// the contract's, ≈ 2.5 KB gzip), and only shows with data: a chunk of its own, fetched as soon
// as this page runs, in parallel with the studies it describes (none are in the prerendered page).
const loadScheduleLine = () => import('../../shared/ui/schedule-line-chunk');
void loadScheduleLine().catch(() => undefined);
const LazyScheduleLine = lazyChunk(loadScheduleLine);
/** A skeleton's line: a non-breaking space keeps the line box of the text it stands for. */
const BLANK = '\u00a0';

function PreviewSchedule(props: ScheduleLineProps) {
  const { study, className } = props;
  // Until the chunk is in, a blank line in the same box when the study has a schedule to show:
  // the card keeps its height, and the cards after it do not move up and back down when the line
  // comes (0.009 + 0.010 of CLS on `/`, docs/rendering.md, "Fonts").
  const line = Boolean(study.schedule || (study.recurrenceType && study.scheduleDetails && study.startDate));
  const fallback =
    line && className ? (
      <span className={className} aria-hidden="true">
        {BLANK}
      </span>
    ) : null;
  return (
    <QuietBoundary>
      <Suspense fallback={fallback}>
        <LazyScheduleLine {...props} />
      </Suspense>
    </QuietBoundary>
  );
}

/**
 * The featured study's card while the studies load (the prerendered page, the first paint): the
 * same box as the card with a one-line title, so nothing moves when the data arrives (it moved
 * the hero's cards and what follows: CLS 0.23–0.28 on `/`, docs/rendering.md "Fonts").
 */
function HeroStudySkeleton() {
  return (
    <div className="hero-card hero-card--study hero-skeleton" aria-hidden="true">
      <span className="row">
        <span className="hero-skeleton__icon" />
        <span className="badge hero-skeleton__bar">{BLANK}</span>
      </span>
      <strong className="hero-skeleton__bar">{BLANK}</strong>
      <span className="muted hero-skeleton__bar">{BLANK}</span>
      <span className="muted hero-skeleton__bar">{BLANK}</span>
      <span className="hero-progress" />
    </div>
  );
}

/**
 * The hero's cards, all live: the featured study (the first one taking applications, else the
 * newest), this week's Tetris top three and the number of studies recruiting. A card whose data
 * is missing is left out rather than filled with made-up content.
 */
function HeroArt() {
  const { t, i18n } = useTranslation('home');
  // Deferred (here and in CurrentStudies): a query's result arrives as a synchronous render
  // (useSyncExternalStore); with the previous result the urgent render is the same markup, and
  // the cards are built in a transition render that yields every few ms (docs/rendering.md,
  // "Start-up work in short tasks").
  const studies = useDeferredValue(useAsPrerendered(useCurrentStudies(STUDY_DROPDOWN_COUNT)));
  const top = useDeferredValue(useAsPrerendered(useQuery(weeklyTopQuery())));
  const recruiting = useDeferredValue(useAsPrerendered(useQuery(recruitingCountQuery())));
  const featured = studies.data?.find(canApplyNow) ?? studies.data?.[0];
  const seats = featured?.capacity
    ? studySeats({ capacity: featured.capacity, enrolled: featured.enrolled ?? 0, seatsTaken: featured.seatsTaken })
    : null;
  const entries = top.data?.entries ?? [];
  const numberLocale = i18n.language === 'en' ? 'en-US' : 'ko-KR';
  return (
    <div className="hero-art" data-testid="hero-art">
      {studies.isPending && <HeroStudySkeleton />}
      {featured && (
        <Link to={studyPath(featured)} className="hero-card hero-card--study" data-testid="hero-featured-study">
          <span className="row">
            <StudyCover study={featured} shape="icon" priority sizes="88px" />
            <span className={`badge ${canApplyNow(featured) ? 'badge--accent' : 'badge--success'}`}>
              {canApplyNow(featured) ? t('art.recruiting') : t('art.featured')}
            </span>
          </span>
          <strong data-user-content="">{featured.title}</strong>
          <PreviewSchedule study={featured} className="muted" />
          {seats && (
            <>
              <span className="muted">{t('studies.membersValue', { taken: seats.taken, capacity: seats.capacity })}</span>
              <span className="hero-progress" aria-hidden="true">
                <span style={{ width: `${Math.min(100, Math.round((seats.taken / Math.max(1, seats.capacity)) * 100))}%` }} />
              </span>
            </>
          )}
        </Link>
      )}
      <Link to="/lab/tetris" className="hero-card hero-card--rank" data-testid="hero-weekly-top">
        <strong>{t('art.rankTitle')}</strong>
        {entries.length > 0 ? (
          <ol>
            {entries.map((e) => (
              <li key={e.userId}>
                <span>
                  <i>{e.rank}</i> {e.name ? <span data-user-content="">{e.name}</span> : t('art.anonymous')}
                </span>
                <b>{formatCount(e.score, numberLocale)}</b>
              </li>
            ))}
          </ol>
        ) : top.isPending ? (
          <>
            <span className="visually-hidden">{t('art.loading')}</span>
            <ol className="hero-skeleton" aria-hidden="true">
              {[1, 2, 3].map((rank) => (
                <li key={rank}>
                  <span>
                    <i>{rank}</i> <span className="hero-skeleton__bar">{BLANK}</span>
                  </span>
                  <b className="hero-skeleton__bar">{BLANK}</b>
                </li>
              ))}
            </ol>
          </>
        ) : (
          <span className="muted">{t('art.rankEmpty')}</span>
        )}
      </Link>
      {recruiting.isPending && (
        <span className="hero-chip hero-skeleton" aria-hidden="true">
          {BLANK}
        </span>
      )}
      {typeof recruiting.data === 'number' && recruiting.data > 0 && (
        <Link to="/study" className="hero-chip" data-testid="hero-recruiting-count">
          {t('art.recruitingCount', { count: recruiting.data })}
        </Link>
      )}
    </div>
  );
}

function StudyCard({ study }: { study: StudyPreview }) {
  const { t } = useTranslation('home');
  const recruiting = canApplyNow(study);
  return (
    <Link to={studyPath(study)} className="study-card">
      <StudyCover study={study} shape="card" sizes="(max-width: 768px) 100vw, 400px" />
      <div className="study-card__top">
        {study.generation ? (
          <span className="badge badge--primary">{t('studies.generation', { generation: study.generation })}</span>
        ) : null}
        {recruiting ? (
          <span className="badge badge--accent">{t('studies.recruiting')}</span>
        ) : study.status === 'IN_PROGRESS' ? (
          <span className="badge badge--success">{t('studies.inProgress')}</span>
        ) : null}
      </div>
      <h3 className="study-card__title" data-user-content="">
        {study.title}
      </h3>
      {study.tagline && (
        <p className="study-card__tagline" data-user-content="">
          {study.tagline}
        </p>
      )}
      <dl className="study-card__meta">
        {study.schedule && (
          <div>
            <dt>{t('studies.schedule')}</dt>
            <dd>
              <PreviewSchedule study={study} />
            </dd>
          </div>
        )}
        {study.capacity != null && (
          <div>
            <dt>{t('studies.members')}</dt>
            <dd>
              {t('studies.membersValue', {
                taken: studySeats({ capacity: study.capacity, enrolled: study.enrolled ?? 0, seatsTaken: study.seatsTaken }).taken,
                capacity: study.capacity,
              })}
            </dd>
          </div>
        )}
        {study.leader?.name && (
          <div>
            <dt>{t('studies.leader')}</dt>
            <dd data-user-content="">{study.leader.name}</dd>
          </div>
        )}
      </dl>
      <span className="study-card__more">
        {t('studies.more')} <span aria-hidden="true">→</span>
      </span>
    </Link>
  );
}

function CurrentStudies() {
  const { t } = useTranslation('home');
  // The same three studies as the header's dropdown (one request, one cache entry).
  const studies = useDeferredValue(useAsPrerendered(useCurrentStudies(STUDY_DROPDOWN_COUNT)));
  if (studies.isLoading) {
    return (
      <div className="study-grid" role="status" aria-label={t('studies.loading')}>
        {[0, 1, 2].map((i) => (
          <div key={i} className="study-card study-card--skeleton" aria-hidden="true">
            <span />
            <span />
            <span />
          </div>
        ))}
      </div>
    );
  }
  if (studies.isError) {
    return (
      <div className="home-empty" role="alert">
        <p>{t('studies.error')}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void studies.refetch()}>
          {t('studies.retry')}
        </button>
      </div>
    );
  }
  if (!studies.data?.length) {
    return (
      <div className="home-empty">
        <p>
          <strong>{t('studies.emptyTitle')}</strong>
        </p>
        <p className="muted">{t('studies.emptyBody')}</p>
        <Link to="/study/propose" className="btn btn-primary">
          {t('studies.propose')}
        </Link>
      </div>
    );
  }
  return (
    <div className="study-grid">
      {studies.data.map((s) => (
        <StudyCard key={s.id} study={s} />
      ))}
    </div>
  );
}

export default function HomePage() {
  const { t } = useTranslation('home');
  const introRef = useIntroRef();
  const { isAuthenticated, user } = useAuth();
  const querydailyUrl = useQueryDailyUrl();

  return (
    <div className="home">
      <section ref={introRef} className="hero" aria-labelledby="home-title" data-testid="home-intro">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="hero__eyebrow">{t('hero.eyebrow')}</p>
            <h1 id="home-title" className="hero__title">
              <span className="hero__title-a">{t('hero.titleA')}</span> <span className="gradient-text">{t('hero.titleB')}</span>
            </h1>
            <p className="hero__lead">{t('hero.lead')}</p>
            <div className="hero__actions">
              <Link className="btn btn-primary btn-lg" to="/study">
                {t('hero.ctaStudy')}
              </Link>
              {isAuthenticated ? (
                <Link className="btn btn-secondary btn-lg" to="/users/me">
                  {markUserValue(t('hero.ctaProfile', { name: user?.name ?? '' }), user?.name)}
                </Link>
              ) : (
                <Link className="btn btn-secondary btn-lg guest-only" to="/signup">
                  {t('hero.ctaJoin')}
                </Link>
              )}
            </div>
            <ul className="hero__facts">
              <li>{t('hero.fact1')}</li>
              <li>{t('hero.fact2')}</li>
              <li>{t('hero.fact3')}</li>
            </ul>
          </div>
          <HeroArt />
        </div>
      </section>

      <section className="container home-section" aria-labelledby="pillars-title">
        <h2 id="pillars-title" className="visually-hidden">
          {t('pillars.title')}
        </h2>
        <ul className="pillars">
          {PILLARS.map((p) => (
            <li key={p.key}>
              <Link to={p.to} className="pillar">
                <span className="pillar__icon">
                  <Icon name={p.icon} />
                </span>
                <strong>{t(`pillars.${p.key}.title`)}</strong>
                <span className="muted">{t(`pillars.${p.key}.body`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="container home-section" aria-labelledby="studies-title">
        <div className="section-head">
          <div>
            <p className="section-eyebrow">{t('studies.eyebrow')}</p>
            <h2 id="studies-title">{t('studies.title')}</h2>
          </div>
          <Link to="/study" className="section-link">
            {t('studies.all')} <span aria-hidden="true">→</span>
          </Link>
        </div>
        <CurrentStudies />
      </section>

      <section className="home-band" aria-labelledby="lab-title">
        <div className="container home-section">
          <div className="section-head">
            <div>
              <p className="section-eyebrow">{t('lab.eyebrow')}</p>
              <h2 id="lab-title">{t('lab.title')}</h2>
              <p className="muted">{t('lab.lead')}</p>
            </div>
            <Link to="/lab" className="section-link">
              {t('lab.all')} <span aria-hidden="true">→</span>
            </Link>
          </div>
          <ul className="games">
            {GAMES.map((g) => (
              <li key={g.key}>
                <Link to={g.to} className="game-card">
                  <span className={`game-card__art game-art--${g.art}`} aria-hidden="true">
                    <i />
                    <i />
                    <i />
                    <i />
                  </span>
                  <strong>{t(`lab.games.${g.key}.title`)}</strong>
                  <span className="muted">{t(`lab.games.${g.key}.body`)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="container home-section" aria-labelledby="qd-title">
        <div className="qd-banner">
          <div>
            <p className="section-eyebrow">
              <span className="nav-new">NEW</span> {t('querydaily.eyebrow')}
            </p>
            <h2 id="qd-title">{t('querydaily.title')}</h2>
            <p>{t('querydaily.body')}</p>
          </div>
          <a className="btn btn-light btn-lg" href={querydailyUrl} target="_blank" rel="noopener noreferrer">
            {t('querydaily.cta')}
            <span className="visually-hidden">{t('querydaily.newTab')}</span>
          </a>
        </div>
      </section>

      <section className="container home-section" aria-labelledby="cta-title">
        <div className="cta-grid">
          <div className="cta-card">
            <h2 id="cta-title">{t('leader.title')}</h2>
            <p className="muted">{t('leader.body')}</p>
            <div className="row">
              <Link to="/guide/study-leader" className="btn btn-secondary">
                {t('leader.guide')}
              </Link>
              <Link to="/study/propose" className="btn btn-ghost">
                {t('leader.propose')} <span aria-hidden="true">→</span>
              </Link>
            </div>
          </div>
          <div className="cta-card cta-card--brand">
            <h2>{isAuthenticated ? t('join.titleMember') : t('join.title')}</h2>
            <p>{isAuthenticated ? t('join.bodyMember') : t('join.body')}</p>
            <div className="row">
              {isAuthenticated ? (
                <Link to="/study" className="btn btn-light">
                  {t('join.ctaMember')}
                </Link>
              ) : (
                <>
                  <Link to="/signup" className="btn btn-light">
                    {t('join.cta')}
                  </Link>
                  <Link to="/whoweare" className="btn btn-outline-light">
                    {t('join.about')}
                  </Link>
                </>
              )}
            </div>
          </div>
        </div>
      </section>
    </div>
  );
}
