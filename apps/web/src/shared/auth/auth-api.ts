/** The session calls of SPEC §7 (Auth) and the current user. */
import { loginResponse, logoutResponse, profile, user } from '@moim/contract';
import { api, refreshSession } from '../api/client';
import { shellPaths } from '../api/paths/shell';
import type { LoginResult, SessionUser } from './types';

/** Development and tests check every response against its contract schema (docs/web-shell.md "Typed calls"). */
const DEV = import.meta.env.DEV;

export const authApi = {
  login: (email: string, password: string) => api.post(shellPaths.auth.login, { email, password }, { schema: DEV && loginResponse }),
  logout: (refreshToken: string | null) =>
    api.post(shellPaths.auth.logout, refreshToken ? { refreshToken } : {}, { schema: DEV && logoutResponse }),
  /** The token's user (contract `user`); a 401 when the token is no longer valid. */
  validate: () => api.get(shellPaths.auth.validate, { schema: DEV && user }),
  me: (): Promise<SessionUser> => api.get(shellPaths.users.me, { schema: DEV && profile }),
  refresh: refreshSession,
};

/** Builds a session user from a login answer when /api/users/me is not reachable. */
export function userFromLogin(r: LoginResult): SessionUser | null {
  if (r.user) return r.user;
  if (!r.email) return null;
  return { id: '', email: r.email, name: r.username ?? r.email.split('@')[0]!, username: r.username ?? null, roles: r.roles ?? [] };
}
