/**
 * Who is calling: verifies the bearer access token (a short-lived HS256 JWT signed by the
 * accounts module), checks that its session is still open and reads the account's current
 * roles (session-cache.ts), and exposes `request.user`. The token's own role claims are never
 * trusted for a decision. Routes declare what they need with `requireAuth`, `optionalAuth` or
 * `requireRole`; services still decide what the user may do with a particular resource.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from './app-error.ts';
import { declareAccess } from './route-access.ts';
import type { SessionCache } from './session-cache.ts';

export interface AuthUser {
  id: string;
  roles: string[];
  systemRole: string;
  /** refresh-token family this access token was issued with (for logout of the current session) */
  family?: string | undefined;
  /** the account has a confirmed second factor (admin routes need one) */
  secondFactor?: boolean | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export const ACCESS_TOKEN_ISSUER = 'moim';
export const ACCESS_TOKEN_AUDIENCE = 'moim-api';

/** How long a verified token is remembered (never past its own expiry). */
const VERIFIED_MEMO_MS = 60_000;
const VERIFIED_MEMO_MAX = 10_000;

export class AccessTokens {
  private readonly key: Uint8Array;
  /**
   * Tokens this process already verified: checking an HS256 signature costs more than a hot
   * read itself (leaderboards polled with a token). Only successful verifications are
   * remembered, each until min(exp, 60 s), so the answer is the one verify would give.
   */
  private readonly verified = new Map<string, { user: AuthUser; until: number }>();
  constructor(
    secret: string,
    readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(user: AuthUser): Promise<string> {
    return new SignJWT({ roles: user.roles, sys: user.systemRole, fam: user.family })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.ttlSeconds)
      .sign(this.key);
  }

  /** AUTH-1002 for an expired token, AUTH-1003 for anything forged or malformed. */
  async verify(token: string): Promise<AuthUser> {
    const hit = this.verified.get(token);
    if (hit) {
      if (hit.until > Date.now()) return hit.user;
      this.verified.delete(token);
    }
    const { expiresAt, ...user } = await this.verifySignature(token);
    if (this.verified.size >= VERIFIED_MEMO_MAX) this.verified.clear();
    const until = Math.min(expiresAt, Date.now() + VERIFIED_MEMO_MS);
    if (until > Date.now()) this.verified.set(token, { user, until });
    return user;
  }

  private async verifySignature(token: string): Promise<AuthUser & { expiresAt: number }> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ACCESS_TOKEN_ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
      });
      if (typeof payload.sub !== 'string' || !Array.isArray(payload.roles)) throw new AppError('AUTH-1003');
      return {
        id: payload.sub,
        roles: payload.roles.filter((r): r is string => typeof r === 'string'),
        systemRole: typeof payload.sys === 'string' ? payload.sys : 'ROLE_USER',
        family: typeof payload.fam === 'string' ? payload.fam : undefined,
        expiresAt: typeof payload.exp === 'number' ? payload.exp * 1000 : 0,
      };
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof joseErrors.JWTExpired) throw new AppError('AUTH-1002');
      throw new AppError('AUTH-1003');
    }
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i.exec(h.trim());
  return m?.[1];
}

/** The account has the admin role (whatever its session passed): for what the role is, not what it may do. */
export function hasAdminRole(user: AuthUser | null | undefined): boolean {
  if (!user) return false;
  return user.systemRole === 'ROLE_ADMIN' || user.roles.includes('ROLE_ADMIN') || user.roles.includes('ADMIN');
}

/**
 * May this caller use admin powers? The admin role AND a second factor passed in this session
 * (`secondFactor`, from the session check). A caller from a request always carries it; an admin
 * whose session has not passed a factor acts as a member on every route that asks this (services'
 * admin overrides: private studies, others' payments and applications …), as admin routes refuse
 * it with AUTH-1022 (docs/decisions/2026-11-29-second-factor.md). Users built by the server
 * itself (seeders, jobs) carry no `secondFactor` and are trusted as they are.
 */
export function isAdmin(user: AuthUser | null | undefined): boolean {
  return hasAdminRole(user) && user!.secondFactor !== false;
}

/**
 * The caller as the server knows them now: the token's subject and session, with the roles the
 * account has at this moment. AUTH-1003 for a logged-out or revoked session or a deleted
 * account, AUTH-1006 for a deactivated one.
 */
export async function currentUser(sessions: SessionCache, claims: AuthUser): Promise<AuthUser> {
  const state = await sessions.state({ sessionId: claims.family, userId: claims.id });
  if (!state.live) throw state.reason === 'deactivated' ? new AppError('AUTH-1006') : new AppError('AUTH-1003', 'auth.sessionRevoked');
  if (state.userId !== claims.id) throw new AppError('AUTH-1003');
  return { id: claims.id, roles: state.roles, systemRole: state.systemRole, family: claims.family, secondFactor: state.secondFactor };
}

/** AUTH-1022, naming the web app's setup page (the web turns it into a link). */
export const ADMIN_SECOND_FACTOR_SETUP_PATH = '/users/me/security';
function adminNeedsSecondFactor() {
  return new AppError(
    'AUTH-1022',
    { key: 'auth.adminSecondFactorRequired', params: { setupPath: ADMIN_SECOND_FACTOR_SETUP_PATH } },
    { reason: 'SECOND_FACTOR_SETUP_REQUIRED', setupPath: ADMIN_SECOND_FACTOR_SETUP_PATH },
  );
}

/** Builds the preHandlers bound to one token verifier and session cache. */
export function makeGuards(tokens: AccessTokens, sessions: SessionCache) {
  async function resolve(request: FastifyRequest, required: boolean): Promise<void> {
    const token = bearerToken(request);
    if (!token) {
      if (request.headers.authorization && required) throw new AppError('AUTH-1003');
      if (required) throw new AppError('AUTH-1007');
      request.user = null;
      return;
    }
    try {
      request.user = await currentUser(sessions, await tokens.verify(token));
    } catch (err) {
      // a bad or ended token makes an optional caller a guest; a failing database does not
      if (required || !(err instanceof AppError)) throw err;
      request.user = null;
    }
  }
  // Each guard carries its access declaration, from which the OpenAPI `security` of every route
  // that uses it is generated (http/route-access.ts): the document says what the guard enforces.
  return {
    requireAuth: declareAccess(async (request: FastifyRequest, _reply: FastifyReply) => resolve(request, true), { level: 'member' }),
    optionalAuth: declareAccess(async (request: FastifyRequest, _reply: FastifyReply) => resolve(request, false), {
      level: 'optional',
    }),
    requireRole: (...roles: string[]) =>
      declareAccess(
        async (request: FastifyRequest, _reply: FastifyReply) => {
          await resolve(request, true);
          const u = request.user!;
          const has = roles.some((r) => u.roles.includes(r) || u.systemRole === r) || (roles.includes('ROLE_ADMIN') && hasAdminRole(u));
          if (!has) throw new AppError('AUTH-1005');
          // every admin has a second factor and passed it in this session before using the back office (docs/accounts.md)
          if (roles.includes('ROLE_ADMIN') && !u.secondFactor) throw adminNeedsSecondFactor();
        },
        { level: 'role', roles },
      ),
  };
}
export type Guards = ReturnType<typeof makeGuards>;
