/**
 * A posting in full (the modal and the standalone page): facts, the member's match with the
 * formula spelled out and links from each missing skill to studies on it, the texts, the
 * source link, sharing, corrections, and schema.org JobPosting JSON-LD.
 */
import type { JobMatch, JobPostingDetail, SkillRef } from '@moim/contract';
import { jobPostingLd, jsonLdText } from '@moim/contract';
import { Suspense, useState, type ComponentProps } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-provider';
import { toast } from '../../../shared/toast/toast';
import { useHydrated } from '../../../shared/lib/use-hydrated';
import { deadlineLabel, formatDate, formatExperience, formatSalary } from '../lib/format';
import { useLocale, useNow } from '../lib/use-locale';
import { DeadlineBadge, MatchBadge } from './badges';
import { BookmarkButton } from './bookmark-button';
import type { CorrectionForm as CorrectionFormComponent } from './correction-form';
import { LoadingState } from '../../../shared/ui/states';
import { lazyChunk } from '../../../shared/chunk/lazy-page';
import './posting-detail.css';

// the form (and zod, in the forms chunk) loads when a reader opens it, not with every posting
const CorrectionForm = lazyChunk<ComponentProps<typeof CorrectionFormComponent>>(() =>
  import('./correction-form').then((m) => ({ default: m.CorrectionForm })),
);

export const postingPath = (id: string) => `/ignition/navigator/${id}`;

export function PostingDetail({
  posting: p,
  headingId,
  titleAs: Title = 'h2',
  profileMissing,
}: {
  posting: JobPostingDetail;
  headingId: string;
  /** h1 on the posting's own page, h2 in the navigator's dialog */
  titleAs?: 'h1' | 'h2';
  profileMissing: boolean;
}) {
  const { t } = useTranslation('job-postings');
  const locale = useLocale();
  const now = useNow();
  const [reporting, setReporting] = useState(false);
  // the address with the page's origin, which only the browser knows: the server-rendered page's
  // markup (and its adoption) has no JSON-LD here; the server wrote the posting's into <head>
  const hydrated = useHydrated();
  const url = hydrated ? `${window.location.origin}${postingPath(p.id)}` : postingPath(p.id);
  const salary = formatSalary(p.salaryMin, p.salaryMax, t, locale);
  const deadline = deadlineLabel(p, t, now);

  const share = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('detail.linkCopied'));
    } catch {
      toast.info(url);
    }
  };

  return (
    <article className="jn-detail">
      {hydrated && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(jobPostingLd(p, url)) }} />}
      <header className="jn-detail__head">
        <p className="jn-card__company">
          {p.company.name}
          {p.company.nameEn && <span className="muted"> · {p.company.nameEn}</span>}
        </p>
        <Title id={headingId} className="jn-detail__title">
          {p.title}
        </Title>
        <div className="jn-card__badges">
          <MatchBadge match={p.match} />
          <DeadlineBadge label={deadline} />
        </div>
        <div className="jn-detail__actions">
          <BookmarkButton postingId={p.id} bookmarked={p.bookmarked} title={p.title} />
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void share()}>
            {t('detail.share')}
          </button>
          <a className="btn btn-primary btn-sm" href={p.sourceUrl} target="_blank" rel="noopener noreferrer nofollow">
            {t('detail.source')}
            <span className="visually-hidden"> {t('common.opensInNewTab', { ns: 'translation' })}</span>
          </a>
        </div>
      </header>

      {!p.active && (
        <p className="form-message form-message--info" role="status">
          {p.closedReason === 'EXPIRED' && p.validThrough
            ? t('detail.expired', { date: formatDate(p.validThrough, locale) })
            : t('detail.closed')}
        </p>
      )}

      <dl className="jn-dl">
        <dt>{t('detail.experience')}</dt>
        <dd>{formatExperience(p, t)}</dd>
        <dt>{t('detail.employment')}</dt>
        <dd>{t(`employment.${p.employmentType}`)}</dd>
        <dt>{t('detail.workMode')}</dt>
        <dd>{t(`workMode.${p.workMode}`)}</dd>
        <dt>{t('detail.location')}</dt>
        <dd>{p.location || (p.region ? t(`region.${p.region}`) : '—')}</dd>
        <dt>{t('detail.salary')}</dt>
        <dd>{salary ?? t('detail.salaryUnknown')}</dd>
        <dt>{t('detail.posted')}</dt>
        <dd>{formatDate(p.postedAt, locale)}</dd>
        <dt>{t('detail.deadline')}</dt>
        <dd>{p.validThrough ? `${formatDate(p.validThrough, locale)} (${deadline.text})` : t('deadline.open')}</dd>
      </dl>

      <MatchSection posting={p} profileMissing={profileMissing} />

      {p.description && <TextBlock title={t('detail.description')} text={p.description} />}
      {p.requirements && <TextBlock title={t('detail.requirements')} text={p.requirements} />}
      {p.preferred && <TextBlock title={t('detail.preferred')} text={p.preferred} />}

      <footer className="jn-detail__foot">
        {p.company.careersUrl && (
          <a href={p.company.careersUrl} target="_blank" rel="noopener noreferrer nofollow">
            {t('detail.careers', { company: p.company.name })}
          </a>
        )}
        <button type="button" className="btn btn-ghost btn-sm" aria-expanded={reporting} onClick={() => setReporting((r) => !r)}>
          {t('correction.open')}
        </button>
      </footer>
      {reporting && (
        <Suspense fallback={<LoadingState />}>
          <CorrectionForm postingId={p.id} onDone={() => setReporting(false)} />
        </Suspense>
      )}
    </article>
  );
}

