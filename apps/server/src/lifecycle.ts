/**
 * Graceful shutdown (docs/operations.md "Shutdown and rolling restarts"). On SIGTERM an instance
 *
 * 1. drains: readiness answers 503 `draining` so the load balancer takes it out of rotation, and
 *    every response says `Connection: close` so clients and the balancer reconnect elsewhere
 *    instead of reusing a socket that is about to close; this lasts SHUTDOWN_DRAIN_MS (the
 *    balancer's probe interval times its failure threshold, plus a margin);
 * 2. stops: no new connections, the job queue claims nothing more; the requests in flight and the
 *    jobs running finish;
 * 3. closes what is left (other listeners, Redis, the database) and exits 0.
 *
 * A shutdown that has not finished by SHUTDOWN_TIMEOUT_MS exits 1 whatever is still running (the
 * jobs it cut short are claimed again after their lease: they are idempotent).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';

export interface Lifecycle {
  /** the instance is shutting down: readiness answers 503, responses close their connection */
  draining: boolean;
}

export function createLifecycle(): Lifecycle {
  return { draining: false };
}

/**
 * Responses sent during the drain carry `Connection: close` (a kept-alive socket would soon be
 * cut), those of requests that arrived before it too: the server's close waits for every socket,
 * and a socket left idle after its last answer would hold it up to the keep-alive time-out.
 */
export function registerDrainHeader(app: FastifyInstance, lifecycle: Lifecycle): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });
}

export interface ShutdownOptions {
  app: FastifyInstance;
  ctx: AppContext;
  drainMs: number;
  /** other things to close after the requests and jobs are done (the metrics listener, the tracer) */
  closeAlso?: (() => Promise<unknown> | unknown)[];
  /** closes the context (Redis, the database); bootstrap's closeContext */
  closeContext: (ctx: AppContext) => Promise<void>;
  sleep?: (ms: number) => Promise<void>;
}

/** Drains, stops, finishes in-flight requests and jobs, closes. Resolves when all is closed. */
export async function shutDown(opts: ShutdownOptions): Promise<void> {
  const { app, ctx, drainMs } = opts;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  ctx.lifecycle.draining = true;
  ctx.log.info({ drainMs, inFlightJobs: ctx.jobs.running }, 'draining: readiness answers 503, connections close after each response');
  if (drainMs > 0) await sleep(drainMs);
  // stop claiming jobs and stop accepting connections; both wait for what is already running
  await Promise.all([ctx.jobs.stop(), app.close()]);
  for (const close of opts.closeAlso ?? []) await close();
  await opts.closeContext(ctx);
  ctx.log.info('shut down');
}
