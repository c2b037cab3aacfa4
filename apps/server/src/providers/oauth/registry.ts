/**
 * The enabled social-login providers, in the order the login page shows them: the built-in
 * local provider (when enabled), Kakao (KAKAO_CLIENT_ID), a generic OpenID Connect provider
 * (OIDC_ISSUER + OIDC_CLIENT_ID [+ OIDC_CLIENT_SECRET]).
 */
import type { Config } from '../../config.ts';
import { KakaoProvider } from './kakao.ts';
import { LOCAL_CLIENT_ID, LOCAL_PROVIDER_ID, localClientSecret } from './local-provider.ts';
import { OidcProvider } from './oidc.ts';
import type { AuthorizationParams, FetchLike, OAuthProvider } from './types.ts';

export const LOCAL_PROVIDER_PATH = '/api/auth/oauth/local-provider';

/** moim's callback for a provider, on `origin` (the address the visitor opened; PUBLIC_URL's by default) */
export function callbackUrl(config: Pick<Config, 'publicUrl'>, provider: string, origin?: string): string {
  return `${(origin ?? config.publicUrl).replace(/\/$/, '')}/api/auth/oauth/${provider}/callback`;
}

/**
 * The local provider lives inside moim, so its consent page can be served on whichever origin
 * the visitor opened: the page's form then posts and redirects within that origin (our CSP's
 * `form-action 'self'` allows it) and the login cookie set by /start comes back to /callback.
 * Its issuer (tokens, discovery) stays on PUBLIC_URL.
 */
class LocalOidcProvider extends OidcProvider {
  override async authorizationUrl(p: AuthorizationParams): Promise<string> {
    const u = new URL(await super.authorizationUrl(p));
    const back = new URL(p.redirectUri);
    u.protocol = back.protocol;
    u.host = back.host;
    return u.toString();
  }
}

export function localIssuer(config: Pick<Config, 'publicUrl'>): string {
  return `${config.publicUrl.replace(/\/$/, '')}${LOCAL_PROVIDER_PATH}`;
}

export interface ProviderRegistryOptions {
  /** how moim reaches its own local provider (in-process, see auth routes) */
  localFetch?: FetchLike;
  /** extra providers (tests) */
  extra?: OAuthProvider[];
}

export function buildOAuthProviders(config: Config, opts: ProviderRegistryOptions = {}): Map<string, OAuthProvider> {
  const list: OAuthProvider[] = [];
  if (config.oauthLocalEnabled) {
    list.push(
      new LocalOidcProvider({
        id: LOCAL_PROVIDER_ID,
        displayName: 'moim 테스트 로그인',
        issuer: localIssuer(config),
        clientId: LOCAL_CLIENT_ID,
        clientSecret: localClientSecret(config.jwtSecret),
        ...(opts.localFetch ? { fetch: opts.localFetch } : {}),
      }),
    );
  }
  if (config.KAKAO_CLIENT_ID) list.push(new KakaoProvider({ clientId: config.KAKAO_CLIENT_ID, clientSecret: config.KAKAO_CLIENT_SECRET }));
  if (config.OIDC_ISSUER && config.OIDC_CLIENT_ID) {
    list.push(
      new OidcProvider({
        id: 'oidc',
        displayName: config.OIDC_DISPLAY_NAME,
        issuer: config.OIDC_ISSUER,
        clientId: config.OIDC_CLIENT_ID,
        clientSecret: config.OIDC_CLIENT_SECRET,
        scopes: config.OIDC_SCOPES,
      }),
    );
  }
  for (const p of opts.extra ?? []) list.push(p);
  return new Map(list.map((p) => [p.id, p]));
}
