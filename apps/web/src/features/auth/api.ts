/** Account-entry calls (SPEC §7 Auth/Users) and their query hooks. */
import {
  checkEmailResponse,
  loginResponse,
  oauthProviderList,
  passwordResetDone,
  passwordResetRequested,
  secondFactorStatus,
} from '@moim/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api, buildQuery } from '../../shared/api/client';
import { authPaths, usersPaths } from '../../shared/api/paths/users';
import { currentLocale } from '../../shared/i18n';

/** Development and tests check every response against its contract schema (docs/web-shell.md "Typed calls"). */
const DEV = import.meta.env.DEV;

/** A social-login provider as the buttons show it: its id and the server's display name. */
export interface OAuthProvider {
  id: string;
  name: string;
}

/** Providers the catalogue names (the server's display names are Korean); others by the server's name. */
const NAMED_PROVIDERS = new Set(['kakao', 'local']);

/** A provider's name in the reader's language. */
export function providerName(p: OAuthProvider, t: (key: string) => string): string {
  return NAMED_PROVIDERS.has(p.id) ? t(`social.${p.id}`) : p.name;
}

export const authKeys = {
  oauthProviders: () => ['auth', 'oauth-providers'] as const,
};

/** The providers as the buttons name them (the server's render of /login reads the same). */
export const toProviders = (list: ReadonlyArray<{ id: string; displayName: string }>): OAuthProvider[] =>
  list.map((p) => ({ id: p.id, name: p.displayName }));

export const oAuthProvidersQuery = () =>
  queryOptions({
    queryKey: authKeys.oauthProviders(),
    queryFn: async (): Promise<OAuthProvider[]> =>
      toProviders(await api.get(authPaths.oauthProviders, { schema: DEV && oauthProviderList })),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useOAuthProviders() {
  return useQuery(oAuthProvidersQuery());
}

export const oauthStartUrl = (provider: string, returnTo: string) => `${authPaths.oauthStart(provider)}${buildQuery({ returnTo })}`;

export const accountEntryApi = {
  /** The UI language goes along: the language of the mails and notifications the server writes. */
  register: (body: { name: string; email: string; password: string; username?: string }) =>
    api.post(usersPaths.register, { ...body, locale: currentLocale() }, { schema: DEV && loginResponse }),
  /** A failed check counts as available (SPEC §5). */
  checkEmail: async (email: string, signal?: AbortSignal): Promise<boolean> => {
    try {
      const r = await api.post(usersPaths.checkEmail, { email }, { signal, schema: DEV && checkEmailResponse });
      return r.available;
    } catch (err) {
      if (signal?.aborted) throw err;
      return true;
    }
  },
  requestReset: (email: string) => api.post(authPaths.resetRequest, { email }, { schema: DEV && passwordResetRequested }),
  confirmReset: (token: string, newPassword: string) =>
    api.post(authPaths.resetConfirm, { token, newPassword }, { schema: DEV && passwordResetDone }),
  /** the login's second step: the challenge a password login answered (AUTH-1020) and a code */
  secondFactorLogin: (challengeToken: string, code: string) =>
    api.post(authPaths.secondFactorLogin, { challengeToken, code }, { auth: false, schema: DEV && loginResponse }),
};

/** A password login of an account with a second factor answers AUTH-1020 with a challenge token. */
export function secondFactorChallenge(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.code !== 'AUTH-1020') return null;
  const token = (err.details as { challengeToken?: unknown } | undefined)?.challengeToken;
  return typeof token === 'string' ? token : null;
}

/** Where the social-login test page keeps the last callback result (this tab only). */
export const OAUTH_RESULT_KEY = 'oauth-test-result';

/**
 * After a password sign-in: was this account's lost second factor reset by an admin, and not set
 * up again? The login then leads to the security settings (docs/accounts-factors.md). A failure
 * here never blocks the sign-in.
 */
export async function mustEnrolAgain(): Promise<boolean> {
  try {
    const status = await api.get(authPaths.secondFactor, { schema: DEV && secondFactorStatus });
    return status.enrolAgain;
  } catch {
    return false;
  }
}
