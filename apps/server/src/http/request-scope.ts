/**
 * Where the current request came from (request id, client address, user agent), carried with its
 * async context like the database budget (db/budget.ts): the security log reads it when an entry
 * is written, so services record acts without threading the request through every call. Code
 * outside a request (jobs, start-up) has none: its entries say so (no address).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

export interface RequestOrigin {
  requestId: string;
  ip: string;
  userAgent: string | undefined;
}

const storage = new AsyncLocalStorage<RequestOrigin>();

/** The origin of the request this code runs for, if any. */
export function currentRequestOrigin(): RequestOrigin | undefined {
  return storage.getStore();
}

export function registerRequestScope(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const ua = request.headers['user-agent'];
    storage.run({ requestId: String(request.id), ip: request.ip, userAgent: typeof ua === 'string' ? ua : undefined }, done);
  });
}
