/**
 * The origin a visitor opened the site at, for building return addresses (card payment's
 * success/fail pages, social login's callback). A browser refuses to leave a form for another
 * origin under our CSP (`form-action 'self'`) and keeps cookies per host, so a return address on
 * PUBLIC_URL breaks a visit made at http://127.0.0.1:3000 or at a second host name.
 *
 * Allowed: PUBLIC_URL's origin, ALLOWED_ORIGINS, and (config.allowLoopbackOrigins) http(s) on
 * localhost / 127.0.0.1 / [::1] at any port. Anything else is never echoed back: a request from
 * an origin that is not allowed gets a clear refusal (RETURN_ORIGIN_REFUSED) instead of a return
 * address the browser would silently block.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from './app-error.ts';

type OriginConfig = Pick<Config, 'publicUrl' | 'ALLOWED_ORIGINS' | 'allowLoopbackOrigins'>;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export function publicOrigin(config: Pick<Config, 'publicUrl'>): string {
  return new URL(config.publicUrl).origin;
}

function normalise(origin: string): string | null {
  try {
    const u = new URL(origin);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return u.origin;
  } catch {
    return null;
  }
}

export function isAllowedOrigin(origin: string, config: OriginConfig): boolean {
  const o = normalise(origin);
  if (!o) return false;
  if (o === publicOrigin(config)) return true;
  if (config.ALLOWED_ORIGINS.some((a) => normalise(a) === o)) return true;
  return config.allowLoopbackOrigins && LOOPBACK.has(new URL(o).hostname);
}

export type OriginResolution = { ok: true; origin: string } | { ok: false; opened: string; publicOrigin: string };

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * Where this request came from: the Origin header (sent with fetch/POST), else scheme + Host
 * (a plain navigation). PUBLIC_URL's host reached over another scheme (a TLS-terminating proxy
 * without TRUST_PROXY) still counts as PUBLIC_URL.
 */
export function requestOrigin(request: Pick<FastifyRequest, 'headers' | 'protocol' | 'host'>, config: OriginConfig): OriginResolution {
  const pub = publicOrigin(config);
  const header = first(request.headers.origin);
  const candidate = header && header !== 'null' ? header : `${request.protocol}://${request.host}`;
  const o = normalise(candidate);
  if (o && isAllowedOrigin(o, config)) return { ok: true, origin: o };
  if (o && new URL(o).host === new URL(pub).host) return { ok: true, origin: pub };
  return { ok: false, opened: o ?? candidate.slice(0, 200), publicOrigin: pub };
}

/** The origin to send the visitor back to, or a clear 400 BIZ-3005 naming the address to use. */
export function returnOrigin(request: Pick<FastifyRequest, 'headers' | 'protocol' | 'host'>, config: OriginConfig): string {
  const r = requestOrigin(request, config);
  if (r.ok) return r.origin;
  throw new AppError(
    'BIZ-3005',
    { key: 'common.wrongOrigin', params: { opened: r.opened, publicOrigin: r.publicOrigin } },
    { opened: r.opened, publicOrigin: r.publicOrigin },
  );
}
