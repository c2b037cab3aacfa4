/** /ignition: the career section's landing, leading to the jobs navigator. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../shared/ui/icons';
import './ignition.css';

const TRACKS: IconName[] = ['compass', 'rocket', 'users'];

export default function IgnitionPage() {
  const { t } = useTranslation('ignition');
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
        <ul className="tracks">
          {(Array.isArray(tracks) ? tracks : []).map((tr, i) => (
            <li key={i} className="card">
              <span className="pillar__icon">
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
