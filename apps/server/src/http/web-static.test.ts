import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readsEnglish, registerWebStatic } from './web-static.ts';

const SHELL = '<!doctype html><html><body><div id="root"></div></body></html>';
const page = (name: string) => `<!doctype html><html><body><div id="root" data-prerendered><h1>${name}</h1></div></body></html>`;

describe('web static: shell and prerendered pages', () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'moim-web-static-'));
    writeFileSync(join(dist, 'index.html'), SHELL);
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    for (const [dir, name] of [
      ['', 'home'],
      ['study', 'study'],
    ] as const) {
      const d = join(dist, 'prerender', dir);
      mkdirSync(d, { recursive: true });
      writeFileSync(join(d, 'index.html'), page(name));
      writeFileSync(join(d, 'index.html.br'), brotliCompressSync(page(name)));
      writeFileSync(join(d, 'index.html.gz'), gzipSync(page(name)));
    }
    mkdirSync(join(dist, '.ssr'));
    writeFileSync(
      join(dist, '.ssr', 'redirects.json'),
      JSON.stringify({ '/study/1': '/study/1-tecoteco', '/lab/deduction': '/lab/deduction-game', '/evil': '//evil.example/x' }),
    );
    app = Fastify();
    const fallback = await registerWebStatic(app, dist, 'test-secret-test-secret-test-secret-00');
    app.setNotFoundHandler(async (request, reply) => ((await fallback(request, reply)) ? reply : reply.code(404).send({ success: false })));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends a prerendered page for its path (with or without a trailing slash, any query)', async () => {
    for (const url of ['/', '/study', '/study/', '/study?view=list']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain(url === '/' ? '<h1>home</h1>' : '<h1>study</h1>');
    }
  });

  it('answers an old address with a permanent redirect to its page, keeping the query', async () => {
    for (const [url, to] of [
      ['/study/1', '/study/1-tecoteco'],
      ['/study/1/', '/study/1-tecoteco'],
      ['/lab/deduction?ref=home', '/lab/deduction-game?ref=home'],
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(to);
    }
    // a listed target that is not a path on this site is never sent as a Location
    const evil = await app.inject({ url: '/evil', headers: { 'accept-encoding': 'identity' } });
    expect([evil.statusCode, evil.body]).toEqual([200, SHELL]);
    // not for the API
    expect((await app.inject({ url: '/api/study/1' })).statusCode).toBe(404);
  });

  it('uses the build’s brotli or gzip file when the browser takes it', async () => {
    const br = await app.inject({ url: '/study', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<h1>study</h1>');
    const gz = await app.inject({ url: '/study', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('gives every other page the plain shell, and leaves the API and files alone', async () => {
    for (const url of ['/login', '/users/me', '/study/1-tecoteco', '/prerender', '/prerender/study']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(res.body, url).toBe(SHELL);
    }
    expect((await app.inject({ url: '/api/nothing' })).statusCode).toBe(404);
    const asset = await app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('gives a reader who chose English the shell in place of a page prerendered in Korean', async () => {
    for (const cookie of ['lang=en', 'theme=dark; lang=en', 'a=1;lang=en ; b=2']) {
      const res = await app.inject({ url: '/study', headers: { 'accept-encoding': 'identity', cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.body, cookie).toBe(SHELL);
      expect(res.headers.vary).toContain('cookie');
    }
    for (const cookie of ['lang=ko', 'xlang=en', 'lang=english', '']) {
      const res = await app.inject({ url: '/study', headers: { 'accept-encoding': 'identity', cookie } });
      expect(res.body, cookie).toContain('<h1>study</h1>');
    }
    expect(readsEnglish(undefined)).toBe(false);
  });
});
