/** The session calls of SPEC §7 (Auth) and the current user. */
import { api, refreshSession } from '../api/client';
import { apiPaths } from '../api/paths';
import type { LoginResult, SessionUser } from './types';

export const authApi = {
  login: (email: string, password: string) => api.post<LoginResult>(apiPaths.auth.login, { email, password }),
  logout: (refreshToken: string | null) => api.post<unknown>(apiPaths.auth.logout, refreshToken ? { refreshToken } : {}),
  validate: () => api.get<unknown>(apiPaths.auth.validate),
  me: () => api.get<SessionUser>(apiPaths.users.me),
  refresh: refreshSession,
};

/** Builds a session user from a login answer when /api/users/me is not reachable. */
export function userFromLogin(r: LoginResult): SessionUser | null {
  if (r.user) return r.user;
  if (!r.email) return null;
  return { id: '', email: r.email, name: r.username ?? r.email.split('@')[0]!, username: r.username ?? null, roles: r.roles ?? [] };
}
