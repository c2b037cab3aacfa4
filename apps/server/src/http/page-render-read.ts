/**
 * The page renderer's own reads (web-render.ts reads a page's public data through this server's
 * API with `app.inject`): they carry a header holding a token only this process knows, so a
 * route can tell them from a visitor's request and leave out what only a visitor's read does
 * (a project's view count: the visitor's own read, once the app has taken over, counts them).
 * The header cannot be forged from outside: its value is random per process and never sent out.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const HEADER = 'x-moim-page-render';
const TOKEN = Buffer.from(randomBytes(24).toString('base64url'));

/** The headers the renderer's reads carry. */
export const pageRenderReadHeaders = (): Record<string, string> => ({ [HEADER]: TOKEN.toString() });

/** Whether `req` is the page renderer's own read (not a visitor's). */
export function isPageRenderRead(req: FastifyRequest): boolean {
  const v = req.headers[HEADER];
  if (typeof v !== 'string') return false;
  const b = Buffer.from(v);
  return b.length === TOKEN.length && timingSafeEqual(b, TOKEN);
}
