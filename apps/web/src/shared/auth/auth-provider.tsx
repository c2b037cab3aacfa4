/**
 * Auth state (SPEC §3, §4): { isAuthenticated, isLoading, user }. At start a stored token is
 * validated (GET /api/auth/validate; an expired access token is renewed once with the refresh
 * token, then validated again). Login stores authToken, refreshToken and user; logout calls the
 * server, clears everything and the query cache. Other tabs' logins and logouts (storage
 * events) and the client's `auth:unauthorized` event keep this state in step. While signed in,
 * a language switch is saved as the account's locale (PUT /api/users/me), the language the
 * server writes notifications and mails in.
 */
import { STORAGE_KEYS } from '@moim/contract';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { api, ApiError, errorMessagesReady, UNAUTHORIZED_EVENT } from '../api/client';
import { shellPaths } from '../api/paths/shell';
import { i18n } from '../i18n';
import { isServerLocaleQuery } from '../i18n/server-locale';
import { authApi, userFromLogin } from './auth-api';
import { clearSession, getAccessToken, getRefreshToken, getStoredUser, markSignedOut, storeTokens, storeUser } from './token-store';
import type { SessionUser } from './types';

export interface AuthState {
  isAuthenticated: boolean;
  isLoading: boolean;
  user: SessionUser | null;
  /** Resolves when the start-up check of the stored token is over. */
  ready: () => Promise<void>;
  login: (email: string, password: string) => Promise<SessionUser>;
  /** Stores tokens received elsewhere (social login callback) and loads the user. */
  acceptTokens: (accessToken: string, refreshToken?: string | null) => Promise<SessionUser>;
  logout: () => Promise<void>;
  /** Re-reads /api/users/me. */
  reloadUser: () => Promise<SessionUser | null>;
  setUser: (user: SessionUser) => void;
}

const AuthContext = createContext<AuthState | null>(null);

async function loadUser(fallback: SessionUser | null): Promise<SessionUser | null> {
  try {
    return await authApi.me();
  } catch {
    return fallback;
  }
}

async function checkStoredSession(): Promise<SessionUser | null> {
  if (!getAccessToken()) return null;
  const stored = getStoredUser();
  try {
    await authApi.validate();
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    // Server unreachable: keep the stored session rather than logging the user out.
    if (err.status === 0) return stored;
    if (err.status !== 401 || !getRefreshToken() || !(await authApi.refresh())) {
      clearSession();
      return null;
    }
    try {
      await authApi.validate();
    } catch {
      clearSession();
      return null;
    }
  }
  const user = await loadUser(stored);
  if (user) storeUser(user);
  return user;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUserState] = useState<SessionUser | null>(() => (getAccessToken() ? getStoredUser() : null));
  const [isLoading, setLoading] = useState(() => Boolean(getAccessToken()));
  const readyRef = useRef<Promise<void> | null>(null);

  if (readyRef.current === null) {
    readyRef.current = getAccessToken()
      ? checkStoredSession().then(
          (u) => {
            setUserState(u);
            setLoading(false);
          },
          () => setLoading(false),
        )
      : Promise.resolve();
  }

  useEffect(() => {
    const onUnauthorized = () => setUserState(null);
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || (e.key === STORAGE_KEYS.authToken && !e.newValue)) setUserState(null);
      else if (e.key === STORAGE_KEYS.user && e.newValue && getAccessToken()) setUserState(getStoredUser());
    };
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  // the account's locale follows the language the user picks (server-made texts in that language)
  const signedIn = user !== null;
  useEffect(() => {
    if (!signedIn) return;
    const onChange = (lng: string) => {
      if (lng !== 'ko' && lng !== 'en') return;
      api
        .put<unknown>(shellPaths.users.me, { locale: lng })
        // what the server writes in the account's language (the inbox): read it again
        .then(() => queryClient.invalidateQueries({ predicate: isServerLocaleQuery }))
        .catch(() => undefined);
    };
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [signedIn, queryClient]);

  const acceptTokens = useCallback(async (accessToken: string, refreshToken?: string | null, hint?: SessionUser | null) => {
    storeTokens(accessToken, refreshToken);
    const u = await loadUser(hint ?? null);
    if (!u) {
      clearSession();
      await errorMessagesReady();
      throw new ApiError({ status: 401, code: 'AUTH-1003', serverMessage: 'Invalid token' });
    }
    storeUser(u);
    setUserState(u);
    return u;
  }, []);

  const login = useCallback(
    async (email: string, password: string) => {
      const result = await authApi.login(email, password);
      return acceptTokens(result.accessToken, result.refreshToken, userFromLogin(result));
    },
    [acceptTokens],
  );

  const logout = useCallback(async () => {
    try {
      if (getAccessToken()) await authApi.logout(getRefreshToken());
    } catch {
      /* the local session ends whatever the server says */
    }
    markSignedOut();
    clearSession();
    setUserState(null);
    queryClient.clear();
  }, [queryClient]);

  const reloadUser = useCallback(async () => {
    const u = await loadUser(null);
    if (u) {
      storeUser(u);
      setUserState(u);
    }
    return u;
  }, []);

  const setUser = useCallback((u: SessionUser) => {
    storeUser(u);
    setUserState(u);
  }, []);

  const ready = useCallback(() => readyRef.current ?? Promise.resolve(), []);

  const value = useMemo<AuthState>(
    () => ({
      isAuthenticated: user !== null,
      isLoading,
      user,
      ready,
      login,
      acceptTokens: (a, r) => acceptTokens(a, r),
      logout,
      reloadUser,
      setUser,
    }),
    [user, isLoading, ready, login, acceptTokens, logout, reloadUser, setUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}

/** For tests and stories: a fixed auth state. */
export const AuthStateProvider = AuthContext.Provider;
