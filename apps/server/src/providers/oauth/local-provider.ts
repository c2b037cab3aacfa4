/**
 * The built-in local OpenID provider: a tiny but real OpenID Connect provider that moim mounts
 * at /api/auth/oauth/local-provider, so social login can be tried with no outside service.
 * It speaks the same protocol as any other provider (discovery, authorize with a consent page,
 * token with client authentication and a PKCE S256 check, userinfo, JWKS; ES256 id_tokens), and
 * moim's generic OIDC client signs in through it like through any other.
 *
 * Safety: identities are made up on the consent page, so only addresses under the reserved
 * `.test` top-level domain are reported as verified. Anything else comes back unverified and
 * moim refuses it; the local provider can never sign in to an existing real account.
 * It is off in production deployments (see config.oauthLocalEnabled).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK } from 'jose';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { FONT_MARKER, withPageFont, type PageFontFaces } from '../../http/page-font.ts';
import { localOauthCodes, localOauthKeys } from './schema.ts';
import { escapeHtml as esc } from '../../text/html.ts';

export const LOCAL_PROVIDER_ID = 'local';
export const LOCAL_CLIENT_ID = 'moim-local';
const KID = 'local-es256-1';
const CODE_TTL_MS = 5 * 60_000;
const TOKEN_TTL_S = 300;

export interface LocalProviderOptions {
  /** e.g. http://localhost:3000/api/auth/oauth/local-provider */
  issuer: string;
  clientSecret: string;
  /** the redirect_uris this provider accepts: moim's callback for `local` on an allowed origin */
  isRedirectUri: (uri: string) => boolean;
  /** the app's Pretendard subsets for the consent page's text (http/page-font.ts loadSubsetFaces); absent without a web build */
  pageFont?: PageFontFaces;
}

/** Test identities offered on the consent page. */
export const LOCAL_IDENTITIES = [
  { key: 'tester', name: '김테스트', email: 'tester@moim.test', note: '인증된 이메일' },
  { key: 'newbie', name: '박새내기', email: 'newbie@moim.test', note: '인증된 이메일 · 처음 로그인하면 새 계정' },
  { key: 'unverified', name: '최미인증', email: 'unverified@example.com', note: '인증되지 않은 이메일 (로그인이 거절됩니다)' },
] as const;

export function localClientSecret(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('moim-local-oauth-client').digest('base64url');
}

export const isVerifiedLocalEmail = (email: string) => /\.test$/i.test(email.trim());
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const subjectOf = (email: string) => `local-${sha256(email.trim().toLowerCase()).slice(0, 24)}`;

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const authorizeParams = z.object({
  response_type: z.string().max(50),
  client_id: z.string().max(200),
  redirect_uri: z.string().max(1000),
  scope: z.string().max(500).default('openid'),
  state: z.string().max(512).optional(),
  nonce: z.string().max(512).optional(),
  code_challenge: z.string().max(200).optional(),
  code_challenge_method: z.string().max(20).optional(),
});
type AuthorizeParams = z.infer<typeof authorizeParams>;

const decisionBody = authorizeParams.extend({
  decision: z.enum(['approve', 'deny']),
  identity: z.string().max(50).optional(),
  email: z.string().max(254).optional(),
  name: z.string().max(200).optional(),
});

const tokenBody = z.object({
  grant_type: z.string().max(100),
  code: z.string().max(200).optional(),
  redirect_uri: z.string().max(1000).optional(),
  code_verifier: z.string().max(200).optional(),
  client_id: z.string().max(200).optional(),
  client_secret: z.string().max(200).optional(),
});

const oauthError = z.object({ error: z.string(), error_description: z.string().optional() });

/** Housekeeping: codes an hour past their expiry. */
export async function sweepLocalProvider(db: Db): Promise<void> {
  await db.delete(localOauthCodes).where(lt(localOauthCodes.expiresAt, new Date(Date.now() - 3_600_000)));
}

