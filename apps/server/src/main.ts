/**
 * The server process: read config (fail fast), open the database and run migrations, load
 * start-up data, listen, and shut down gracefully on SIGTERM/SIGINT (stop accepting, finish
 * in-flight requests, stop jobs, close the database).
 */
import { buildApp } from './app.ts';
import { closeContext, createContext } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { runStartupSeeds } from './seed/index.ts';
import { serveMetrics } from './telemetry/metrics-http.ts';

async function main() {
  const t0 = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`moim: ${err.message}`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
  const ctx = await createContext(config);
  const app = await buildApp(ctx, { serveWeb: true });
  const seeded = await runStartupSeeds(
    ctx,
    app.modules.flatMap((m) => (m.seeder ? [m.seeder] : [])),
  );
  if (config.JOBS_ENABLED) ctx.jobs.start();
  await app.listen({ host: config.HOST, port: config.PORT });
  // Prometheus scrapes its own listener (loopback unless METRICS_HOST says otherwise)
  const metricsServer =
    ctx.metrics && config.METRICS_PORT !== undefined
      ? await serveMetrics(ctx.metrics, config.METRICS_HOST, config.METRICS_PORT)
      : undefined;
  ctx.log.info(
    {
      port: config.PORT,
      database: ctx.database.driver,
      redis: ctx.redis.configured ? (ctx.redis.isUp() ? 'up' : 'down (degraded: starting without it)') : 'not configured',
      demoLoaded: seeded.demoLoaded,
      startupMs: Math.round(performance.now() - t0),
    },
    `moim is ready on ${config.publicUrl}`,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    ctx.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      ctx.log.error('graceful shutdown timed out; exiting');
      process.exit(1);
    }, 20_000);
    force.unref();
    try {
      await app.close(); // stops accepting and waits for in-flight requests
      metricsServer?.close();
      await closeContext(ctx);
      process.exit(0);
    } catch (err) {
      ctx.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error('moim: failed to start:', err);
  process.exit(1);
});
