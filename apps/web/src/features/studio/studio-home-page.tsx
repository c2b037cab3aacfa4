/**
 * /studio: what the writing assistant does, how it works, honest examples of what it actually
 * flags (real rules of the analyzer, no invented activity), and the member's recent documents.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../shared/i18n';
import { Link } from 'react-router';
import { useAuth } from '../../shared/auth/auth-provider';
import { LoadingState } from '../../shared/ui/states';
import { HAS_HANGUL, markKoreanRuns } from '../../shared/ui/korean-runs';
import { documentsQuery, quotaQuery } from './api';
import { QuotaBadge } from './components/quota-badge';
import { studioEntryParams } from './lib/entry';
import { useDateTime } from './lib/format';
import { ErrorMessage } from '../../shared/ui/error-message';
import './studio-home-page.css';

/** Each example is a rule the built-in analyzer applies (see docs/studio.md). */
const EXAMPLES = ['spacing', 'particle', 'spelling', 'simplify', 'long', 'structure'] as const;
const STEPS = ['write', 'watch', 'revise'] as const;

export default function StudioHomePage() {
  const { t } = useTranslation('studio');
  const auth = useAuth();
  return (
    <>
      <section className="studio-hero">
        <div className="container">
          <p className="studio-hero__eyebrow">MOIM STUDIO</p>
          <h1>{t('home.title')}</h1>
          <p className="studio-hero__lead">{t('home.lead')}</p>
          <div className="studio-hero__actions">
            <Link to="/studio/documentor" className="btn btn-primary btn-lg">
              {t('home.cta')}
            </Link>
            {!auth.user && <span className="muted">{t('home.trialNote')}</span>}
          </div>
        </div>
      </section>
      <div className="container studio-home">
        <section aria-labelledby="how-title">
          <h2 id="how-title">{t('home.howTitle')}</h2>
          <ol className="studio-steps">
            {STEPS.map((s, i) => (
              <li key={s} className="card">
                <span className="studio-steps__n" aria-hidden="true">
                  {i + 1}
                </span>
                <h3>{t(`home.steps.${s}.title`)}</h3>
                <p className="muted">{t(`home.steps.${s}.body`)}</p>
              </li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="examples-title">
          <h2 id="examples-title">{t('home.examplesTitle')}</h2>
          <p className="muted">{t('home.examplesLead')}</p>
          <ul className="studio-examples">
            {EXAMPLES.map((e) => (
              <li key={e} className="card">
                <span className="badge">{t(`home.examples.${e}.kind`)}</span>
                <p className="studio-examples__pair">
                  <del lang={exampleLang(t(`home.examples.${e}.before`))}>{t(`home.examples.${e}.before`)}</del>{' '}
                  <span aria-hidden="true">→</span>
                  <span className="visually-hidden">{t('home.becomes')}</span>{' '}
                  <ins lang={exampleLang(t(`home.examples.${e}.after`))}>{t(`home.examples.${e}.after`)}</ins>
                </p>
                <p className="muted">{markKoreanRuns(t(`home.examples.${e}.why`))}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="recent-title" className="studio-recent">
          <h2 id="recent-title">{t('home.recentTitle')}</h2>
          {auth.user ? (
            <RecentDocuments />
          ) : (
            <div className="card login-prompt">
              <p className="muted">{t('home.recentGuest')}</p>
              <div className="login-prompt__actions">
                <Link to={`/login${studioEntryParams('/studio')}`} className="btn btn-primary btn-sm">
                  {t('common.login', { ns: 'translation' })}
                </Link>
                <Link to="/studio/documentor" className="btn btn-secondary btn-sm">
                  {t('home.tryOnce')}
                </Link>
              </div>
            </div>
          )}
        </section>
      </div>
    </>
  );
}

/** The grammar examples are Korean sentences whatever the page's language. */
const exampleLang = (text: string) => (HAS_HANGUL.test(text) ? 'ko' : undefined);

function RecentDocuments() {
  const { t } = useTranslation('studio');
  const docs = useQuery(documentsQuery(0, 5));
  const quota = useQuery(quotaQuery());
  const when = useDateTime();
  return (
    <div className="studio-recent__body">
      {quota.data && <QuotaBadge quota={quota.data} />}
      {docs.isPending ? (
        <LoadingState />
      ) : docs.isError ? (
        <ErrorMessage variant="state" error={docs.error} onRetry={() => void docs.refetch()} />
      ) : docs.data.content.length === 0 ? (
        <div className="card">
          <p className="muted">{t('home.recentEmpty')}</p>
          <Link to="/studio/documentor" className="btn btn-secondary btn-sm">
            {t('home.cta')}
          </Link>
        </div>
      ) : (
        <ul className="studio-recent__list">
          {docs.data.content.map((d) => (
            <li key={d.id} className="card">
              <Link to={`/studio/documentor?analysis=${d.latest.id}&document=${d.id}`} className="studio-recent__link">
                {d.title ? <span data-user-content="">{d.title}</span> : t('history.untitled')}
              </Link>
              <span className="muted">
                {t('history.versions', { count: d.versionCount })} · {when(d.updatedAt)}
                {d.latest.overallScore !== null ? ` · ★ ${d.latest.overallScore.toFixed(1)}` : ` · ${t(`status.${d.latest.status}`)}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