export function registerLocalProvider(app: FastifyInstance, db: Db, o: LocalProviderOptions): void {
  let keyPromise: Promise<{ privateKey: CryptoKey; publicJwk: JWK }> | undefined;
  const key = () => {
    keyPromise ??= (async () => {
      let [row] = await db.select().from(localOauthKeys).where(eq(localOauthKeys.kid, KID));
      if (!row) {
        const pair = await generateKeyPair('ES256', { extractable: true });
        const jwk = await exportJWK(pair.privateKey);
        await db
          .insert(localOauthKeys)
          .values({ kid: KID, privateJwk: jwk as Record<string, unknown> })
          .onConflictDoNothing();
        [row] = await db.select().from(localOauthKeys).where(eq(localOauthKeys.kid, KID));
      }
      const priv = row!.privateJwk as JWK;
      const { d: _d, ...pub } = priv;
      return { privateKey: (await importJWK(priv, 'ES256')) as CryptoKey, publicJwk: { ...pub, kid: KID, alg: 'ES256', use: 'sig' } };
    })().catch((err) => {
      keyPromise = undefined;
      throw err;
    });
    return keyPromise;
  };

  // RFC 6749 forms are application/x-www-form-urlencoded (only within this provider's routes).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const base = '/auth/oauth/local-provider';

  app.get(
    `${base}/.well-known/openid-configuration`,
    { schema: { hide: true, response: { 200: z.record(z.string(), z.unknown()) } } },
    async () => ({
      issuer: o.issuer,
      authorization_endpoint: `${o.issuer}/authorize`,
      token_endpoint: `${o.issuer}/token`,
      userinfo_endpoint: `${o.issuer}/userinfo`,
      jwks_uri: `${o.issuer}/jwks`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['ES256'],
      code_challenge_methods_supported: ['S256'],
      scopes_supported: ['openid', 'email', 'profile'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      claims_supported: ['sub', 'email', 'email_verified', 'name'],
      authorization_response_iss_parameter_supported: true,
    }),
  );

  app.get(
    `${base}/jwks`,
    { schema: { hide: true, response: { 200: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }) } } },
    async () => ({
      keys: [(await key()).publicJwk as Record<string, unknown>],
    }),
  );

  /** Problems with client_id / redirect_uri are shown, never redirected (the URI is not trusted). */
  function checkRequest(p: AuthorizeParams): { fatal?: string; error?: string; description?: string } {
    if (p.client_id !== LOCAL_CLIENT_ID) return { fatal: '알 수 없는 client_id 입니다.' };
    if (!o.isRedirectUri(p.redirect_uri)) return { fatal: '등록되지 않은 redirect_uri 입니다.' };
    if (p.response_type !== 'code') return { error: 'unsupported_response_type', description: 'only code is supported' };
    if (!p.scope.split(' ').includes('openid')) return { error: 'invalid_scope', description: 'openid scope required' };
    if (!p.code_challenge || !/^[A-Za-z0-9_-]{43}$/.test(p.code_challenge) || p.code_challenge_method !== 'S256') {
      return { error: 'invalid_request', description: 'PKCE with S256 is required' };
    }
    return {};
  }

  function redirectBack(reply: FastifyReply, p: AuthorizeParams, params: Record<string, string>) {
    const u = new URL(p.redirect_uri);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    if (p.state) u.searchParams.set('state', p.state);
    u.searchParams.set('iss', o.issuer);
    return reply.header('cache-control', 'no-store').redirect(u.toString(), 302);
  }

  function page(reply: FastifyReply, status: number, body: string) {
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        withPageFont(
          `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
            `<title>moim 테스트 로그인</title><style>${FONT_MARKER}${STYLE}</style></head><body><main>${body}</main></body></html>`,
          o.pageFont,
        ),
      );
  }

  app.get(`${base}/authorize`, { schema: { hide: true } }, async (request, reply) => {
    const parsed = authorizeParams.safeParse(request.query);
    if (!parsed.success) return page(reply, 400, `<h1>잘못된 요청</h1><p>인증 요청의 형식이 올바르지 않습니다.</p>`);
    const p = parsed.data;
    const check = checkRequest(p);
    if (check.fatal) return page(reply, 400, `<h1>잘못된 요청</h1><p>${esc(check.fatal)}</p>`);
    if (check.error) return redirectBack(reply, p, { error: check.error, error_description: check.description ?? '' });
    const hidden = Object.entries(p)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(String(v))}">`)
      .join('');
    const choices = LOCAL_IDENTITIES.map(
      (id, i) =>
        `<label class="choice"><input type="radio" name="identity" value="${id.key}"${i === 0 ? ' checked' : ''}>` +
        `<span><strong>${esc(id.name)}</strong> &lt;${esc(id.email)}&gt;<small>${esc(id.note)}</small></span></label>`,
    ).join('');
    return page(
      reply,
      200,
      `<h1>moim 테스트 로그인</h1>
<p class="lead">개발용 로그인 제공자입니다. 외부 서비스 없이 소셜 로그인 흐름을 시험할 수 있습니다.
<code>.test</code> 도메인 이메일만 인증된 이메일로 처리됩니다.</p>
<form method="post" action="${esc(`${new URL(o.issuer).pathname}/authorize`)}">
${hidden}
<fieldset><legend>테스트 계정 선택</legend>${choices}
<label class="choice"><input type="radio" name="identity" value="custom"><span><strong>직접 입력</strong></span></label>
<div class="custom"><label>이메일 <input type="email" name="email" maxlength="254" placeholder="you@moim.test"></label>
<label>이름 <input type="text" name="name" maxlength="50" placeholder="홍길동"></label></div>
</fieldset>
<p class="client">요청한 서비스: <strong>moim</strong> · 권한: ${esc(p.scope)}</p>
<div class="actions"><button type="submit" name="decision" value="approve" class="primary">승인 (Approve)</button>
<button type="submit" name="decision" value="deny">거부 (Deny)</button></div>
</form>`,
    );
  });

  app.post(`${base}/authorize`, { schema: { hide: true } }, async (request, reply) => {
    const parsed = decisionBody.safeParse(request.body);
    if (!parsed.success) return page(reply, 400, `<h1>잘못된 요청</h1><p>입력값을 확인해 주세요.</p>`);
    const p = parsed.data;
    const check = checkRequest(p);
    if (check.fatal) return page(reply, 400, `<h1>잘못된 요청</h1><p>${esc(check.fatal)}</p>`);
    if (check.error) return redirectBack(reply, p, { error: check.error, error_description: check.description ?? '' });
    if (p.decision === 'deny') return redirectBack(reply, p, { error: 'access_denied', error_description: 'The user denied the request' });

    let identity: { email: string; name: string };
    // a typed email wins over the radio choice (people type first and forget the radio)
    const preset = p.identity === 'custom' || p.email?.trim() ? undefined : LOCAL_IDENTITIES.find((i) => i.key === p.identity);
    if (preset) identity = { email: preset.email, name: preset.name };
    else {
      const email = (p.email ?? '').trim();
      const name = (p.name ?? '').trim() || email.split('@')[0] || '';
      if (!z.email().safeParse(email).success || !name) {
        return page(reply, 400, `<h1>입력값 확인</h1><p>올바른 이메일과 이름을 입력해 주세요.</p>`);
      }
      identity = { email, name: name.slice(0, 50) };
    }
    const code = randomBytes(32).toString('base64url');
    await db.insert(localOauthCodes).values({
      codeHash: sha256(code),
      clientId: p.client_id,
      redirectUri: p.redirect_uri,
      codeChallenge: p.code_challenge!,
      nonce: p.nonce ?? null,
      scope: p.scope,
      subject: subjectOf(identity.email),
      email: identity.email,
      emailVerified: isVerifiedLocalEmail(identity.email),
      name: identity.name,
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    });
    return redirectBack(reply, p, { code });
  });

  const tokenError = (reply: FastifyReply, status: number, error: string, description: string) =>
    reply.code(status).header('cache-control', 'no-store').send({ error, error_description: description });

  app.post(
    `${base}/token`,
    {
      schema: {
        hide: true,
        response: {
          200: z.object({
            access_token: z.string(),
            token_type: z.literal('Bearer'),
            expires_in: z.number(),
            id_token: z.string(),
            scope: z.string(),
          }),
          400: oauthError,
          401: oauthError,
        },
      },
    },
    async (request: FastifyRequest, reply) => {
      const parsed = tokenBody.safeParse(request.body ?? {});
      if (!parsed.success) return tokenError(reply, 400, 'invalid_request', 'malformed token request');
      const b = parsed.data;
      // client authentication: client_secret_basic or client_secret_post
      let clientId = b.client_id;
      let secret = b.client_secret;
      const basic = /^Basic\s+(.+)$/i.exec(request.headers.authorization ?? '');
      if (basic) {
        const [id, s] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':');
        clientId = decodeURIComponent((id ?? '').replace(/\+/g, ' '));
        secret = decodeURIComponent((s ?? '').replace(/\+/g, ' '));
      }
      if (clientId !== LOCAL_CLIENT_ID || !secret || !safeEqual(secret, o.clientSecret)) {
        return tokenError(reply, 401, 'invalid_client', 'client authentication failed');
      }
      if (b.grant_type !== 'authorization_code') return tokenError(reply, 400, 'unsupported_grant_type', 'only authorization_code');
      if (!b.code || !b.code_verifier || !/^[A-Za-z0-9._~-]{43,128}$/.test(b.code_verifier)) {
        return tokenError(reply, 400, 'invalid_request', 'code and a valid code_verifier are required');
      }
      // one-time: the first exchange marks the code used
      const [row] = await db
        .update(localOauthCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(localOauthCodes.codeHash, sha256(b.code)), isNull(localOauthCodes.usedAt), gt(localOauthCodes.expiresAt, new Date())))
        .returning();
      if (!row) return tokenError(reply, 400, 'invalid_grant', 'unknown, used or expired code');
      if (row.redirectUri !== b.redirect_uri || row.clientId !== clientId)
        return tokenError(reply, 400, 'invalid_grant', 'redirect_uri mismatch');
      const challenge = createHash('sha256').update(b.code_verifier).digest('base64url');
      if (!safeEqual(challenge, row.codeChallenge)) return tokenError(reply, 400, 'invalid_grant', 'PKCE verification failed');

      const { privateKey } = await key();
      const now = Math.floor(Date.now() / 1000);
      const claims = { email: row.email, email_verified: row.emailVerified, name: row.name };
      const idToken = await new SignJWT({ ...claims, ...(row.nonce ? { nonce: row.nonce } : {}), auth_time: now })
        .setProtectedHeader({ alg: 'ES256', kid: KID, typ: 'JWT' })
        .setIssuer(o.issuer)
        .setSubject(row.subject)
        .setAudience(LOCAL_CLIENT_ID)
        .setIssuedAt(now)
        .setExpirationTime(now + TOKEN_TTL_S)
        .sign(privateKey);
      const accessToken = await new SignJWT({ ...claims, scope: row.scope })
        .setProtectedHeader({ alg: 'ES256', kid: KID, typ: 'at+jwt' })
        .setIssuer(o.issuer)
        .setSubject(row.subject)
        .setAudience(`${o.issuer}/userinfo`)
        .setIssuedAt(now)
        .setExpirationTime(now + TOKEN_TTL_S)
        .sign(privateKey);
      reply.header('cache-control', 'no-store');
      return { access_token: accessToken, token_type: 'Bearer' as const, expires_in: TOKEN_TTL_S, id_token: idToken, scope: row.scope };
    },
  );

  app.get(
    `${base}/userinfo`,
    {
      schema: {
        hide: true,
        response: { 200: z.object({ sub: z.string(), email: z.string(), email_verified: z.boolean(), name: z.string() }), 401: oauthError },
      },
    },
    async (request, reply) => {
      const m = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
      const fail = () =>
        reply
          .code(401)
          .header('www-authenticate', 'Bearer error="invalid_token"')
          .send({ error: 'invalid_token', error_description: 'invalid access token' });
      if (!m) return fail();
      try {
        const { publicJwk } = await key();
        const { payload } = await jwtVerify(m[1]!, await importJWK(publicJwk, 'ES256'), {
          issuer: o.issuer,
          audience: `${o.issuer}/userinfo`,
          typ: 'at+jwt',
        });
        return {
          sub: String(payload.sub),
          email: String(payload.email),
          email_verified: payload.email_verified === true,
          name: String(payload.name),
        };
      } catch {
        return fail();
      }
    },
  );
}

