/**
 * Where a login sends the member afterwards: only a path of this site (no open redirect through
 * ?returnTo=), the guard's `from` location when there is no ?returnTo=, home otherwise; and the
 * login ↔ signup links keep returnTo and brand, nothing else.
 */
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type InitialEntry } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeAuth, initTestI18n, renderPage, stubFetch, TEST_USER } from '../../shared/test/render';
import { AuthStateProvider } from '../../shared/auth/auth-provider';
import LoginPage from './login-page';
import { useCarryParams, useReturnTo } from './use-return-to';

function Probe() {
  return (
    <p>
      <span data-testid="return-to">{useReturnTo()}</span>
      <span data-testid="carry">{useCarryParams()}</span>
    </p>
  );
}

function probe(entry: InitialEntry) {
  const router = createMemoryRouter([{ path: '*', element: <Probe /> }], { initialEntries: [entry] });
  const view = render(<RouterProvider router={router} />);
  const read = { returnTo: view.getByTestId('return-to').textContent, carry: view.getByTestId('carry').textContent };
  view.unmount();
  return read;
}

const at = (returnTo: string) => `/login?returnTo=${encodeURIComponent(returnTo)}`;

describe('useReturnTo', () => {
  it.each([
    ['//evil.com', 'a protocol-relative address'],
    ['//evil.com/study', 'a protocol-relative address with a path'],
    ['https://evil.com', 'an absolute address'],
    ['http://localhost.evil.com/', 'an absolute address that looks like ours'],
    ['/\\evil.com', 'a path the browser reads as //evil.com'],
    ['javascript:alert(document.cookie)', 'a script address'],
    ['evil.com/login', 'a relative address without a leading slash'],
    ['/\t/evil.com', 'a path with a tab, which the URL parser drops (→ //evil.com)'],
    ['/\n/evil.com', 'a path with a line break (→ //evil.com)'],
  ])('refuses %j (%s) and goes home instead', (value) => {
    expect(probe(at(value)).returnTo).toBe('/');
  });

  it('keeps a path of this site with its query and hash', () => {
    expect(probe(at('/study/s-1?tab=apply#questions')).returnTo).toBe('/study/s-1?tab=apply#questions');
  });

  it('without ?returnTo= uses the page the guard sent the member from, else home', () => {
    const from = { pathname: '/users/me/edit', search: '?s=1', hash: '#danger' };
    expect(probe({ pathname: '/login', state: { from } }).returnTo).toBe('/users/me/edit?s=1#danger');
    expect(probe('/login').returnTo).toBe('/');
  });

  it('prefers ?returnTo= over the guard’s location, and still checks it', () => {
    const from = { pathname: '/users/me', search: '', hash: '' };
    expect(probe({ pathname: '/login', search: `?returnTo=${encodeURIComponent('/lab')}`, state: { from } }).returnTo).toBe('/lab');
    expect(probe({ pathname: '/login', search: '?returnTo=%2F%2Fevil.com', state: { from } }).returnTo).toBe('/');
  });

  it('carries only returnTo and brand between login and signup', () => {
    expect(probe('/login?returnTo=%2Fstudio&brand=studio&utm=x').carry).toBe('?returnTo=%2Fstudio&brand=studio');
    expect(probe('/login?utm=x').carry).toBe('');
  });
});

describe('the login page and its return address', () => {
  function Where() {
    const l = useLocation();
    return <p data-testid="where">{`${l.pathname}${l.search}`}</p>;
  }

  it('sends a member who is already signed in on to a safe returnTo', async () => {
    stubFetch(() => undefined);
    const routes = [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <Where /> },
    ];
    await renderPage(<></>, { routes, path: at('/study/s-1'), user: TEST_USER });
    expect((await screen.findByTestId('where')).textContent).toBe('/study/s-1');
  });

  it('does not follow //evil.com for a signed-in member', async () => {
    stubFetch(() => undefined);
    await initTestI18n('ko');
    const router = createMemoryRouter(
      [
        { path: '/login', element: <LoginPage /> },
        { path: '*', element: <Where /> },
      ],
      { initialEntries: [at('//evil.com')] },
    );
    render(
      <AuthStateProvider value={fakeAuth(TEST_USER)}>
        <RouterProvider router={router} />
      </AuthStateProvider>,
    );
    expect((await screen.findByTestId('where')).textContent).toBe('/');
  });

  it('links to signup with the same returnTo and brand', async () => {
    stubFetch(() => undefined);
    await renderPage(<LoginPage />, { path: '/login?returnTo=%2Fstudio&brand=studio' });
    const link = await screen.findByRole('link', { name: '회원가입' });
    expect(link.getAttribute('href')).toBe('/signup?returnTo=%2Fstudio&brand=studio');
  });
});
