/**
 * A generic OpenID Connect relying party on openid-client (the kept library: discovery, the
 * authorization-code flow with PKCE S256, state, nonce and RFC 9207 `iss` checks, the id_token
 * validated against the provider's JWKS: issuer, audience, expiry, signature), and userinfo
 * when the id_token carries no email. The built-in local provider goes through this same code.
 */
import * as client from 'openid-client';
import {
  isTrue,
  OAuthError,
  type AuthorizationParams,
  type CodeExchange,
  type ExternalIdentity,
  type FetchLike,
  type OAuthProvider,
} from './types.ts';

export interface OidcOptions {
  id: string;
  displayName: string;
  issuer: string;
  clientId: string;
  clientSecret?: string | undefined;
  scopes?: string;
  fetch?: FetchLike;
}

export class OidcProvider implements OAuthProvider {
  readonly kind = 'oidc' as const;
  readonly id: string;
  readonly displayName: string;
  private readonly fetch: FetchLike;
  private config: Promise<client.Configuration> | undefined;

  constructor(private readonly o: OidcOptions) {
    this.id = o.id;
    this.displayName = o.displayName;
    this.fetch = o.fetch ?? ((url, init) => fetch(url, { ...init, signal: init?.signal ?? AbortSignal.timeout(10_000) }));
  }

  /** Discovery once (again after a failure); the client authenticates as the provider allows. */
  private configuration(): Promise<client.Configuration> {
    this.config ??= (async () => {
      const issuer = new URL(this.o.issuer);
      const insecure = issuer.protocol === 'http:'; // the local provider on a development address
      const metadata: Partial<client.ClientMetadata> = { client_id: this.o.clientId, [client.clockTolerance]: 30 };
      const config = await client.discovery(issuer, this.o.clientId, metadata, undefined, {
        [client.customFetch]: (url: string, init: client.CustomFetchOptions) => this.fetch(url, init as RequestInit),
        ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
      });
      const methods = config.serverMetadata().token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
      const auth = !this.o.clientSecret
        ? client.None()
        : methods.includes('client_secret_basic')
          ? client.ClientSecretBasic(this.o.clientSecret)
          : client.ClientSecretPost(this.o.clientSecret);
      const ready = new client.Configuration(config.serverMetadata(), this.o.clientId, metadata, auth);
      ready[client.customFetch] = (url: string, init: client.CustomFetchOptions) => this.fetch(url, init as RequestInit);
      if (insecure) client.allowInsecureRequests(ready);
      return ready;
    })().catch((err: unknown) => {
      this.config = undefined; // try again next time
      throw new OAuthError(`OIDC discovery failed: ${(err as Error).message}`);
    });
    return this.config;
  }

  async authorizationUrl(p: AuthorizationParams): Promise<string> {
    const config = await this.configuration();
    return client
      .buildAuthorizationUrl(config, {
        redirect_uri: p.redirectUri,
        scope: this.o.scopes ?? 'openid email profile',
        state: p.state,
        nonce: p.nonce,
        code_challenge: p.codeChallenge,
        code_challenge_method: 'S256',
      })
      .toString();
  }

  async exchangeCode(p: CodeExchange): Promise<ExternalIdentity> {
    const config = await this.configuration();
    const back = new URL(p.redirectUri);
    back.searchParams.set('code', p.code);
    if (p.state !== undefined) back.searchParams.set('state', p.state);
    if (p.iss !== undefined) back.searchParams.set('iss', p.iss);
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(config, back, {
        pkceCodeVerifier: p.codeVerifier,
        expectedNonce: p.nonce,
        expectedState: p.state ?? client.skipStateCheck,
        idTokenExpected: true,
      });
    } catch (err) {
      throw new OAuthError(`OIDC code exchange refused: ${(err as Error).message}`, 'invalid_id_token');
    }
    let claims: Record<string, unknown> = { ...tokens.claims() };
    if (typeof claims.sub !== 'string' || !claims.sub) throw new OAuthError('OIDC id_token: no sub', 'invalid_id_token');

    if (typeof claims.email !== 'string' && config.serverMetadata().userinfo_endpoint) {
      let info: Record<string, unknown>;
      try {
        info = { ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)) };
      } catch (err) {
        throw new OAuthError(`OIDC userinfo: ${(err as Error).message}`);
      }
      claims = { ...info, ...claims, email: info.email, email_verified: info.email_verified, name: claims.name ?? info.name };
    }
    return {
      subject: claims.sub as string,
      email: typeof claims.email === 'string' ? claims.email : null,
      emailVerified: isTrue(claims.email_verified),
      name: typeof claims.name === 'string' ? claims.name : typeof claims.nickname === 'string' ? claims.nickname : null,
    };
  }
}
