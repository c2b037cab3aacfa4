/** The log-in page the server renders with the social log-in buttons (shared/api/server-render.ts). */
import { readData, type ServerRenderedPage } from '../../shared/api/server-render';
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
  sampleData: () => [[authKeys.oauthProviders(), [{ id: 'local', name: 'moim 테스트 로그인' }]]],
  async load(_params, get) {
    const providers = await readData(get, authPaths.oauthProviders);
    const list = Array.isArray(providers?.data) ? (providers.data as Array<{ id: string; displayName: string }>) : [];
    return [[authKeys.oauthProviders(), toProviders(list)]];
  },
};
