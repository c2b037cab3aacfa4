/**
 * The session in the browser's storage and the cookie that tells the server there is one (no token
 * in it): the server sends a guarded page to a browser with the hint as the app's shell, and to
 * one without it as the log-in page (SIGNED_IN_COOKIE, docs/rendering.md "Guarded pages").
 */
import { SIGNED_IN_COOKIE, STORAGE_KEYS } from '@moim/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, getAccessToken, storeTokens } from './token-store';

const hinted = () => document.cookie.split(/;\s*/).includes(`${SIGNED_IN_COOKIE}=1`);

describe('token store', () => {
  afterEach(() => {
    clearSession();
    localStorage.clear();
  });

  it('storing the tokens says so in the signed-in cookie, without the token; clearing the session takes the cookie away', () => {
    expect(hinted()).toBe(false);
    storeTokens('a.b.c', 'refresh');
    expect(getAccessToken()).toBe('a.b.c');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh');
    expect(hinted()).toBe(true);
    expect(document.cookie).not.toContain('a.b.c');
    clearSession();
    expect(getAccessToken()).toBeNull();
    expect(hinted()).toBe(false);
  });
});
