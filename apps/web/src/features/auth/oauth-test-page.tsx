/** A test bench for social login: configured providers, a start button each, the last result. */
import { useTranslation } from '../../shared/i18n';
import { useAuth } from '../../shared/auth/auth-provider';
import { useBrowserState } from '../../shared/lib/use-browser-state';
import { readSession, removeSession } from '../../shared/storage';
import { PageHeader } from '../../shared/ui/page-header';
import { markUserValue } from '../../shared/ui/user-value';
import { LoadingState } from '../../shared/ui/states';
import { OAUTH_RESULT_KEY, oauthStartUrl, providerName, useOAuthProviders } from './api';
import { ErrorMessage } from '../../shared/ui/error-message';
import './auth.css';

const RETURN = '/test/kakao-oauth';

export default function OAuthTestPage() {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const providers = useOAuthProviders();
  // this browser's last result: read once the server-rendered page (drawn without it) is adopted
  const [result, setResult] = useBrowserState(() => readSession(OAUTH_RESULT_KEY), null);

  return (
    <>
      <PageHeader eyebrow={t('test.eyebrow')} title={t('test.title')} lead={t('test.lead')} />
      <div className="container page-body oauth-test">
        <section className="card" aria-labelledby="providers-title">
          <h2 id="providers-title">{t('test.providers')}</h2>
          {providers.isLoading ? (
            <LoadingState />
          ) : providers.isError ? (
            <ErrorMessage variant="state" error={providers.error} onRetry={() => void providers.refetch()} />
          ) : !providers.data?.length ? (
            <p className="muted">{t('test.none')}</p>
          ) : (
            <ul className="oauth-test__list">
              {providers.data.map((p) => (
                <li key={p.id}>
                  <div>
                    <strong>{providerName(p, t)}</strong> <code>{p.id}</code>
                  </div>
                  <a className="btn btn-primary btn-sm" href={oauthStartUrl(p.id, RETURN)}>
                    {t('test.start')}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card" aria-labelledby="result-title">
          <h2 id="result-title">{t('test.result')}</h2>
          {result ? (
            <>
              <pre className="oauth-test__pre">{JSON.stringify(JSON.parse(result), null, 2)}</pre>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => {
                  removeSession(OAUTH_RESULT_KEY);
                  setResult(null);
                }}
              >
                {t('test.clear')}
              </button>
            </>
          ) : (
            <p className="muted">{t('test.noResult')}</p>
          )}
          <h3>{t('test.session')}</h3>
          <p>
            {auth.user
              ? markUserValue(t('test.signedInAs', { name: auth.user.name, email: auth.user.email }), auth.user.name)
              : t('test.guest')}
          </p>
        </section>
      </div>
    </>
  );
}
