import { useTranslation } from '../../shared/i18n';
import { oauthStartUrl, providerName, useOAuthProviders } from './api';

/** Social login buttons from GET /api/auth/oauth/providers (hidden when none or on failure). */
export function SocialButtons({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation('auth');
  const providers = useOAuthProviders();
  if (providers.isLoading) return <p className="muted social-loading">{t('social.loading')}</p>;
  if (!providers.data?.length) return null;
  return (
    <div className="social">
      <div className="divider">{t('social.or')}</div>
      {providers.data.map((p) => (
        <a
          key={p.id}
          className={`btn btn-secondary btn-block social-btn social-btn--${p.id}`}
          href={oauthStartUrl(p.id, returnTo)}
          data-provider={p.id}
        >
          <span className="social-btn__dot" aria-hidden="true" />
          {t('social.continueWith', { provider: providerName(p, t) })}
        </a>
      ))}
    </div>
  );
}
