/**
 * OpenTelemetry traces (docs/observability.md "Traces"), exported over OTLP/HTTP when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set. Unset, this module is never loaded beyond its types: the SDK,
 * the exporter and @fastify/otel come in by dynamic import in `startTracing`, so an instance without
 * an endpoint pays nothing (no context manager, no hooks, no log mixin).
 *
 * Spans: one per request (@fastify/otel, named `METHOD /route/:template`) with a child for its
 * handler; one per database statement run inside a request or a job (DbProbe observer: the SQL text
 * with its `$n` placeholders, never the values); one per job run (JobQueue observer, a root span of
 * its own). Sampling follows the standard OTEL_TRACES_SAMPLER / OTEL_TRACES_SAMPLER_ARG.
 *
 * Logs: `trace_id`/`span_id` on every line written while a span is active (a pino mixin), and on a
 * request's own logger from its first hook to its "request completed" line (a child logger: that
 * line is written outside the request's async context); lines written through the process logger
 * during a request carry the request's `reqId` as well.
 */
import type { Context, Span, Tracer } from '@opentelemetry/api';
import { LogController, type FastifyInstance, type FastifyPluginCallback, type FastifyRequest } from 'fastify';
import pino from 'pino';
import type { Database } from '../db/client.ts';
import type { StatementReport } from '../db/probe.ts';
import type { JobQueue } from '../jobs/queue.ts';

export interface TracingOptions {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base URL (`/v1/traces` is appended) */
  endpoint: string;
  serviceName: string;
  /** `service.instance.id` (several instances report under one service name) */
  instanceId?: string;
}

export interface Tracing {
  /**
   * Fastify's request log lines, with "incoming request" written once the request span is open
   * (Fastify writes it before the first hook), so it carries the trace id like the others
   */
  readonly logController: LogController;
  /** the pino mixin: trace and span ids (and the request id) of the active span */
  readonly logMixin: (merge: object, level: number, logger: pino.Logger) => object;
  /** wire database statements and job runs (returns the detach) */
  observe(sources: { database: Database; jobs: JobQueue }): () => void;
  /**
   * @fastify/otel and the request hooks around it (before any other hook or route): the request id
   * goes into the request's context, the trace id onto the request's logger
   */
  register(app: FastifyInstance): Promise<void>;
  /** export what is buffered now */
  flush(): Promise<void>;
  /** flush, stop exporting and unregister the global context manager and propagator */
  close(): Promise<void>;
}

const SQL_MAX = 4_000;

/** Fastify's log lines, "incoming request" held back to the first hook after the span opens. */
class DeferredIncomingLog extends LogController {
  override incomingRequest(): void {
    /* written by writeIncoming (a request refused before routing has its "request completed" line only) */
  }

  writeIncoming(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.info({ req: request }, 'incoming request');
  }
}
const chindings = pino.symbols.chindingsSym;

