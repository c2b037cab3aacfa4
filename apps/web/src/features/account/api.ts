/** The signed-in user's own account (SPEC §7 Users) and its query hooks. */
import { accountDeactivated, accountDeleted, passwordChanged, profile, type Profile } from '@moim/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { usersPaths } from '../../shared/api/paths/users';
import type { ProfileLink } from '../../shared/auth/types';

/** GET/PUT /api/users/me (contract `profile`). */
export type MeProfile = Profile;

export interface ProfileUpdate {
  name?: string;
  username?: string | null;
  bio?: string | null;
  links?: ProfileLink[];
}

/** PUT /api/users/me with a new picture (contract `profileImageData`). */
export interface ImageUpload {
  profileImageData: { base64: string; fileName: string; mimeType: string } | null;
}

export type AccountConfirm = { password: string } | { confirmation: string };

/** The account's keys: the caller's own profile and its sign-in factors. */
export const accountKeys = {
  me: () => ['users', 'me'] as const,
  passkeys: () => ['auth', 'passkeys'] as const,
  secondFactor: () => ['auth', 'second-factor'] as const,
};

/** Development and tests check every response against its contract schema (docs/web-shell.md "Typed calls"). */
const DEV = import.meta.env.DEV;

export const accountApi = {
  me: () => api.get(usersPaths.me, { schema: DEV && profile }),
  update: (body: ProfileUpdate | ImageUpload) => api.put(usersPaths.me, body, { schema: DEV && profile }),
  /** The other sessions end; this one stays signed in with its tokens (no new tokens come back). */
  changePassword: (currentPassword: string, newPassword: string) =>
    api.put(usersPaths.password, { currentPassword, newPassword }, { schema: DEV && passwordChanged }),
  /** `password` for accounts that have one; social-only accounts confirm with their email. */
  deactivate: (confirm: AccountConfirm) => api.post(usersPaths.deactivate, confirm, { schema: DEV && accountDeactivated }),
  remove: (confirm: AccountConfirm) => api.delete(usersPaths.me, { body: confirm, schema: DEV && accountDeleted }),
};

export const meQuery = () => queryOptions({ queryKey: accountKeys.me(), queryFn: accountApi.me, staleTime: 10_000 });

export function useMe() {
  return useQuery(meQuery());
}
