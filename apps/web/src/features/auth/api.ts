/** Account-entry calls (SPEC §7 Auth/Users) and their query hooks. */
import { useQuery } from '@tanstack/react-query';
import { api, buildQuery } from '../../shared/api/client';
import { apiPaths } from '../../shared/api/paths';
import { currentLocale } from '../../shared/i18n';

export interface OAuthProvider {
  id: string;
  name: string;
}

/** Accepts ['kakao'] or [{ id|provider, name|displayName|label }] or { providers: [...] }. */
export function normaliseProviders(data: unknown): OAuthProvider[] {
  const list = Array.isArray(data)
    ? data
    : Array.isArray((data as { providers?: unknown })?.providers)
      ? (data as { providers: unknown[] }).providers
      : [];
  return list
    .map((p): OAuthProvider | null => {
      if (typeof p === 'string') return { id: p, name: p };
      if (!p || typeof p !== 'object') return null;
      const o = p as Record<string, unknown>;
      const id = (o.id ?? o.provider ?? o.key ?? o.name) as string | undefined;
      if (!id || typeof id !== 'string') return null;
      const name = (o.displayName ?? o.name ?? o.label ?? id) as string;
      return { id, name: String(name) };
    })
    .filter((p): p is OAuthProvider => p !== null);
}

/** Providers the catalogue names (the server's display names are Korean); others by the server's name. */
const NAMED_PROVIDERS = new Set(['kakao', 'local']);

/** A provider's name in the reader's language. */
export function providerName(p: OAuthProvider, t: (key: string) => string): string {
  return NAMED_PROVIDERS.has(p.id) ? t(`social.${p.id}`) : p.name;
}

export function useOAuthProviders() {
  return useQuery({
    queryKey: ['auth', 'oauth-providers'],
    queryFn: async () => normaliseProviders(await api.get<unknown>(apiPaths.auth.oauthProviders)),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export const oauthStartUrl = (provider: string, returnTo: string) => `${apiPaths.auth.oauthStart(provider)}${buildQuery({ returnTo })}`;

export const accountEntryApi = {
  /** The UI language goes along: the language of the mails and notifications the server writes. */
  register: (body: { name: string; email: string; password: string; username?: string }) =>
    api.post<unknown>(apiPaths.users.register, { ...body, locale: currentLocale() }),
  /** A failed check counts as available (SPEC §5). */
  checkEmail: async (email: string, signal?: AbortSignal): Promise<boolean> => {
    try {
      const r = await api.post<{ available?: boolean }>(apiPaths.users.checkEmail, { email }, { signal });
      return r?.available !== false;
    } catch (err) {
      if (signal?.aborted) throw err;
      return true;
    }
  },
  requestReset: (email: string) => api.post<unknown>(apiPaths.auth.resetRequest, { email }),
  confirmReset: (token: string, newPassword: string) => api.post<unknown>(apiPaths.auth.resetConfirm, { token, newPassword }),
};

/** Where the social-login test page keeps the last callback result (this tab only). */
export const OAUTH_RESULT_KEY = 'oauth-test-result';