function TextBlock({ title, text }: { title: string; text: string }) {
  return (
    <section className="jn-text">
      <h3>{title}</h3>
      <p>{text}</p>
    </section>
  );
}

function SkillChips({ ids, skills, have, studyLinks }: { ids: string[]; skills: SkillRef[]; have: boolean; studyLinks?: boolean }) {
  const { t } = useTranslation('job-postings');
  const name = (id: string) => skills.find((s) => s.id === id)?.name ?? id;
  if (ids.length === 0) return <span className="muted">—</span>;
  return (
    <ul className="jn-skills">
      {ids.map((id) => (
        <li key={id} className={have ? 'jn-skill jn-skill--have' : 'jn-skill jn-skill--missing'}>
          {studyLinks ? (
            <Link to={`/study?q=${encodeURIComponent(name(id))}`} aria-label={t('match.studyFor', { skill: name(id) })}>
              {name(id)} ↗
            </Link>
          ) : (
            name(id)
          )}
        </li>
      ))}
    </ul>
  );
}

function MatchSection({ posting: p, profileMissing }: { posting: JobPostingDetail; profileMissing: boolean }) {
  const { t } = useTranslation('job-postings');
  const auth = useAuth();
  const skills = [...p.requiredSkills, ...p.preferredSkills];
  if (!p.match) {
    return (
      <section className="jn-match-box" aria-labelledby="match-heading">
        <h3 id="match-heading">{t('detail.skills')}</h3>
        <div className="jn-match-box__row">
          <strong>{t('match.required')}</strong>
          <SkillChips ids={p.requiredSkills.map((s) => s.id)} skills={skills} have={false} />
        </div>
        <div className="jn-match-box__row">
          <strong>{t('match.preferred')}</strong>
          <SkillChips ids={p.preferredSkills.map((s) => s.id)} skills={skills} have={false} />
        </div>
        <p className="muted">
          {auth.isAuthenticated && profileMissing ? (
            <Link to="/users/me/edit#job-skill-profile">{t('match.fillProfile')}</Link>
          ) : !auth.isAuthenticated ? (
            <Link to={`/login?returnTo=${encodeURIComponent(postingPath(p.id))}`}>{t('match.loginForMatch')}</Link>
          ) : null}
        </p>
      </section>
    );
  }
  return (
    <section className="jn-match-box" aria-labelledby="match-heading" data-testid="match-explanation">
      <h3 id="match-heading">
        {t('match.heading')} <MatchBadge match={p.match} />
      </h3>
      {p.match.score === null ? <p className="muted">{t('match.noSkills')}</p> : <p className="muted">{formula(p.match, t)}</p>}
      {p.match.score !== null && p.match.experience.fit === 'ABOVE' && <p className="jn-hint">{t('match.aboveNote')}</p>}
      <div className="jn-match-box__row">
        <strong>{t('match.matched')}</strong>
        <SkillChips ids={[...p.match.required.matched, ...p.match.preferred.matched]} skills={skills} have />
      </div>
      <div className="jn-match-box__row">
        <strong>{t('match.missing')}</strong>
        <SkillChips ids={[...p.match.required.missing, ...p.match.preferred.missing]} skills={skills} have={false} studyLinks />
      </div>
      {p.match.required.missing.length + p.match.preferred.missing.length > 0 && <p className="jn-hint">{t('match.studyHint')}</p>}
    </section>
  );
}

function formula(m: JobMatch, t: ReturnType<typeof useTranslation>['t']): string {
  const req = m.required.matched.length + m.required.missing.length;
  const pref = m.preferred.matched.length + m.preferred.missing.length;
  const parts: string[] = [];
  if (req) parts.push(t('match.formulaRequired', { n: m.required.matched.length, total: req, weight: pref ? 0.7 : 1 }));
  if (pref) parts.push(t('match.formulaPreferred', { n: m.preferred.matched.length, total: pref, weight: req ? 0.3 : 1 }));
  const e = m.experience;
  const exp = t(`match.fit.${e.fit}`, {
    years: e.years,
    min: e.min,
    max: e.max ?? '',
    short: e.min - e.years,
    factor: e.factor.toFixed(2),
  });
  return t('match.formula', { skills: parts.join(' + '), experience: exp, score: m.score });
}
