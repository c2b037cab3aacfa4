/**
 * Where metrics are measured and served (docs/observability.md "Metrics"): request hooks on the
 * app, `GET /metrics` on the main port behind `Authorization: Bearer $METRICS_TOKEN` (anything
 * else answers the unknown-route 404, so the endpoint is never public), and a separate listener
 * on METRICS_PORT (loopback by default) that serves only `/metrics`.
 */
import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { UNMATCHED_ROUTE, type Metrics } from './metrics.ts';

function tokenMatches(header: string | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice(7));
  const want = Buffer.from(token);
  return given.length === want.length && timingSafeEqual(given, want);
}

/** Request metrics for every route; `/metrics` on this port only when a token is configured. */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.addHook('onRequest', (_request, _reply, done) => {
    metrics.httpInFlight.inc();
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    metrics.httpInFlight.dec();
    metrics.httpDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
  if (!token) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!tokenMatches(request.headers.authorization, token)) return reply.callNotFound();
    const body = await metrics.text();
    return reply.header('content-type', metrics.contentType).header('cache-control', 'no-store').send(body);
  });
}

/** The metrics-only listener (METRICS_PORT): `/metrics`, nothing else. */
export async function serveMetrics(metrics: Metrics, host: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.text().then(
      (body) => res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' }).end(body),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