/** `SELECT users`, `INSERT jobs`, `BEGIN`: the operation and, where it is plain, the table. */
export function statementName(text: string): { name: string; operation: string; table?: string } {
  const trimmed = text.trimStart();
  const operation = (/^[a-z]+/i.exec(trimmed)?.[0] ?? 'SQL').toUpperCase();
  const target =
    operation === 'SELECT' || operation === 'DELETE'
      ? /\bfrom\s+("?)([a-z_][a-z0-9_]*)\1/i.exec(trimmed)
      : operation === 'INSERT'
        ? /^insert\s+into\s+("?)([a-z_][a-z0-9_]*)\1/i.exec(trimmed)
        : operation === 'UPDATE'
          ? /^update\s+("?)([a-z_][a-z0-9_]*)\1/i.exec(trimmed)
          : null;
  const table = target?.[2];
  return { name: table ? `${operation} ${table}` : operation, operation, ...(table ? { table } : {}) };
}

export async function startTracing(opts: TracingOptions): Promise<Tracing> {
  const [api, sdk, { OTLPTraceExporter }, { resourceFromAttributes }, semconv, otel] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/semantic-conventions'),
    import('@fastify/otel'),
  ]);
  const { context, trace, SpanKind, SpanStatusCode } = api;

  const exporter = new OTLPTraceExporter({ url: `${opts.endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new sdk.NodeTracerProvider({
    resource: resourceFromAttributes({
      [semconv.ATTR_SERVICE_NAME]: opts.serviceName,
      ...(opts.instanceId ? { 'service.instance.id': opts.instanceId } : {}),
    }),
    // the sampler is the SDK's default reading OTEL_TRACES_SAMPLER(_ARG): parentbased_always_on unset
    spanProcessors: [new sdk.BatchSpanProcessor(exporter)],
  });
  // the async-hooks context manager (a request's spans find their parent across awaits) and the
  // W3C trace-context propagator (an incoming `traceparent` continues the caller's trace)
  provider.register();
  const tracer: Tracer = provider.getTracer('moim');

  const REQUEST_ID = api.createContextKey('moim.request_id');
  const FastifyOtel = otel.FastifyOtelInstrumentation ?? otel.default;
  const instrumentation = new FastifyOtel({
    // lifecycle hooks would each get a span (a dozen per request): the request and its handler do
    instrumentHooks: false,
    requestHook: (span: Span, request: { id: string; method: string; routeOptions: { url?: string } }) => {
      span.updateName(`${request.method} ${request.routeOptions.url ?? '(unmatched)'}`);
      span.setAttribute('moim.request_id', request.id);
    },
  });
  instrumentation.setTracerProvider(provider);

  const idsOf = (span: Span) => {
    const c = span.spanContext();
    return { trace_id: c.traceId, span_id: c.spanId };
  };

  const logController = new DeferredIncomingLog();

  return {
    logController,

    logMixin(_merge, _level, logger) {
      const active = context.active();
      const span = trace.getSpan(active);
      if (!span) return {};
      // a request's own logger has its trace id bound already (register)
      if ((logger as unknown as Record<symbol, string | undefined>)[chindings]?.includes('"trace_id"')) return {};
      const reqId = active.getValue(REQUEST_ID);
      return { ...(typeof reqId === 'string' ? { reqId } : {}), ...idsOf(span) };
    },

    async register(app) {
      // before the request span opens: its context (and every child's) carries the request id
      app.addHook('onRequest', (request, _reply, done) => {
        context.with(context.active().setValue(REQUEST_ID, request.id), done);
      });
      await app.register(instrumentation.plugin() as FastifyPluginCallback);
      // after: the request's own logger carries the trace id to its last line
      app.addHook('onRequest', (request, reply, done) => {
        const span = trace.getSpan(context.active());
        if (span) {
          const log = request.log.child(idsOf(span));
          request.log = log;
          reply.log = log;
        }
        logController.writeIncoming(request);
        done();
      });
    },

    observe({ database, jobs }) {
      const detachDb = database.probe.observe({
        statement(report: StatementReport) {
          const parent: Context = context.active();
          // statements outside a request or a job (the queue's polls, sweeps) are not traced
          if (!trace.getSpan(parent)) return;
          const { name, operation, table } = statementName(report.text);
          // Times as performance.now() values: the SDK places them on its own Date-anchored scale,
          // the one the request's span is on. Epoch milliseconds from performance.timeOrigin drift
          // from that scale as a process runs (the monotonic clock against the wall clock), and a
          // statement would seem to end after its request.
          const startedAt = report.startedAt - performance.timeOrigin;
          const span = tracer.startSpan(
            name,
            {
              kind: SpanKind.CLIENT,
              startTime: startedAt,
              attributes: {
                'db.system.name': 'postgresql',
                'db.operation.name': operation,
                ...(table ? { 'db.collection.name': table } : {}),
                'db.query.text': report.text.length > SQL_MAX ? `${report.text.slice(0, SQL_MAX)}…` : report.text,
                'moim.db.outcome': report.outcome,
                'moim.db.driver': database.driver,
              },
            },
            parent,
          );
          if (report.outcome !== 'ok') {
            const message = (report.error as { message?: unknown } | undefined)?.message;
            span.setStatus({ code: SpanStatusCode.ERROR, ...(typeof message === 'string' ? { message } : {}) });
            span.setAttribute('error.type', report.outcome);
          }
          span.end(startedAt + report.durationMs);
        },
      });
      const detachJobs = jobs.observe({
        run(job, fn) {
          return tracer.startActiveSpan(
            `job ${job.kind}`,
            {
              root: true,
              kind: SpanKind.CONSUMER,
              attributes: {
                'moim.job.kind': job.kind,
                'moim.job.lane': job.lane,
                'moim.job.id': job.id,
                'moim.job.attempt': job.attempt,
              },
            },
            (span) =>
              fn().then(
                (result) => {
                  span.end();
                  return result;
                },
                (err: unknown) => {
                  span.recordException(err as Error);
                  span.setStatus({ code: SpanStatusCode.ERROR, message: String((err as Error)?.message ?? err) });
                  span.end();
                  throw err;
                },
              ),
          );
        },
      });
      return () => {
        detachDb();
        detachJobs();
      };
    },

    flush: () => provider.forceFlush(),

    async close() {
      await provider.shutdown().catch(() => undefined);
      trace.disable();
      context.disable();
      api.propagation.disable();
    },
  };
}