const STYLE = `
:root{color-scheme:light dark;font-family:var(--font-sans,system-ui,-apple-system,"Apple SD Gothic Neo","Noto Sans KR",sans-serif)}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f4f5f7;color:#1b1d21}
@media (prefers-color-scheme:dark){body{background:#15171a;color:#e8e9eb}main{background:#1f2226!important;border-color:#33373d!important}}
main{max-width:30rem;width:calc(100% - 2rem);background:#fff;border:1px solid #e1e3e7;border-radius:12px;padding:1.5rem 1.75rem;margin:1rem}
h1{font-size:1.35rem;margin:0 0 .5rem}.lead{font-size:.92rem;line-height:1.5;opacity:.85}
fieldset{border:1px solid #d5d8dd;border-radius:8px;padding:.75rem 1rem;margin:1rem 0}legend{padding:0 .35rem;font-weight:600}
.choice{display:flex;gap:.6rem;align-items:flex-start;padding:.45rem 0;cursor:pointer}.choice small{display:block;opacity:.7;font-size:.8rem}
.custom{display:grid;gap:.5rem;margin:.25rem 0 0 1.7rem}.custom input{width:100%;box-sizing:border-box;padding:.45rem .55rem;border:1px solid #c4c8ce;border-radius:6px;font:inherit}
.client{font-size:.85rem;opacity:.8}.actions{display:flex;gap:.75rem;margin-top:1rem}
button{min-height:44px;padding:0 1.1rem;border-radius:8px;border:1px solid #c4c8ce;background:transparent;color:inherit;font:inherit;cursor:pointer}
button.primary{background:#3b5bdb;border-color:#3b5bdb;color:#fff}button:focus-visible,input:focus-visible{outline:3px solid #91a7ff;outline-offset:2px}
`;
