/**
 * Serves the built web app from the same process: hashed assets are immutable for a year,
 * HTML is revalidated on every visit, precompressed .br/.gz files are used when present, and
 * any non-API GET that asks for HTML gets the app shell (prerendered page HTML where the build
 * made one) so client-side routes work on reload.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NotFoundFallback } from './error-handler.ts';

/** Registers the static files and returns the SPA fallback for the not-found handler. */
export async function registerWebStatic(app: FastifyInstance, distDir: string): Promise<NotFoundFallback> {
  const hasWeb = existsSync(join(distDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      // @fastify/static passes the Fastify reply here.
      setHeaders(reply: unknown, path: string) {
        const r = reply as { header?: (k: string, v: string) => void; setHeader?: (k: string, v: string) => void };
        const set = (v: string) => (r.header ? r.header('cache-control', v) : r.setHeader?.('cache-control', v));
        if (path.startsWith(join(distDir, 'assets'))) set('public, max-age=31536000, immutable');
        else if (path.endsWith('.html')) set('no-cache');
        else set('public, max-age=3600');
      },
    });
  }

  const shellCache = new Map<string, string>();
  const readShell = (file: string): string | undefined => {
    if (!shellCache.has(file)) {
      const p = join(distDir, file);
      if (!existsSync(p)) return undefined;
      shellCache.set(file, readFileSync(p, 'utf8'));
    }
    return shellCache.get(file);
  };

  return (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsHtml = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && path !== '/api';
    if (wantsHtml && hasWeb && !/\.[a-z0-9]{1,8}$/i.test(path)) {
      // Prerendered public pages live at dist/<route>/index.html; everything else gets the shell.
      const clean = path.replace(/\/+$/, '');
      const pre = clean && !clean.includes('..') ? readShell(`${clean.slice(1)}/index.html`) : undefined;
      const html = pre ?? readShell('index.html')!;
      return reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }
    return undefined;
  };
}
