/**
 * Kakao Login (OAuth 2.0 with PKCE) on openid-client: authorize at kauth.kakao.com, exchange the
 * code at kauth.kakao.com/oauth/token (state and PKCE checked by the library), read the user at
 * kapi.kakao.com/v2/user/me and map kakao_account.email / is_email_verified / profile.nickname.
 */
import * as client from 'openid-client';
import {
  isTrue,
  OAuthError,
  readJson,
  type AuthorizationParams,
  type CodeExchange,
  type ExternalIdentity,
  type FetchLike,
  type OAuthProvider,
} from './types.ts';

export interface KakaoOptions {
  clientId: string;
  clientSecret?: string | undefined;
  fetch?: FetchLike;
  /** endpoints (tests point these at a stand-in) */
  authorizeUrl?: string;
  tokenUrl?: string;
  userInfoUrl?: string;
}

export const KAKAO_ENDPOINTS = {
  authorize: 'https://kauth.kakao.com/oauth/authorize',
  token: 'https://kauth.kakao.com/oauth/token',
  userInfo: 'https://kapi.kakao.com/v2/user/me',
};

/** Kakao's /v2/user/me answer → our identity. */
export function mapKakaoUser(body: Record<string, unknown>): ExternalIdentity {
  const id = body.id;
  if (typeof id !== 'number' && typeof id !== 'string') throw new OAuthError('Kakao user: no id');
  const account = (body.kakao_account ?? {}) as Record<string, unknown>;
  const profile = (account.profile ?? {}) as Record<string, unknown>;
  const props = (body.properties ?? {}) as Record<string, unknown>;
  const email = typeof account.email === 'string' ? account.email : null;
  const nickname = typeof profile.nickname === 'string' ? profile.nickname : typeof props.nickname === 'string' ? props.nickname : null;
  return {
    subject: String(id),
    email,
    // Kakao marks an address usable only when it is both verified and still valid.
    emailVerified: email !== null && isTrue(account.is_email_verified) && account.is_email_valid !== false,
    name: nickname,
  };
}

export class KakaoProvider implements OAuthProvider {
  readonly id = 'kakao';
  readonly displayName = '카카오';
  readonly kind = 'oauth2' as const;
  private readonly config: client.Configuration;

  constructor(private readonly o: KakaoOptions) {
    const own = o.fetch ?? ((url, init) => fetch(url, { ...init, signal: init?.signal ?? AbortSignal.timeout(10_000) }));
    const authorize = o.authorizeUrl ?? KAKAO_ENDPOINTS.authorize;
    // Kakao Login is OAuth 2.0 (no discovery for this flow): its endpoints are known; it takes
    // the client secret in the form (client_secret_post), or none when the app has no secret.
    this.config = new client.Configuration(
      { issuer: new URL(authorize).origin, authorization_endpoint: authorize, token_endpoint: o.tokenUrl ?? KAKAO_ENDPOINTS.token },
      o.clientId,
      { client_id: o.clientId },
      o.clientSecret ? client.ClientSecretPost(o.clientSecret) : client.None(),
    );
    this.config[client.customFetch] = (url: string, init: client.CustomFetchOptions) => own(url, init as RequestInit);
    if (new URL(authorize).protocol === 'http:') client.allowInsecureRequests(this.config); // a local stand-in
  }

  authorizationUrl(p: AuthorizationParams): Promise<string> {
    return Promise.resolve(
      client
        .buildAuthorizationUrl(this.config, {
          redirect_uri: p.redirectUri,
          state: p.state,
          scope: 'account_email profile_nickname',
          code_challenge: p.codeChallenge,
          code_challenge_method: 'S256',
        })
        .toString(),
    );
  }

  async exchangeCode(p: CodeExchange): Promise<ExternalIdentity> {
    const back = new URL(p.redirectUri);
    back.searchParams.set('code', p.code);
    if (p.state !== undefined) back.searchParams.set('state', p.state);
    let accessToken: string;
    try {
      const tokens = await client.authorizationCodeGrant(this.config, back, {
        pkceCodeVerifier: p.codeVerifier,
        expectedState: p.state ?? client.skipStateCheck,
      });
      accessToken = tokens.access_token;
    } catch (err) {
      const e = err as Error & { error?: string };
      throw new OAuthError(`Kakao token: ${e.error ?? e.message}`, e.error ?? 'provider_error');
    }
    let me: Response;
    try {
      me = await client.fetchProtectedResource(this.config, accessToken, new URL(this.o.userInfoUrl ?? KAKAO_ENDPOINTS.userInfo), 'GET');
    } catch (err) {
      throw new OAuthError(`Kakao user: ${(err as Error).message}`);
    }
    return mapKakaoUser(await readJson(me, 'Kakao user'));
  }
}
