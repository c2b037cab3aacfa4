/** The log-in page the server renders with the social log-in buttons (shared/api/server-render.ts). */
import { keepQuery, NO_DATA, readData, type GetJson, type QueryEntry, type ServerRenderedPage } from '../../shared/api/server-render';
import { authPaths } from '../../shared/api/paths/users';
import { authKeys, toProviders } from './api';

/**
 * /login: the form, and the social buttons the server offers (GET /api/auth/oauth/providers),
 * which were the page's largest element and painted only once the app had asked for them. The
 * address's `returnTo` is in the buttons' links. Without providers (or on failure) the page has
 * none, as the app draws it.
 */
export const loginPage: ServerRenderedPage = {
  pattern: '/login',
  sample: '/login',
  sampleData: sampleProviders,
  load: (_params, get) => providersEntries(get),
};

function sampleProviders(): QueryEntry[] {
  return [[authKeys.oauthProviders(), [{ id: 'local', name: 'moim 테스트 로그인' }]]];
}

/** The social log-in providers the server offers, as the app's query holds them (none on failure). */
async function providersEntries(get: GetJson): Promise<QueryEntry[]> {
  const providers = await readData(get, authPaths.oauthProviders);
  const list = Array.isArray(providers?.data) ? (providers.data as Array<{ id: string; displayName: string }>) : [];
  return [[authKeys.oauthProviders(), toProviders(list)]];
}

/**
 * /test/kakao-oauth, the social log-in test bench: the providers with their start buttons. The
 * last result (this browser's session storage) is drawn once the app has adopted the page.
 */
export const oauthTestPage: ServerRenderedPage = {
  pattern: '/test/kakao-oauth',
  sample: '/test/kakao-oauth',
  sampleData: sampleProviders,
  load: (_params, get) => providersEntries(get),
  renderedQuery: keepQuery(),
};

/**
 * /reset-password?token=…: the new-password form (without a token, the page that says the link is
 * not valid). The form does not show the token: one rendering serves every link, and no token is
 * kept by the server.
 */
export const resetPasswordPage: ServerRenderedPage = {
  pattern: '/reset-password',
  sample: '/reset-password?token=link',
  sampleData: () => [],
  load: NO_DATA,
  renderedQuery: (search) => new URLSearchParams(search.get('token') ? { token: 'link' } : {}),
};
