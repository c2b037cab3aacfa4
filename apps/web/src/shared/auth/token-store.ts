/**
 * The session as stored in the browser (SPEC §9): `authToken`, `refreshToken` and `user` (JSON)
 * in localStorage, under exactly those keys, so other tabs see a login or logout.
 */
import { SIGNED_IN_COOKIE, STORAGE_KEYS } from '@moim/contract';
import { readJson, readLocal, removeLocal, writeJson, writeLocal } from '../storage';
import type { SessionUser } from './types';

export const getAccessToken = () => readLocal(STORAGE_KEYS.authToken);
export const getRefreshToken = () => readLocal(STORAGE_KEYS.refreshToken);
export const getStoredUser = () => readJson<SessionUser>(STORAGE_KEYS.user);

export function storeTokens(accessToken: string, refreshToken?: string | null): void {
  writeLocal(STORAGE_KEYS.authToken, accessToken);
  if (refreshToken) writeLocal(STORAGE_KEYS.refreshToken, refreshToken);
  hintSignedIn(true);
}
export function storeUser(user: SessionUser): void {
  writeJson(STORAGE_KEYS.user, user);
}
export function clearSession(): void {
  removeLocal(STORAGE_KEYS.authToken);
  removeLocal(STORAGE_KEYS.refreshToken);
  removeLocal(STORAGE_KEYS.user);
  hintSignedIn(false);
}

/**
 * The cookie that tells the server this browser holds a session (no token in it): a guarded page
 * is then sent as the app's shell rather than the log-in page a guest gets (SIGNED_IN_COOKIE).
 */
function hintSignedIn(on: boolean): void {
  if (typeof document === 'undefined') return;
  document.cookie = on
    ? `${SIGNED_IN_COOKIE}=1; path=/; max-age=31536000; samesite=lax`
    : `${SIGNED_IN_COOKIE}=; path=/; max-age=0; samesite=lax`;
}

let signedOutAt = 0;
/**
 * A logout asked for in this tab (the user menu, account deletion), not a lost session: for a
 * moment the route guard of the page being left lets the caller's own navigation (home) happen
 * instead of sending the user to /login?returnTo=that page.
 */
export function markSignedOut(): void {
  signedOutAt = Date.now();
}
export const SIGNED_OUT_GRACE_MS = 3_000;
export const signedOutJustNow = (): boolean => Date.now() - signedOutAt < SIGNED_OUT_GRACE_MS;
