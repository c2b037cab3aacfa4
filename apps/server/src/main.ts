/**
 * The server process: read config (fail fast), open the database and run migrations, load
 * start-up data, listen, and shut down gracefully on SIGTERM/SIGINT (lifecycle.ts: drain, stop
 * accepting, finish in-flight requests and jobs, close the database).
 */
import { buildApp } from './app.ts';
import { closeContext, createContext } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { serveBackupSignal } from './db/backup-signal.ts';
import { claimDataDir, DataDirInUse } from './db/data-dir-lock.ts';
import { shutDown } from './lifecycle.ts';
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
  // the embedded database's folder is one server's (db/data-dir-lock.ts): a second `npm start` on
  // it says so instead of failing inside PGlite
  if (!config.DATABASE_URL) {
    try {
      await claimDataDir(config.dataDir, {
        onWait: (pid, ms) =>
          console.error(`moim: the data folder ${config.dataDir} is held by process ${pid}; waiting up to ${ms / 1000} s for it to stop`),
      });
    } catch (err) {
      if (err instanceof DataDirInUse) {
        console.error(`moim: ${err.message}. Stop that server first, or start this one with another DATA_DIR.`);
        process.exit(75); // EX_TEMPFAIL
      }
      throw err;
    }
  }
  const ctx = await createContext(config);
  // A promise nobody awaited that failed is a bug, but one request's or timer's: it is logged with
  // its stack (level error, so it alerts: docs/operations.md) and the instance goes on serving
  // everyone else. An exception thrown out of a callback leaves state unknown: logged, then the
  // process exits for its supervisor to restart it (Node's own behaviour, with the log line).
  process.on('unhandledRejection', (reason) => ctx.log.error({ err: reason }, 'unhandled promise rejection'));
  process.on('uncaughtException', (err) => {
    ctx.log.fatal({ err }, 'uncaught exception: exiting');
    process.exit(1);
  });
  const app = await buildApp(ctx, { serveWeb: true, warmRenderedPages: true });
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

  // the embedded database: `npm run backup` asks this process for a consistent copy
  const stopBackupSignal = serveBackupSignal(config.dataDir, ctx.database, ctx.log);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    ctx.log.info({ signal, drainMs: config.SHUTDOWN_DRAIN_MS, timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutting down');
    const force = setTimeout(() => {
      ctx.log.error({ inFlightJobs: ctx.jobs.running }, 'graceful shutdown timed out; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    shutDown({
      app,
      ctx,
      drainMs: config.SHUTDOWN_DRAIN_MS,
      closeAlso: [() => metricsServer && new Promise((r) => metricsServer.close(r)), stopBackupSignal],
      closeContext,
    }).then(
      () => process.exit(0),
      (err: unknown) => {
        ctx.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  console.error('moim: failed to start:', err);
  process.exit(1);
});
