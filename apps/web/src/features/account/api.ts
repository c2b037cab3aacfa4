/** The signed-in user's own account (SPEC §7 Users) and its query hooks. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { apiPaths } from '../../shared/api/paths';
import type { ProfileLink, SessionUser } from '../../shared/auth/types';

export type MeProfile = SessionUser & { hasPassword?: boolean; socialProviders?: string[] };

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

export const meKey = ['users', 'me'] as const;

export const accountApi = {
  me: () => api.get<MeProfile>(apiPaths.users.me),
  update: (body: ProfileUpdate | ImageUpload) => api.put<MeProfile>(apiPaths.users.me, body),
  changePassword: (currentPassword: string, newPassword: string) =>
    api.put<{ changed: true; otherSessionsRevoked: number; accessToken?: string; refreshToken?: string } | null>(apiPaths.users.password, {
      currentPassword,
      newPassword,
    }),
  /** `password` for accounts that have one; social-only accounts confirm with their email. */
  deactivate: (confirm: AccountConfirm) => api.post<unknown>(apiPaths.users.deactivate, confirm),
  remove: (confirm: AccountConfirm) => api.delete<unknown>(apiPaths.users.me, { body: confirm }),
};

export function useMe() {
  return useQuery({ queryKey: meKey, queryFn: accountApi.me, staleTime: 10_000 });
}
