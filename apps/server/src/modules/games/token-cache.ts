/**
 * The hot board reads (around-me, global with the caller's rank) verify the same access token
 * on every poll. Verifying an HS256 JWT costs more than the rest of such a request, so these
 * routes remember a token they verified until it expires (at most a minute): the same answer
 * the guard would give, without the signature check each time. Tokens are only remembered
 * after the shared guard accepted them; access tokens are stateless, so nothing is lost.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { bearerToken, type AuthUser } from '../../http/auth-guard.ts';

const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 10_000;

function expiryMs(token: string): number {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : 0;
  } catch {
    return 0;
  }
}

export function cachedGuards(ctx: AppContext) {
  const cache = new Map<string, { user: AuthUser; until: number }>();

  function remembered(request: FastifyRequest): boolean {
    const token = bearerToken(request);
    if (!token) return false;
    const hit = cache.get(token);
    if (!hit) return false;
    if (hit.until <= Date.now()) {
      cache.delete(token);
      return false;
    }
    request.user = hit.user;
    return true;
  }

  function remember(request: FastifyRequest) {
    const token = bearerToken(request);
    if (!token || !request.user) return;
    const until = Math.min(expiryMs(token), Date.now() + MAX_AGE_MS);
    if (until <= Date.now()) return;
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(token, { user: request.user, until });
  }

  return {
    requireAuth: async (request: FastifyRequest, reply: FastifyReply) => {
      if (remembered(request)) return;
      await ctx.guards.requireAuth(request, reply);
      remember(request);
    },
    optionalAuth: async (request: FastifyRequest, reply: FastifyReply) => {
      if (remembered(request)) return;
      await ctx.guards.optionalAuth(request, reply);
      remember(request);
    },
  };
}
