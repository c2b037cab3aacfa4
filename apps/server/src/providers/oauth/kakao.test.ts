/** The Kakao preset against a local stand-in of Kakao's token and user endpoints (real HTTP). */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KAKAO_ENDPOINTS, KakaoProvider, mapKakaoUser } from './kakao.ts';

let server: Server;
let base: string;
const seen: { path: string; form?: URLSearchParams; auth?: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const path = req.url ?? '';
      seen.push({ path, form: new URLSearchParams(body), ...(req.headers.authorization ? { auth: req.headers.authorization } : {}) });
      res.setHeader('content-type', 'application/json');
      if (path === '/oauth/token') {
        const f = new URLSearchParams(body);
        if (f.get('code') !== 'good-code') {
          res.statusCode = 400;
          return res.end(JSON.stringify({ error: 'invalid_grant', error_code: 'KOE320' }));
        }
        return res.end(JSON.stringify({ access_token: 'kakao-access', token_type: 'bearer', expires_in: 21599 }));
      }
      if (path === '/v2/user/me') {
        return res.end(
          JSON.stringify({
            id: 4242424242,
            kakao_account: {
              email: 'kakao.user@kakao.com',
              is_email_verified: true,
              is_email_valid: true,
              profile: { nickname: '카카오친구' },
            },
          }),
        );
      }
      res.statusCode = 404;
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('Kakao provider', () => {
  const provider = () =>
    new KakaoProvider({
      clientId: 'kakao-rest-key',
      clientSecret: 'kakao-secret',
      authorizeUrl: `${base}/oauth/authorize`,
      tokenUrl: `${base}/oauth/token`,
      userInfoUrl: `${base}/v2/user/me`,
    });

  it('builds the authorize URL with PKCE S256 and state', async () => {
    const real = new KakaoProvider({ clientId: 'kakao-rest-key' });
    const url = new URL(
      await real.authorizationUrl({
        state: 'st',
        nonce: 'n',
        codeChallenge: 'c'.repeat(43),
        redirectUri: 'http://localhost:3000/api/auth/oauth/kakao/callback',
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(KAKAO_ENDPOINTS.authorize);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'kakao-rest-key',
      state: 'st',
      code_challenge: 'c'.repeat(43),
      code_challenge_method: 'S256',
      redirect_uri: 'http://localhost:3000/api/auth/oauth/kakao/callback',
    });
  });

  it('exchanges the code with the verifier and maps the Kakao account', async () => {
    const id = await provider().exchangeCode({ code: 'good-code', codeVerifier: 'v'.repeat(43), redirectUri: 'http://x/cb', nonce: 'n' });
    expect(id).toEqual({ subject: '4242424242', email: 'kakao.user@kakao.com', emailVerified: true, name: '카카오친구' });
    const token = seen.find((s) => s.path === '/oauth/token')!;
    expect(Object.fromEntries(token.form!)).toMatchObject({
      grant_type: 'authorization_code',
      client_id: 'kakao-rest-key',
      client_secret: 'kakao-secret',
      code: 'good-code',
      code_verifier: 'v'.repeat(43),
      redirect_uri: 'http://x/cb',
    });
    expect(seen.find((s) => s.path === '/v2/user/me')!.auth).toBe('Bearer kakao-access');
  });

  it('fails on a refused code', async () => {
    await expect(
      provider().exchangeCode({ code: 'bad', codeVerifier: 'v'.repeat(43), redirectUri: 'http://x/cb', nonce: 'n' }),
    ).rejects.toThrow(/invalid_grant/);
  });

  it('treats an unverified or invalid Kakao email as unverified', () => {
    expect(
      mapKakaoUser({ id: 1, kakao_account: { email: 'a@b.c', is_email_verified: false, profile: { nickname: 'x' } } }).emailVerified,
    ).toBe(false);
    expect(mapKakaoUser({ id: 1, kakao_account: { email: 'a@b.c', is_email_verified: true, is_email_valid: false } }).emailVerified).toBe(
      false,
    );
    expect(mapKakaoUser({ id: 2, properties: { nickname: '옛닉' } })).toEqual({
      subject: '2',
      email: null,
      emailVerified: false,
      name: '옛닉',
    });
    expect(() => mapKakaoUser({ kakao_account: {} })).toThrow();
  });
});
