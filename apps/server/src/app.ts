/**
 * Builds the Fastify instance: cross-cutting plugins first (request ids, logging, security
 * headers, CORS, compression, validation, the error envelope, OpenAPI), then every feature
 * module under /api, then the web app. Tests build it too, with their own database.
 */
import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { AppContext } from './context.ts';
import { registerDatabaseBudget } from './http/db-budget.ts';
import { registerRequestScope } from './http/request-scope.ts';
import { handleFrameworkError, registerErrorHandling, registerNotFound, sendError } from './http/error-handler.ts';
import { registerSafeTextRule } from './http/safe-text.ts';
import { registerRouteSecurity } from './http/route-access.ts';
import { registerRouteErrors, shareErrorResponses } from './http/route-errors.ts';
import { nameSharedSchemas } from './http/openapi-names.ts';
import { markOptionalBodies, registerJsonParser, validatorCompiler } from './http/validation.ts';
import { registerWebStatic } from './http/web-static.ts';
import { inlineHashes } from './http/web-render.ts';
import { defaultWebDist } from './paths.ts';
import { composeModules, type ModuleApis, type ModuleOverrides } from './modules/index.ts';
import type { ServerModule } from './modules/types.ts';
import { paymentCsp } from './providers/payments/csp.ts';
import { registerMetrics } from './telemetry/metrics-http.ts';
import { registerDrainHeader } from './lifecycle.ts';

export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** the composed feature modules, in dependency order (seeders run from them) */
    modules: ServerModule[];
    /** the modules' typed public interfaces (tests and scripts reach services through these) */
    apis: ModuleApis;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** What a cross-origin caller may send (docs/api-wire.md). */
export const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
export const CORS_REQUEST_HEADERS = [
  'authorization',
  'content-type',
  'accept',
  'accept-language',
  'idempotency-key',
  'if-none-match',
  'x-request-id',
  'x-studio-trial-token',
];

export interface BuildOptions {
  /** Serve the built web app (off in most integration tests). */
  serveWeb?: boolean;
  /** With `serveWeb`: render the server-rendered pages with one address once it listens (http/web-render.ts `warm`). */
  warmRenderedPages?: boolean;
  logger?: boolean;
  /** test doubles in place of a module's interface (same type; tests only) */
  overrides?: ModuleOverrides;
}

