/**
 * The signed-in user as the web keeps it (SPEC §3 User). Mirrors the accounts contract's user
 * shape; fields the server may omit are optional so an older stored `user` still parses.
 */
export interface ProfileLink {
  label: string;
  url: string;
}
export type ProfileImageStatus = 'NONE' | 'PENDING' | 'READY' | 'FAILED';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  username?: string | null;
  roles: string[];
  systemRole?: string | null;
  profileImage?: string | null;
  profileImageStatus?: ProfileImageStatus | null;
  bio?: string | null;
  links?: ProfileLink[] | null;
}

/** POST /api/auth/login (read from data.data), also the refresh answer's token part. */
export interface LoginResult {
  accessToken: string;
  refreshToken: string;
  email?: string;
  username?: string | null;
  roles?: string[];
  user?: SessionUser;
}

export const ADMIN_ROLES = ['ROLE_ADMIN', 'ADMIN'] as const;

/** True when the user's roles list or systemRole holds one of `roles` (SPEC §6). */
export function hasAnyRole(user: Pick<SessionUser, 'roles' | 'systemRole'> | null | undefined, roles: readonly string[]): boolean {
  if (!user) return false;
  if (user.systemRole && roles.includes(user.systemRole)) return true;
  return (user.roles ?? []).some((r) => roles.includes(r));
}
export const isAdminUser = (user: Pick<SessionUser, 'roles' | 'systemRole'> | null | undefined) => hasAnyRole(user, ADMIN_ROLES);
