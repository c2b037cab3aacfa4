/**
 * A generic OpenID Connect relying party: discovery (/.well-known/openid-configuration), the
 * authorization-code flow with PKCE S256, state and nonce, the id_token verified with jose
 * against the provider's JWKS (issuer, audience, expiry, nonce), and userinfo when the id_token
 * carries no email. The built-in local provider goes through this same code.
 */
import { createRemoteJWKSet, customFetch, jwtVerify, type JWTVerifyGetKey } from 'jose';
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

export interface OidcOptions {
  id: string;
  displayName: string;
  issuer: string;
  clientId: string;
  clientSecret?: string | undefined;
  scopes?: string;
  fetch?: FetchLike;
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
  token_endpoint_auth_methods_supported?: string[];
  id_token_signing_alg_values_supported?: string[];
}

export class OidcProvider implements OAuthProvider {
  readonly kind = 'oidc' as const;
  readonly id: string;
  readonly displayName: string;
  private readonly fetch: FetchLike;
  private discovery: Promise<Discovery> | undefined;
  private jwks: JWTVerifyGetKey | undefined;

  constructor(private readonly o: OidcOptions) {
    this.id = o.id;
    this.displayName = o.displayName;
    this.fetch = o.fetch ?? ((url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(10_000) }));
  }

  private discover(): Promise<Discovery> {
    this.discovery ??= (async () => {
      const url = `${this.o.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
      const doc = (await readJson(
        await this.fetch(url, { headers: { accept: 'application/json' } }),
        'OIDC discovery',
      )) as unknown as Discovery;
      if (doc.issuer !== this.o.issuer && doc.issuer !== this.o.issuer.replace(/\/$/, '')) {
        throw new OAuthError(`OIDC discovery: issuer ${doc.issuer} does not match ${this.o.issuer}`);
      }
      for (const k of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
        if (typeof doc[k] !== 'string') throw new OAuthError(`OIDC discovery: ${k} missing`);
      }
      this.jwks = createRemoteJWKSet(new URL(doc.jwks_uri), {
        [customFetch]: (url: string, init: RequestInit) => this.fetch(url, init),
      } as Parameters<typeof createRemoteJWKSet>[1]);
      return doc;
    })().catch((err) => {
      this.discovery = undefined; // try again next time
      throw err instanceof OAuthError ? err : new OAuthError(`OIDC discovery failed: ${(err as Error).message}`);
    });
    return this.discovery;
  }

  async authorizationUrl(p: AuthorizationParams): Promise<string> {
    const d = await this.discover();
    const u = new URL(d.authorization_endpoint);
    u.search = formBody({
      response_type: 'code',
      client_id: this.o.clientId,
      redirect_uri: p.redirectUri,
      scope: this.o.scopes ?? 'openid email profile',
      state: p.state,
      nonce: p.nonce,
      code_challenge: p.codeChallenge,
      code_challenge_method: 'S256',
    });
    return u.toString();
  }

  async exchangeCode(p: CodeExchange): Promise<ExternalIdentity> {
    const d = await this.discover();
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
    const fields: Record<string, string | undefined> = {
      grant_type: 'authorization_code',
      code: p.code,
      redirect_uri: p.redirectUri,
      code_verifier: p.codeVerifier,
    };
    const methods = d.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    if (this.o.clientSecret && methods.includes('client_secret_basic')) {
      const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
      headers.authorization = `Basic ${Buffer.from(`${enc(this.o.clientId)}:${enc(this.o.clientSecret)}`).toString('base64')}`;
    } else {
      fields.client_id = this.o.clientId;
      if (this.o.clientSecret) fields.client_secret = this.o.clientSecret;
    }
    const tokens = await readJson(await this.fetch(d.token_endpoint, { method: 'POST', headers, body: formBody(fields) }), 'OIDC token');
    if (typeof tokens.id_token !== 'string') throw new OAuthError('OIDC token: no id_token');

    let claims: Record<string, unknown>;
    try {
      const verified = await jwtVerify(tokens.id_token, this.jwks!, {
        issuer: d.issuer,
        audience: this.o.clientId,
        clockTolerance: 30,
      });
      claims = verified.payload as Record<string, unknown>;
    } catch (err) {
      throw new OAuthError(`OIDC id_token rejected: ${(err as Error).message}`, 'invalid_id_token');
    }
    if (claims.nonce !== p.nonce) throw new OAuthError('OIDC id_token: nonce does not match', 'invalid_id_token');
    if (typeof claims.sub !== 'string' || !claims.sub) throw new OAuthError('OIDC id_token: no sub', 'invalid_id_token');

    if (typeof claims.email !== 'string' && d.userinfo_endpoint && typeof tokens.access_token === 'string') {
      const info = await readJson(
        await this.fetch(d.userinfo_endpoint, { headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json' } }),
        'OIDC userinfo',
      );
      if (info.sub !== claims.sub) throw new OAuthError('OIDC userinfo: sub does not match the id_token');
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
