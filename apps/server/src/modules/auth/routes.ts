/**
 * /api/auth: login, refresh, logout, validate, password reset, social login (and the built-in
 * local OpenID provider when enabled). Built by `createAuthModule` (index.ts).
 */
import {
  envelope,
  loginRequest,
  loginResponse,
  logoutRequest,
  logoutResponse,
  normalizeEmail,
  oauthCallbackQuery,
  oauthProviderList,
  oauthProviderParam,
  oauthStartQuery,
  passwordResetConfirm,
  passwordResetDone,
  passwordResetRequest,
  passwordResetRequested,
  refreshRequest,
  user,
} from '@moim/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { bearerToken } from '../../http/auth-guard.ts';
import { ok } from '../../http/envelope.ts';
import { requestLocale } from '../../http/locale.ts';
import { isAllowedOrigin, requestOrigin } from '../../http/origin.ts';
import { loadSubsetFaces } from '../../http/page-font.ts';
import { defaultWebDist } from '../../paths.ts';
import { renderErrorText } from '../../i18n/error-texts.ts';
import { LOCAL_CLIENT_ID, localClientSecret, registerLocalProvider } from '../../providers/oauth/local-provider.ts';
import { callbackUrl, localIssuer } from '../../providers/oauth/registry.ts';
import type { FetchLike } from '../../providers/oauth/types.ts';
import { errorFragment, type OAuthService, type Redirect } from './oauth.ts';
import { ACCOUNT_LIMITS } from '../users/index.ts';
import type { AuthService } from './service.ts';
import { secondFactorRoutes } from './second-factor-routes.ts';

const bearer = [{ bearerAuth: [] }];

/** moim reaching its own local provider: through Fastify in-process, not over the network. */
export function inProcessFetch(app: FastifyInstance, origin: string): FetchLike {
  return async (url, init = {}) => {
    const u = new URL(url);
    if (u.origin !== origin) return fetch(url, init);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => (headers[k] = v));
    // the OIDC client sends its forms as URLSearchParams
    const body = init.body instanceof URLSearchParams ? init.body.toString() : init.body;
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: u.pathname + u.search,
      headers,
      ...(typeof body === 'string' ? { payload: body } : {}),
    });
    const h = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers: h });
  };
}

/** The callback's own origin when allowed (it must equal the redirect_uri the login started with). */
function callbackOrigin(request: FastifyRequest, config: AppContext['config']): { origin?: string } {
  const from = requestOrigin(request, config);
  return from.ok ? { origin: from.origin } : {};
}

function sendRedirect(reply: FastifyReply, r: Redirect) {
  for (const c of r.cookies) reply.header('set-cookie', c);
  return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(r.location, 302);
}

