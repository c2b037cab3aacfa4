/**
 * The error answers each operation can give, in its schema and so in the OpenAPI document
 * (docs/api-wire.md "Codes"). An `onRoute` hook adds them after the access hook has run:
 * - every `/api` route: 400 (input rules, NUL, bad URL), 500, 503, 504;
 * - a body: 413 and 415; path parameters and writes: 404; a guard or a self-checked credential:
 *   401 (and 403 for members and admins: a deactivated account, a role, a public thing that is
 *   not yours);
 * - a write (POST, PUT, PATCH, DELETE): 409 (state conflict) and 422 (business rule);
 * - a hook that declares what it answers (`declareErrors`: the rate limits' 429);
 * - `config.errors`: what a route adds itself (a read that answers 409, a 429 quota).
 * Each status is answered with the contract's `errorBody`, described by its codes.
 */
import { errorBody } from '@moim/contract';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { routeAccess } from './route-access.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** error statuses this route answers beyond the derived ones (route-errors.ts) */
    errors?: readonly ErrorStatus[];
  }
}

export const ERROR_STATUSES = [400, 401, 403, 404, 409, 413, 415, 422, 429, 500, 503, 504] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

/** What each status means here, and its codes (the catalogue's families). */
export const STATUS_CODES: Record<ErrorStatus, string> = {
  400: 'Malformed input: VAL-2001, VAL-2002, VAL-2003, VAL-2004 (AUTH-1008, BIZ-3005 where named).',
  401: 'No or bad credential: AUTH-1001, AUTH-1002, AUTH-1003, AUTH-1007 (AUTH-1020 second factor required, AUTH-1021 wrong code).',
  403:
    'Refused: AUTH-1004 (a public thing that is not yours), AUTH-1005 (a role), AUTH-1006 (a deactivated account), AUTH-1009, ' +
    'AUTH-1022 (an admin without a second factor), AUTH-1023 (step-up: prove who you are again).',
  404: 'Not found, or private and not yours: BIZ-3001.',
  409: 'State conflict: BIZ-3002 (VAL-2005, VAL-2008 for a taken e-mail or username; AUTH-1040, AUTH-1041 for a data export not ready or expired).',
  413: 'Body over 1 MiB: VAL-2006.',
  415: 'Unsupported content type: VAL-2007.',
  422: 'Business rule: BIZ-3003.',
  429: 'Too many requests or a quota: BIZ-3004, with Retry-After.',
  500: 'Internal error: SYS-5001.',
  503: 'The database or a dependency is unavailable: SYS-5002 (with Retry-After while the breaker is open), SYS-5003.',
  504: 'The request ran past its time: SYS-5004.',
};

const DECLARED = Symbol.for('moim.routeErrors');

/** Marks a hook with the error statuses it may answer (it adds them to every route that runs it). */
export function declareErrors<F extends (...args: never[]) => unknown>(hook: F, statuses: readonly ErrorStatus[]): F {
  Object.defineProperty(hook, DECLARED, { value: statuses, enumerable: false });
  return hook;
}

function declaredBy(hook: unknown): readonly ErrorStatus[] {
  return typeof hook === 'function' ? ((hook as { [DECLARED]?: readonly ErrorStatus[] })[DECLARED] ?? []) : [];
}

/** The tag of routes that imitate an outside provider's API (providers/payments/test-gateway). */
export const PROVIDER_PROTOCOL_TAG = 'test-gateway';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface RouteShape {
  method: string | string[];
  url: string;
  schema?: FastifySchema;
  config?: { errors?: readonly ErrorStatus[] };
  onRequest?: unknown;
  preValidation?: unknown;
  preHandler?: unknown;
}

/** The error statuses a route can answer. */
export function routeErrorStatuses(route: RouteShape): ErrorStatus[] {
  const out = new Set<ErrorStatus>([400, 500, 503, 504]);
  const methods = [route.method].flat();
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  if (schema.body !== undefined || methods.some((m) => WRITES.has(m) && m !== 'DELETE')) {
    out.add(413);
    out.add(415);
  }
  const writes = methods.some((m) => WRITES.has(m));
  // a path parameter names a thing; a write's body may name others (a session, a study)
  if (schema.params !== undefined || route.url.includes(':') || writes) out.add(404);
  const access = routeAccess(route as Parameters<typeof routeAccess>[0]);
  // a route that checks a credential itself declares its own `security` (route-access.ts)
  if (access || schema.security !== undefined) out.add(401);
  if (access && access.level !== 'optional') out.add(403);
  if (writes) {
    out.add(409);
    out.add(422);
  }
  for (const hook of [route.onRequest, route.preValidation, route.preHandler].flat()) for (const s of declaredBy(hook)) out.add(s);
  for (const s of route.config?.errors ?? []) out.add(s);
  return [...out].sort((a, b) => a - b);
}

const described = new Map<ErrorStatus, typeof errorBody>(ERROR_STATUSES.map((s) => [s, errorBody.describe(STATUS_CODES[s])]));

/** Registers the hook on the root instance, after `registerRouteSecurity` (it reads the guards that hook placed). */
export function registerRouteErrors(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.schema?.hide) return;
    // the built-in payment gateway speaks its provider's protocol (Toss's errors, HTML pages), not moim's
    if (route.schema?.tags?.includes(PROVIDER_PROTOCOL_TAG)) return;
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    const response = { ...((schema.response as Record<string, unknown> | undefined) ?? {}) };
    for (const status of routeErrorStatuses(route)) response[status] ??= described.get(status);
    route.schema = { ...schema, response } as FastifySchema;
  });
}

type OpenApiResponses = Record<string, unknown>;
interface OpenApiShape {
  paths?: Record<string, Record<string, { responses?: OpenApiResponses } | undefined>>;
  components?: { responses?: Record<string, unknown> };
}

/**
 * The document names each error answer once (`#/components/responses/Error404`, …) and every
 * operation refers to it: written out in each of the ~200 operations they were 1.2 MB of the
 * document's 2.3 MB, and Swagger UI took some 20 s to open it. An answer a route wrote itself
 * (its own schema or description) stays in place.
 */
export function shareErrorResponses<T>(doc: T): T {
  const d = doc as OpenApiShape;
  const shared: Record<string, unknown> = {};
  const text = new Map<string, string>();
  for (const item of Object.values(d.paths ?? {})) {
    for (const op of Object.values(item)) {
      const responses = op?.responses;
      if (!responses) continue;
      for (const status of ERROR_STATUSES) {
        const r = responses[status] as { description?: string } | undefined;
        if (!r || r.description !== STATUS_CODES[status]) continue;
        const name = `Error${status}`;
        const json = JSON.stringify(r);
        if (!text.has(name)) {
          text.set(name, json);
          shared[name] = r;
        }
        if (text.get(name) === json) responses[status] = { $ref: `#/components/responses/${name}` };
      }
    }
  }
  d.components = { ...d.components, responses: { ...d.components?.responses, ...shared } };
  return doc;
}
