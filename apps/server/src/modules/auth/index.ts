/**
 * The auth module's public interface, in two layers (docs/architecture.md):
 * - `createAuthSessions` (lower, no other module): passwords and the session store. The users
 *   module receives it as its `UserCredentials` port and calls it downward.
 * - `createAuthModule` (upper, depends on users and mail): login, refresh, logout, validate,
 *   password reset, social login, and the loader behind `ctx.sessions`.
 */
import type { AppContext } from '../../context.ts';
import { sweepLocalProvider } from '../../providers/oauth/local-provider.ts';
import { buildOAuthProviders } from '../../providers/oauth/registry.ts';
import type { ServerModule } from '../types.ts';
import type { AuthDeps } from './deps.ts';
import { LoginThrottle } from './login-throttle.ts';
import { OAuthService } from './oauth.ts';
import { secondFactorAdminRoutes } from './second-factor-admin-routes.ts';
import { createSecondFactorRecovery } from './second-factor-recovery.ts';
import { authRoutes, inProcessFetch } from './routes.ts';
import { SecondFactorService } from './second-factor.ts';
import { AuthService, sessionIssuer } from './service.ts';
import { passkeyRoutes } from './passkeys/routes.ts';
import { createPasskeyService } from './passkeys/service.ts';
import { authPrivacy } from './personal-data.ts';
import { secondFactorSeeder } from './second-factor-seed.ts';

export { createAuthSessions, type AuthService, type AuthSessions, type SessionMeta } from './service.ts';
export { isMultiFactorMethod } from './passkeys/service.ts';
export type { AuthDeps } from './deps.ts';

export function createAuthModule(ctx: AppContext, deps: AuthDeps): ServerModule<AuthService> {
  const throttle = new LoginThrottle(ctx.rateLimiter, ctx.config.LOGIN_BACKOFF_BASE_MS);
  const issueSession = sessionIssuer(deps);
  const { sessions, users, securityLog } = deps;
  const secondFactor = new SecondFactorService(ctx, {
    sessions,
    users,
    passwords: sessions.passwords,
    throttle,
    issueSession,
    securityLog,
  });
  const auth = new AuthService(ctx, deps, { throttle, issueSession, secondFactor });
  // every request's session check reads through this loader (cached by ctx.sessions)
  ctx.sessions.useLoader((key) => auth.loadSessionState(key));
  const recovery = createSecondFactorRecovery(ctx, deps);
  // passkeys: sign-in issues the same session as password login
  const passkeys = createPasskeyService(ctx, { users, issueSession, securityLog });
  ctx.jobs.every('auth.sweep', 60 * 60_000, async () => {
    await auth.sweep();
    await passkeys.sweep();
    if (ctx.config.oauthLocalEnabled) await sweepLocalProvider(ctx.db);
  });
  const passkeyRoutesOf = passkeyRoutes(ctx, passkeys);
  const recoveryRoutes = secondFactorAdminRoutes(ctx, recovery);
  return {
    name: 'auth',
    api: auth,
    routes: async (app) => {
      // social login: the local provider is reached in-process through this very app
      const providers = buildOAuthProviders(ctx.config, { localFetch: inProcessFetch(app, new URL(ctx.config.publicUrl).origin) });
      const oauth = new OAuthService(ctx, providers, { users, issueSession, securityLog });
      await authRoutes(ctx, auth, oauth)(app);
      await passkeyRoutesOf(app);
      await recoveryRoutes(app);
    },
    seeder: secondFactorSeeder(deps.users),
    // erasure: users' deletion calls `forgetUser` (sessions, social links, passkeys, the second factor)
    privacy: authPrivacy(ctx),
  };
}
