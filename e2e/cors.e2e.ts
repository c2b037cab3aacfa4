/**
 * Issue 12 item 11 in a real browser: a page on another origin (listed in CORS_ORIGINS) edits the
 * profile with PUT and deletes a saved game state with DELETE, sending Authorization and JSON with
 * credentials, exactly as a separately hosted client does. A header the API does not allow is
 * still blocked by the browser.
 */
import { describe, expect, inject, it } from 'vitest';
import { uniqueEmail } from './support/accounts.ts';
import { baseURL, useBrowser } from './support/browser.ts';

const b = useBrowser();
const crossOrigin = inject('crossOrigin');

async function api<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const r = await fetch(`${baseURL}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await r.json()) as { success: boolean; data: T };
  if (!json.success) throw new Error(`${method} ${path}: ${JSON.stringify(json)}`);
  return json.data;
}

describe('cross-origin client (CORS)', () => {
  it('a page on another origin PUTs the profile and DELETEs a saved state with Authorization', async () => {
    const reg = await api<{ accessToken: string }>('POST', '/api/users/register', undefined, {
      email: uniqueEmail('cors'),
      password: 'a-long-Passphrase-2026',
      name: '다른 출처',
    });
    const token = reg.accessToken;
    const session = await api<{ sessionId: string }>('POST', '/api/games/sessions/start', token, { gameTypeCode: 'TETRIS' });
    await api('POST', '/api/games/states/save', token, { sessionId: session.sessionId, stateData: { board: [1, 2, 3] } });

    await b.page.goto(crossOrigin);
    expect(new URL(b.page.url()).origin).not.toBe(new URL(baseURL).origin);
    const result = await b.page.evaluate(
      async ({ api, token, sessionId }) => {
        const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
        const put = await fetch(`${api}/api/users/me`, {
          method: 'PUT',
          mode: 'cors',
          credentials: 'include',
          headers,
          body: JSON.stringify({ bio: '다른 출처에서 고친 소개' }),
        });
        const del = await fetch(`${api}/api/games/states/${sessionId}`, {
          method: 'DELETE',
          mode: 'cors',
          credentials: 'include',
          headers: { authorization: `Bearer ${token}` },
        });
        let blocked = '';
        try {
          await fetch(`${api}/api/users/me`, { method: 'PUT', mode: 'cors', headers: { ...headers, 'x-not-allowed': '1' }, body: '{}' });
        } catch (err) {
          blocked = (err as Error).name;
        }
        return {
          put: { status: put.status, body: await put.json(), requestId: put.headers.get('x-request-id') },
          del: { status: del.status, body: await del.json() },
          blocked,
        };
      },
      { api: baseURL, token, sessionId: session.sessionId },
    );
    expect(result.put.status, JSON.stringify(result.put.body)).toBe(200);
    expect(result.put.body.data.bio).toBe('다른 출처에서 고친 소개');
    expect(result.put.requestId).toBeTruthy(); // exposed to the other origin
    expect(result.del.status, JSON.stringify(result.del.body)).toBe(200);
    expect(result.del.body.data.deleted).toBeGreaterThanOrEqual(1);
    expect(result.blocked).toBe('TypeError');

    // the writes really happened
    const me = await api<{ bio: string }>('GET', '/api/users/me', token);
    expect(me.bio).toBe('다른 출처에서 고친 소개');
    expect(await api('GET', `/api/games/states/${session.sessionId}`, token)).toBeNull();
  });
});
