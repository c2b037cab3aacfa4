/**
 * Social login, authorization-code flow with PKCE (S256), `state` and `nonce`:
 *   /start     stores state (hashed), PKCE verifier, nonce and returnTo server-side for 10 minutes,
 *              binds the attempt to this browser with an HttpOnly cookie, and 302s to the provider;
 *   /callback  takes the state (one-time; the cookie must match), exchanges the code, and signs in:
 *              an account already linked to (provider, subject), else an account with the same
 *              VERIFIED email (then linked), else a new account without a password.
 * The browser ends at /auth/callback with the tokens in the URL fragment (never the query string,
 * so they reach neither server logs nor Referer headers), or `#error=<code>&message=…`.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { NAME_MAX_LENGTH, errorMessage, safeReturnTo, type ErrorCode, type OAuthProviderInfo } from '@moim/contract';
import type { AppContext } from '../../context.ts';
import type { SecurityLog } from '../security-log/index.ts';
import type { UsersService } from '../users/index.ts';
import type { AuthService } from './service.ts';
import { AppError } from '../../http/app-error.ts';
import { type ErrorText, renderErrorText } from '../../i18n/error-texts.ts';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/messages.ts';
import { callbackUrl } from '../../providers/oauth/registry.ts';
import { OAuthError, type ExternalIdentity, type OAuthProvider } from '../../providers/oauth/types.ts';
import * as repo from './repo.ts';
import { randomToken, sha256 } from './service.ts';

export const OAUTH_STATE_TTL_MS = 10 * 60_000;
const COOKIE_PATH = '/api/auth/oauth';

export interface CallbackQuery {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
  error_description?: string | undefined;
  /** RFC 9207: the issuer that answered (checked against the provider's by the OIDC client) */
  iss?: string | undefined;
}

export interface Redirect {
  location: string;
  /** Set-Cookie values to send with it */
  cookies: string[];
}

const cookieName = (stateHash: string) => `moim_oauth_${stateHash.slice(0, 16)}`;

export function parseCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out.set(part.slice(0, i).trim(), part.slice(i + 1).trim());
  }
  return out;
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A provider's display name for a new account: no control characters, at most 50 characters. */
function cleanName(name: string | null, email: string): string {
  // eslint-disable-next-line no-control-regex
  const n = (name ?? '').replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g, '').trim();
  const fallback = email.split('@')[0] || 'moim 사용자';
  return [...(n || fallback)].slice(0, NAME_MAX_LENGTH).join('');
}

/** The web's callback page with a refusal: its code and its message in the reader's language. */
export function errorFragment(code: ErrorCode, locale: Locale, text?: ErrorText): string {
  const message = text === undefined ? errorMessage(code, locale) : renderErrorText(text, locale);
  return fragmentOf(code, message);
}

function fragmentOf(code: ErrorCode, message: string): string {
  return `/auth/callback#${new URLSearchParams({ error: code, message }).toString()}`;
}

/** How a social sign-in ended, gathered along the callback for its log entry. */
interface SocialOutcome {
  userId?: string;
  subjectId?: string;
  reason?: string;
  email?: string;
}

export class OAuthService {
  private readonly secure: boolean;

  constructor(
    private readonly ctx: AppContext,
    readonly providers: Map<string, OAuthProvider>,
    private readonly deps: {
      users: UsersService;
      issueSession: AuthService['issueSession'];
      securityLog: Pick<SecurityLog, 'record' | 'mask'>;
    },
  ) {
    this.secure = ctx.config.publicUrl.startsWith('https:');
  }

  private cookie(name: string, value: string, maxAgeSeconds: number): string {
    return `${name}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${this.secure ? '; Secure' : ''}`;
  }

  private async signIn(providerId: string, identity: ExternalIdentity) {
    const linked = await repo.findOAuthAccount(this.ctx.db, providerId, identity.subject);
    if (linked) {
      const acct = await this.deps.users.findAccount(linked.userId);
      if (!acct || acct.status === 'DELETED') throw new AppError('AUTH-1003', 'auth.accountDeleted');
      if (acct.status === 'DEACTIVATED') throw new AppError('AUTH-1006');
      await repo.touchOAuthAccount(this.ctx.db, linked.id);
      return { user: acct, created: false };
    }
    if (!identity.email || !identity.emailVerified) throw new AppError('AUTH-1009');
    let acct = await this.deps.users.findAccountByEmail(identity.email);
    let created = false;
    if (acct) {
      if (acct.status === 'DEACTIVATED') throw new AppError('AUTH-1006');
      if (acct.status === 'DELETED') throw new AppError('AUTH-1003', 'auth.accountDeleted');
    } else {
      try {
        await this.deps.users.createUser({ email: identity.email, name: cleanName(identity.name, identity.email), emailVerified: true });
        created = true;
      } catch (err) {
        // the same person finishing two logins at once: the other one created the account
        if (!(err instanceof AppError && err.code === 'VAL-2005')) throw err;
      }
      acct = await this.deps.users.findAccountByEmail(identity.email);
      if (!acct) throw new AppError('SYS-5001');
    }
    await repo.linkOAuthAccount(this.ctx.db, { provider: providerId, subject: identity.subject, userId: acct.id, email: identity.email });
    this.ctx.log.info(
      { userId: acct.id, provider: providerId, created },
      created ? 'account created by social login' : 'social login linked to an account',
    );
    return { user: acct, created };
  }

  list(): OAuthProviderInfo[] {
    return [...this.providers.values()].map((p) => ({
      id: p.id,
      displayName: p.displayName,
      kind: p.kind,
      startUrl: `/api/auth/oauth/${p.id}/start`,
    }));
  }

