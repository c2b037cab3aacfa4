/** Social-login providers behind one interface: authorization-code flow with PKCE (S256). */

/** Who the provider says the user is. Only a verified email may link to an existing account. */
export interface ExternalIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export interface AuthorizationParams {
  state: string;
  nonce: string;
  codeChallenge: string;
  redirectUri: string;
}

export interface CodeExchange {
  code: string;
  codeVerifier: string;
  redirectUri: string;
  nonce: string;
  /** the callback's `state` (already matched to this browser) and RFC 9207 `iss`, checked again by the OIDC client */
  state?: string;
  iss?: string;
}

export interface OAuthProvider {
  id: string;
  displayName: string;
  kind: 'oidc' | 'oauth2';
  /** Where to send the browser. */
  authorizationUrl(p: AuthorizationParams): Promise<string>;
  /** Exchange the code (with the PKCE verifier) and return the verified identity. Throws OAuthError. */
  exchangeCode(p: CodeExchange): Promise<ExternalIdentity>;
}

export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

/** A provider answered something we cannot accept (bad token, bad signature, network failure). */
export class OAuthError extends Error {
  constructor(
    message: string,
    readonly reason: string = 'provider_error',
  ) {
    super(message);
    this.name = 'OAuthError';
  }
}

export async function readJson(res: Response, what: string): Promise<Record<string, unknown>> {
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new OAuthError(`${what}: not JSON (HTTP ${res.status})`);
  }
  if (!res.ok) {
    const err = body && typeof body === 'object' ? (body as Record<string, unknown>).error : undefined;
    throw new OAuthError(`${what}: HTTP ${res.status}${err ? ` ${String(err)}` : ''}`, typeof err === 'string' ? err : 'provider_error');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new OAuthError(`${what}: not a JSON object`);
  return body as Record<string, unknown>;
}

export function isTrue(v: unknown): boolean {
  return v === true || v === 'true';
}
