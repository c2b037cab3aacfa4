/**
 * Who may call a route, declared once: the auth guards (http/auth-guard.ts) carry an access
 * declaration, and an `onRoute` hook reads the guards a route installs (onRequest, preValidation,
 * preHandler) and writes the route's OpenAPI `security` and `x-moim-access` from them. The
 * document therefore says exactly what the guards enforce; a route without a guard is public
 * (issue 12 item 8, docs/api-wire.md).
 *
 * - member: a bearer access token is required (401 without one)
 * - role:   a bearer token of a user with one of `roles` (401 without a token, 403 without the role)
 * - optional: public, but a token, when sent, is read (the answer may depend on the caller)
 */
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';

export type RouteAccess = { level: 'member' } | { level: 'optional' } | { level: 'role'; roles: string[] };

const ACCESS = Symbol.for('moim.routeAccess');

/** Marks a guard function with the access it enforces. */
export function declareAccess<F extends (...args: never[]) => unknown>(guard: F, access: RouteAccess): F {
  Object.defineProperty(guard, ACCESS, { value: access, enumerable: false });
  return guard;
}

export function accessOf(fn: unknown): RouteAccess | undefined {
  return typeof fn === 'function' ? (fn as unknown as { [ACCESS]?: RouteAccess })[ACCESS] : undefined;
}

const RANK = { optional: 0, member: 1, role: 2 } as const;

/** The strictest access any of the route's guards declares (undefined: public). */
export function routeAccess(route: Pick<RouteOptions, 'onRequest' | 'preValidation' | 'preHandler'>): RouteAccess | undefined {
  const hooks = [route.onRequest, route.preValidation, route.preHandler].flat().filter(Boolean);
  let best: RouteAccess | undefined;
  for (const h of hooks) {
    const a = accessOf(h);
    if (a && (!best || RANK[a.level] > RANK[best.level])) best = a;
  }
  return best;
}

const WHO: Record<RouteAccess['level'], (a: RouteAccess) => string> = {
  member: () => 'Who may call: a signed-in member (bearer access token; 401 AUTH-1007 without one).',
  role: (a) =>
    `Who may call: ${(a as { roles: string[] }).roles.join(' or ')} only (bearer access token; 401 without one, 403 AUTH-1005 without the role).`,
  optional: () => 'Who may call: anyone; a bearer access token, when sent, is read (the answer may depend on the caller).',
};

export const BEARER = 'bearerAuth';

/** Registers the hook on the root instance, before any route. */
export function registerRouteSecurity(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = routeAccess(route);
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    if (!access) {
      // Public, unless the route checks a credential itself and says so (e.g. logout, which also
      // takes a refresh token in its body): then it keeps its own declaration.
      route.schema = { ...schema, 'x-moim-access': schema.security ? 'self-checked' : 'guest' } as FastifySchema;
      return;
    }
    // The guards run first, at onRequest: a caller without the right credential is refused
    // before its body is parsed or validated (a guest learns nothing about the input rules).
    const isGuard = (h: unknown) => accessOf(h) !== undefined;
    const all = [route.onRequest, route.preValidation, route.preHandler].flat().filter(Boolean);
    const guards = all.filter(isGuard);
    const without = (hooks: unknown) => {
      const list = [hooks].flat().filter((h) => h && !isGuard(h));
      return list.length > 0 ? list : undefined;
    };
    route.preHandler = without(route.preHandler) as RouteOptions['preHandler'];
    route.preValidation = without(route.preValidation) as RouteOptions['preValidation'];
    route.onRequest = [...guards, ...(without(route.onRequest) ?? [])] as RouteOptions['onRequest'];
    const who = WHO[access.level](access);
    const description = typeof schema.description === 'string' ? `${schema.description}\n\n${who}` : who;
    route.schema = {
      ...schema,
      description,
      security: access.level === 'optional' ? [{}, { [BEARER]: [] }] : [{ [BEARER]: [] }],
      'x-moim-access': access.level === 'role' ? 'admin' : access.level === 'member' ? 'member' : 'guest',
      ...(access.level === 'role' ? { 'x-moim-roles': access.roles } : {}),
    } as FastifySchema;
  });
}
