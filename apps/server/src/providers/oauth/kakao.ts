/**
 * Kakao Login (OAuth 2.0 with PKCE): authorize at kauth.kakao.com, exchange the code at
 * kauth.kakao.com/oauth/token, read the user at kapi.kakao.com/v2/user/me and map
 * kakao_account.email / is_email_verified / profile.nickname.
 */
import {
  formBody,
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
  private readonly fetch: FetchLike;

  constructor(private readonly o: KakaoOptions) {
    this.fetch = o.fetch ?? ((url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(10_000) }));
  }

  async authorizationUrl(p: AuthorizationParams): Promise<string> {
    const u = new URL(this.o.authorizeUrl ?? KAKAO_ENDPOINTS.authorize);
    u.search = formBody({
      response_type: 'code',
      client_id: this.o.clientId,
      redirect_uri: p.redirectUri,
      state: p.state,
      scope: 'account_email profile_nickname',
      code_challenge: p.codeChallenge,
      code_challenge_method: 'S256',
    });
    return u.toString();
  }

  async exchangeCode(p: CodeExchange): Promise<ExternalIdentity> {
    const tokens = await readJson(
      await this.fetch(this.o.tokenUrl ?? KAKAO_ENDPOINTS.token, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
        body: formBody({
          grant_type: 'authorization_code',
          client_id: this.o.clientId,
          client_secret: this.o.clientSecret,
          redirect_uri: p.redirectUri,
          code: p.code,
          code_verifier: p.codeVerifier,
        }),
      }),
      'Kakao token',
    );
    if (typeof tokens.access_token !== 'string') throw new OAuthError('Kakao token: no access_token');
    const me = await readJson(
      await this.fetch(this.o.userInfoUrl ?? KAKAO_ENDPOINTS.userInfo, {
        headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json' },
      }),
      'Kakao user',
    );
    return mapKakaoUser(me);
  }
}
