import { describe, expect, it } from 'vitest';
import { loginPathFor, safeReturnTo } from './auth-checking';

describe('loginPathFor', () => {
  it('keeps the whole address to come back to', () => {
    expect(loginPathFor({ pathname: '/study/1-tecoteco/apply', search: '?from=card', hash: '#form' })).toBe(
      '/login?returnTo=%2Fstudy%2F1-tecoteco%2Fapply%3Ffrom%3Dcard%23form',
    );
  });

  it('does not come back to the social log-in’s return page, whose result is spent', () => {
    expect(loginPathFor({ pathname: '/auth/callback', search: '', hash: '' })).toBe('/login');
  });
});

describe('safeReturnTo', () => {
  it('allows same-site paths only', () => {
    expect(safeReturnTo('/users/me?tab=1')).toBe('/users/me?tab=1');
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', '/\t/evil.example', '', null, undefined])
      expect(safeReturnTo(bad)).toBe('/');
  });
});
