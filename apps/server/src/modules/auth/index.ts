/**
 * The auth module's public interface, in two layers (docs/architecture.md):
 * - `createAuthSessions` (lower, no other module): passwords and the session store. The users
 *   module receives it as its `UserCredentials` port and calls it downward.
 * - `createAuthModule` (upper, depends on users and mail): login, refresh, logout, validate,
 *   password reset, social login, and the loader behind `ctx.sessions`.
 */
import type { AppContext } from '../../context.ts';
import type { MailService } from '../../providers/mail/service.ts';
import { sweepLocalProvider } from '../../providers/oauth/local-provider.ts';
import type { ServerModule } from '../types.ts';
import type { SecurityLog } from '../security-log/index.ts';
import type { UsersService } from '../users/index.ts';
import { authRoutes } from './routes.ts';
import { createAuthService, type AuthService, type AuthSessions } from './service.ts';
import { passkeyRoutes } from './passkeys/routes.ts';
import { createPasskeyService } from './passkeys/service.ts';
import { secondFactorSeeder } from './second-factor-seed.ts';

export { createAuthSessions, type AuthService, type AuthSessions, type SessionMeta } from './service.ts';
export { isMultiFactorMethod } from './passkeys/service.ts';

export function createAuthModule(
  ctx: AppContext,
  deps: { sessions: AuthSessions; users: UsersService; mail: MailService; securityLog: Pick<SecurityLog, 'record' | 'mask'> },
): ServerModule<AuthService> {
  const auth = createAuthService(ctx, deps);
  // passkeys: sign-in issues the same session as password login (auth.issueSession)
  const passkeys = createPasskeyService(ctx, { users: deps.users, issueSession: auth.issueSession, securityLog: deps.securityLog });
  ctx.jobs.every('auth.sweep', 60 * 60_000, async () => {
    await auth.sweep();
    await passkeys.sweep();
    if (ctx.config.oauthLocalEnabled) await sweepLocalProvider(ctx.db);
  });
  const routes = authRoutes(ctx, auth, deps.users, deps.securityLog);
  const passkeyRoutesOf = passkeyRoutes(ctx, passkeys);
  return {
    name: 'auth',
    api: auth,
    routes: async (app) => {
      await routes(app);
      await passkeyRoutesOf(app);
    },
    seeder: secondFactorSeeder(deps.users),
  };
}