export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = ctx;
  const app = Fastify({
    loggerInstance: ctx.log,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    connectionTimeout: config.REQUEST_TIMEOUT_MS + 5_000,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    frameworkErrors: handleFrameworkError,
    // with traces on, "incoming request" is written once the request's span is open (its trace id)
    ...(ctx.tracing ? { logController: ctx.tracing.logController } : {}),
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('ctx', ctx);
  app.decorateRequest('user', null);
  // Traces (OTEL_EXPORTER_OTLP_ENDPOINT): @fastify/otel's request span opens in the first onRequest
  // hook, so every later hook's and the handler's statements are its children (docs/operations.md)
  if (ctx.tracing) await ctx.tracing.register(app);
  // PostgreSQL: each request's statements share one time budget (first hook: before any that reads
  // the database). DB_REQUEST_BUDGET_MS=0 leaves it off (docs/operations.md: its cost on Node 20).
  if (ctx.database.breaker && config.DB_REQUEST_BUDGET_MS > 0) registerDatabaseBudget(app, config.DB_REQUEST_BUDGET_MS);
  // where each request came from, for the security log's entries (http/request-scope.ts)
  registerRequestScope(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Prometheus: per-request metrics, and /metrics behind METRICS_TOKEN (docs/operations.md)
  if (ctx.metrics) registerMetrics(app, ctx.metrics, config.METRICS_TOKEN);
  registerDrainHeader(app, ctx.lifecycle);
  registerErrorHandling(app);
  registerSafeTextRule(app);
  registerRouteSecurity(app);
  registerRouteErrors(app);
  // The API speaks JSON: a text/plain body is refused with 415 VAL-2007 like any other type.
  app.removeContentTypeParser('text/plain');
  registerJsonParser(app);

  // Request id on every response; a handler that runs past the timeout answers 504 in the envelope.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    const timer = setTimeout(() => {
      if (!reply.sent) {
        request.log.warn({ url: request.url }, 'request timed out');
        void sendError(reply, request, 'SYS-5004');
      }
    }, config.REQUEST_TIMEOUT_MS);
    timer.unref();
    reply.raw.once('close', () => clearTimeout(timer));
  });

  const pay = paymentCsp(config); // Toss Payments' SDK and frames, only when PAYMENT_PROVIDER=toss
  const webDist = config.WEB_DIST_DIR ?? defaultWebDist;
  // The prerendered pages' inline critical CSS and scripts, allowed by hash (apps/web/scripts/prerender.mjs).
  // Only the scripts go by hash; inline styles are allowed by style-src 'unsafe-inline' (see below).
  const inline = opts.serveWeb ? inlineHashes(webDist) : { styleSrcElem: [], scriptSrc: [] };
  // Security headers from one middleware built here. (@fastify/helmet built `helmet(options)` afresh
  // in an onRequest hook on every request, parsing the CSP directives each time: ~5 % of a list
  // call's CPU and more of a small route's; measured with a CPU profile.) Same headers,
  // set on the raw response before the handler, as the plugin did.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval': the deduction bot sandbox compiles QuickJS (WebAssembly) in a worker; no 'unsafe-eval'.
        scriptSrc: ["'self'", ...pay.scriptSrc, "'wasm-unsafe-eval'", ...inline.scriptSrc],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Inline <style> stays allowed by style-src 'unsafe-inline' (components and the payment pages
        // insert style elements at run time); a style-src-elem hash list blocked them.
        imgSrc: ["'self'", 'data:', 'blob:', ...pay.imgSrc],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...pay.connectSrc],
        frameSrc: ["'self'", ...pay.frameSrc],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)));
  await app.register(fastifyCors, {
    origin: (origin, cb) => {
      if (!origin) return cb(null, true);
      cb(null, config.CORS_ORIGINS.includes(origin) || config.CORS_ORIGINS.includes('*'));
    },
    credentials: true,
    // The plugin's default allows only GET, HEAD and POST: every method and request header the
    // API uses must be listed, or browsers block profile edits, PATCHes and DELETEs from the
    // origins in CORS_ORIGINS (issue 12 item 11).
    methods: CORS_METHODS,
    allowedHeaders: CORS_REQUEST_HEADERS,
    exposedHeaders: ['x-request-id', 'retry-after'],
    maxAge: 600,
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });

  nameSharedSchemas();
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'moim API',
        version: '1.0.0',
        description: 'Every response is an envelope: `{success: true, data}` or `{success: false, error: {code, message}, message}`.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // the built-in payment gateway's Toss-style API (tag test-gateway; Toss's answers, not the envelope)
          gatewaySecretKey: { type: 'http', scheme: 'basic', description: 'The gateway secret key as the Basic user name (Toss).' },
        },
      },
    },
    transform: jsonSchemaTransform,
    // the contract's shared shapes (a Study, an application…; `.meta({ id })`) are written once in
    // components.schemas and referred to, as the error answers are in components.responses
    transformObject: (documentObject) => shareErrorResponses(markOptionalBodies(jsonSchemaTransformObject(documentObject))),
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) => header,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });

  const modules = composeModules(ctx, opts.overrides);
  for (const mod of modules.list) {
    if (mod.routes) await app.register(async (scope) => mod.routes!(scope), { prefix: mod.prefix ?? '/api' });
  }
  app.decorate('modules', modules.list);
  app.decorate('apis', modules.apis);

  const spaFallback = opts.serveWeb
    ? await registerWebStatic(app, webDist, config.jwtSecret, config.publicUrl, opts.warmRenderedPages ?? false)
    : undefined;
  registerNotFound(app, spaFallback);
  return app;
}
