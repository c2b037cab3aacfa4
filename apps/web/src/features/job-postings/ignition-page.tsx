/** /ignition: the career hub — the jobs navigator card with live counts, top skills and the ways in. */
import { useTranslation } from '../../shared/i18n';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../shared/ui/icons';
import { useJobStats } from './api';
import './ignition.css';
import './navigator/navigator.css';

const TRACKS: IconName[] = ['compass', 'rocket', 'users'];

function Stat({ value, label, to }: { value: number | undefined; label: string; to: string }) {
  return (
    <Link to={to} className="hub-stat">
      <strong aria-hidden={value === undefined}>{value === undefined ? '—' : value.toLocaleString()}</strong>
      <span>{label}</span>
    </Link>
  );
}

export default function IgnitionPage() {
  const { t } = useTranslation('job-postings');
  const stats = useJobStats();
  const s = stats.data;
  const tracks = t('landing.tracks', { returnObjects: true }) as Array<{ title: string; body: string }>;
  return (
    <>
      <section className="ignition-hero">
        <div className="container">
          <p className="ignition-hero__eyebrow">IGNITION</p>
          <h1>{t('landing.title')}</h1>
          <p className="ignition-hero__lead">{t('landing.lead')}</p>
          <Link to="/ignition/navigator" className="btn btn-light btn-lg">
            {t('landing.cta')}
          </Link>
        </div>
      </section>
      <div className="container page-body">
        <section className="card hub-card" aria-labelledby="hub-nav-title">
          <div className="hub-card__head">
            <span className="icon-tile">
              <Icon name="compass" />
            </span>
            <div>
              <h2 id="hub-nav-title">{t('hub.title')}</h2>
              <p className="muted">{t('hub.lead')}</p>
            </div>
          </div>
          {stats.isError ? (
            <p className="muted" role="status">
              {t('hub.countsError')}{' '}
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => void stats.refetch()}>
                {t('common.retry', { ns: 'translation' })}
              </button>
            </p>
          ) : (
            <div className="hub-stats" aria-busy={stats.isPending} aria-live="polite" data-testid="hub-stats">
              <Stat value={s?.activePostings} label={t('hub.active')} to="/ignition/navigator" />
              <Stat value={s?.companies} label={t('hub.companies')} to="/ignition/navigator" />
              <Stat value={s?.newThisWeek} label={t('hub.newThisWeek')} to="/ignition/navigator?sort=postedAt" />
              <Stat value={s?.closingSoon} label={t('hub.closingSoon')} to="/ignition/navigator?sort=validThrough" />
              <Stat value={s?.entry} label={t('hub.entry')} to="/ignition/navigator?experience=ENTRY" />
              <Stat value={s?.remote} label={t('hub.remote')} to="/ignition/navigator?workMode=REMOTE" />
            </div>
          )}
          {s && s.topSkills.length > 0 && (
            <p className="hub-skills">
              <span className="muted">{t('hub.topSkills')}</span>
              {s.topSkills.map((k) => (
                <Link key={k.value} to={`/ignition/navigator?skill=${encodeURIComponent(k.value)}`} className="jn-chip">
                  #{k.label} <span className="muted">{k.count}</span>
                </Link>
              ))}
            </p>
          )}
          <div className="row">
            <Link to="/ignition/navigator" className="btn btn-primary">
              {t('hub.open')}
            </Link>
            <Link to="/users/me/edit#job-skill-profile" className="btn btn-secondary">
              {t('hub.profile')}
            </Link>
          </div>
        </section>
        <ul className="tracks">
          {(Array.isArray(tracks) ? tracks : []).map((tr, i) => (
            <li key={i} className="card">
              <span className="icon-tile">
                <Icon name={TRACKS[i % TRACKS.length]!} />
              </span>
              <h2>{tr.title}</h2>
              <p className="muted">{tr.body}</p>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
