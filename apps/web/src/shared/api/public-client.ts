/**
 * The public content client (SPEC §8): for pages anyone may read (who-we-are, public config).
 * No bearer token and no session renewal; failures read 'could not load content' (401/403),
 * a server problem (5xx), 'timed out' or 'check network'.
 */
import { ApiError, loadErrorMessages, request, uiLocale, type RequestOptions } from './client';

export async function publicGet<T>(path: string, opts: Omit<RequestOptions<T>, 'auth' | 'refresh'> = {}): Promise<T> {
  try {
    return await request<T>('GET', path, { ...opts, auth: false, refresh: false });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    // the client has loaded the messages before it made `err`; without them (offline) `err` speaks
    const { toPublicContentMessage } = await loadErrorMessages().catch(() => ({ toPublicContentMessage: () => err.message }));
    throw new ApiError({
      status: err.status,
      code: err.code,
      serverMessage: err.serverMessage,
      details: err.details,
      kind: err.kind,
      message: toPublicContentMessage({ code: err.code, message: err.serverMessage, status: err.status, kind: err.kind }, uiLocale()),
    });
  }
}