export function authRoutes(ctx: AppContext, auth: AuthService, oauth: OAuthService) {
  return async (scope: FastifyInstance) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    await auth.passwords.warm();

    // tokens and account data are never cached (RFC 6749 §5.1)
    scope.addHook('onSend', async (_request, reply, payload) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      return payload;
    });

    const limit = ctx.rateLimiter;
    const ip = (r: FastifyRequest) => `ip:${r.ip}`;

    app.post(
      '/auth/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Log in with email (or username) and password',
          description:
            '`email`, or `username` holding the email or the username (one of them is required, VAL-2003). ' +
            'Wrong account and wrong password both answer AUTH-1001. A deactivated account answers AUTH-1006 (only with the right password). ' +
            'Limits (429 BIZ-3004 with Retry-After): 20 attempts per IP per 15 minutes; per account and IP, a delay doubling from ' +
            '1 s after each failure and no more than 5 attempts without a success per 15 minutes. Failures from one address never lock ' +
            'the account for another.',
          body: loginRequest,
          response: { 200: envelope(loginResponse) },
        },
        preHandler: limit.hook(ACCOUNT_LIMITS.loginPerIp, ip),
      },
      async (request) => {
        const { email, username, password } = request.body;
        return ok(await auth.login({ email, username }, password, { ip: request.ip, userAgent: request.headers['user-agent'] }));
      },
    );

    app.post(
      '/auth/refresh',
      {
        schema: {
          tags: ['auth'],
          summary: 'Exchange a refresh token for new tokens (rotation)',
          description:
            'Answers a new access token AND a new refresh token; the one sent is dead afterwards. Sending it again within ' +
            `${ctx.config.REFRESH_REUSE_GRACE_SECONDS} s of its first use (two tabs refreshing at once) answers the same new refresh token; ` +
            'later, it revokes every token of that login (AUTH-1003).',
          body: refreshRequest,
          response: { 200: envelope(loginResponse) },
        },
        preHandler: limit.hook(ACCOUNT_LIMITS.refreshPerIp, ip),
      },
      async (request) => ok(await auth.refresh(request.body.refreshToken)),
    );

    app.post(
      '/auth/logout',
      {
        schema: {
          tags: ['auth'],
          summary: 'Log out: revoke this login (and the given refresh token’s)',
          description: 'Needs the access token, or the refresh token in the body (so an expired access token can still log out).',
          security: bearer,
          body: logoutRequest,
          response: { 200: envelope(logoutResponse) },
        },
      },
      async (request) => {
        const refreshToken = request.body?.refreshToken;
        const token = bearerToken(request);
        let caller = null;
        if (token) {
          try {
            caller = await ctx.tokens.verify(token);
          } catch (err) {
            if (!refreshToken) throw err;
          }
        } else if (!refreshToken) {
          throw new AppError(request.headers.authorization ? 'AUTH-1003' : 'AUTH-1007');
        }
        await auth.logout(caller, refreshToken);
        return ok({ loggedOut: true as const });
      },
    );

    app.get(
      '/auth/validate',
      {
        schema: {
          tags: ['auth'],
          summary: 'The user behind a valid access token',
          description: 'AUTH-1002 expired, AUTH-1003 forged or logged out, AUTH-1006 deactivated account.',
          security: bearer,
          response: { 200: envelope(user) },
        },
        preHandler: ctx.guards.requireAuth,
      },
      async (request) => ok(await auth.validate(request.user!)),
    );

    app.post(
      '/auth/password-reset/request',
      {
        schema: {
          tags: ['auth'],
          summary: 'Mail a one-time password-reset link (same answer whether or not the email exists)',
          body: passwordResetRequest,
          response: { 200: envelope(passwordResetRequested) },
        },
        preHandler: [
          limit.hook(ACCOUNT_LIMITS.resetRequestPerIp, ip),
          limit.hook(ACCOUNT_LIMITS.resetRequestPerEmail, (request) => normalizeEmail((request.body as { email: string }).email)),
        ],
      },
      async (request) => {
        await auth.requestPasswordReset(request.body.email);
        return ok({
          requested: true as const,
          message: renderErrorText('auth.resetLinkSent', requestLocale(request)),
        });
      },
    );

    app.post(
      '/auth/password-reset/confirm',
      {
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with the link’s token; every session is revoked',
          description: 'Unknown token AUTH-1003; used or expired token BIZ-3002.',
          body: passwordResetConfirm,
          response: { 200: envelope(passwordResetDone) },
        },
        preHandler: limit.hook(ACCOUNT_LIMITS.resetConfirmPerIp, ip),
      },
      async (request) => {
        await auth.confirmPasswordReset(request.body.token, request.body.newPassword);
        return ok({ reset: true as const });
      },
    );

    // --- second factor and step-up (second-factor-routes.ts) ------------------------------------
    await secondFactorRoutes(ctx, auth.secondFactor)(scope);

    // --- social login ------------------------------------------------------------------------

    app.get(
      '/auth/oauth/providers',
      { schema: { tags: ['auth'], summary: 'Enabled social-login providers', response: { 200: envelope(oauthProviderList) } } },
      async () => ok(oauth.list()),
    );

    app.get(
      '/auth/oauth/:provider/start',
      {
        schema: {
          tags: ['auth'],
          summary: 'Begin social login (a browser navigation): 302 to the provider',
          params: oauthProviderParam,
          querystring: oauthStartQuery,
        },
        preHandler: limit.hook(ACCOUNT_LIMITS.oauthPerIp, ip),
      },
      async (request, reply) => {
        const from = requestOrigin(request, ctx.config);
        if (!from.ok) {
          // a relative address: the visitor stays on the host they opened and reads why
          const text = { key: 'auth.oauthWrongOrigin', params: { opened: from.opened, publicOrigin: from.publicOrigin } } as const;
          return sendRedirect(reply, { location: errorFragment('BIZ-3005', requestLocale(request), text), cookies: [] });
        }
        return sendRedirect(reply, await oauth.start(request.params.provider, request.query.returnTo, from.origin, requestLocale(request)));
      },
    );

    app.get(
      '/auth/oauth/:provider/callback',
      {
        schema: {
          tags: ['auth'],
          summary: 'Provider redirect target: 302 to /auth/callback#accessToken=…&refreshToken=… or #error=…',
          params: oauthProviderParam,
          querystring: oauthCallbackQuery,
        },
        preHandler: limit.hook(ACCOUNT_LIMITS.oauthPerIp, ip),
      },
      async (request, reply) =>
        sendRedirect(
          reply,
          await oauth.callback(request.params.provider, request.query, request.headers.cookie, {
            ip: request.ip,
            locale: requestLocale(request),
            ...callbackOrigin(request, ctx.config),
            ...(request.headers['user-agent'] ? { userAgent: request.headers['user-agent'] } : {}),
          }),
        ),
    );

    if (ctx.config.oauthLocalEnabled) {
      await scope.register(async (sub) =>
        registerLocalProvider(sub, ctx.db, {
          pageFont: loadSubsetFaces(ctx.config.WEB_DIST_DIR ?? defaultWebDist),
          issuer: localIssuer(ctx.config),
          clientSecret: localClientSecret(ctx.config.jwtSecret),
          isRedirectUri: (uri) => {
            try {
              const u = new URL(uri);
              return isAllowedOrigin(u.origin, ctx.config) && uri === callbackUrl(ctx.config, 'local', u.origin);
            } catch {
              return false;
            }
          },
        }),
      );
      ctx.log.debug({ clientId: LOCAL_CLIENT_ID }, 'local OpenID provider mounted');
    }
  };
}