  /** origin: the allowed origin the visitor opened (http/origin.ts); the callback comes back there */
  async start(providerId: string, returnTo: string | undefined, origin?: string, locale: Locale = DEFAULT_LOCALE): Promise<Redirect> {
    const provider = this.providers.get(providerId);
    if (!provider) return { location: errorFragment('BIZ-3001', locale, 'auth.oauthUnknownProvider'), cookies: [] };
    const state = randomToken();
    const codeVerifier = randomToken();
    const nonce = randomToken(16);
    const binding = randomToken();
    const stateHash = sha256(state);
    const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
    let location: string;
    try {
      location = await provider.authorizationUrl({
        state,
        nonce,
        codeChallenge,
        redirectUri: callbackUrl(this.ctx.config, providerId, origin),
      });
    } catch (err) {
      this.ctx.log.warn({ err, provider: providerId }, 'social login could not start');
      return { location: errorFragment('AUTH-1008', locale, 'auth.oauthProviderDown'), cookies: [] };
    }
    await repo.insertOAuthState(this.ctx.db, {
      stateHash,
      provider: providerId,
      codeVerifier,
      nonce,
      returnTo: safeReturnTo(returnTo),
      browserBindingHash: sha256(binding),
      expiresAt: new Date(Date.now() + OAUTH_STATE_TTL_MS),
    });
    return { location, cookies: [this.cookie(cookieName(stateHash), binding, OAUTH_STATE_TTL_MS / 1000)] };
  }

  /** The provider's redirect back; every ending, signed in or refused, is a security-log entry. */
  async callback(
    providerId: string,
    q: CallbackQuery,
    cookieHeader: string | undefined,
    meta: { ip?: string; userAgent?: string; origin?: string; locale?: Locale },
  ): Promise<Redirect> {
    const seen: SocialOutcome = {};
    const redirect = await this.callbackSteps(providerId, q, cookieHeader, meta, seen);
    const provider = providerId.slice(0, 30);
    await this.deps.securityLog.record(
      seen.userId
        ? { action: 'auth.login.social', actor: seen.userId, target: { kind: 'user', id: seen.userId }, details: { provider } }
        : {
            action: 'auth.login.social',
            actor: null,
            subjectId: seen.subjectId ?? null,
            outcome: 'failure',
            reason: seen.reason ?? 'unknown',
            details: { provider, ...(seen.email ? { email: this.deps.securityLog.mask.email(seen.email) } : {}) },
          },
    );
    return redirect;
  }

  async callbackSteps(
    providerId: string,
    q: CallbackQuery,
    cookieHeader: string | undefined,
    meta: { ip?: string; userAgent?: string; origin?: string; locale?: Locale },
    seen: SocialOutcome,
  ): Promise<Redirect> {
    const cookies: string[] = [];
    const locale = meta.locale ?? DEFAULT_LOCALE;
    const fail = (code: ErrorCode, text?: ErrorText): Redirect => {
      seen.reason = code;
      return { location: errorFragment(code, locale, text), cookies };
    };
    const provider = this.providers.get(providerId);
    if (!provider) return fail('BIZ-3001', 'auth.oauthUnknownProvider');
    if (!q.state) return fail('AUTH-1003', 'auth.oauthNoState');

    const stateHash = sha256(q.state);
    const name = cookieName(stateHash);
    cookies.push(this.cookie(name, '', 0));
    const saved = await repo.takeOAuthState(this.ctx.db, stateHash); // one-time, whatever follows
    const binding = parseCookies(cookieHeader).get(name);
    if (!saved || saved.provider !== providerId || saved.expiresAt <= new Date()) {
      return fail('AUTH-1003', 'auth.oauthStateInvalid');
    }
    if (!binding || !safeEqual(sha256(binding), saved.browserBindingHash)) {
      return fail('AUTH-1003', 'auth.oauthOtherBrowser');
    }
    if (q.error) {
      const denied = q.error === 'access_denied';
      return fail('AUTH-1008', denied ? 'auth.oauthDenied' : { key: 'auth.oauthProviderRefused', params: { error: q.error.slice(0, 50) } });
    }
    if (!q.code) return fail('AUTH-1008', 'auth.oauthNoCode');

    let identity: ExternalIdentity;
    try {
      identity = await provider.exchangeCode({
        code: q.code,
        codeVerifier: saved.codeVerifier,
        redirectUri: callbackUrl(this.ctx.config, providerId, meta.origin),
        nonce: saved.nonce,
        state: q.state,
        ...(q.iss !== undefined ? { iss: q.iss } : {}),
      });
    } catch (err) {
      this.ctx.log.warn({ err: err instanceof OAuthError ? err.message : err, provider: providerId }, 'social login: code exchange failed');
      return fail('AUTH-1008', 'auth.oauthNoProfile');
    }
    if (identity.email) seen.email = identity.email;
    try {
      const { user } = await this.signIn(providerId, identity);
      const tokens = await this.deps.issueSession(user, {
        method: `oauth:${providerId}`,
        ip: meta.ip,
        userAgent: meta.userAgent,
      });
      seen.userId = user.id;
      const fragment = new URLSearchParams({
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
        tokenType: tokens.tokenType,
        expiresIn: String(tokens.expiresIn),
        returnTo: saved.returnTo,
      });
      return { location: `/auth/callback#${fragment.toString()}`, cookies };
    } catch (err) {
      if (err instanceof AppError) {
        seen.reason = err.code;
        return { location: fragmentOf(err.code, err.render(locale)), cookies };
      }
      throw err;
    }
  }
}
