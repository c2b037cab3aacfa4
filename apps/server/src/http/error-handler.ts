/**
 * Turns every thrown error into the SPEC §8 envelope. Validation errors become VAL-20xx with
 * the offending fields in `details`; body-parser errors (bad JSON, wrong content type, too large)
 * become 400/415/413; database connectivity failures, time-outs and refusals (db/errors.ts) become
 * SYS-5002, with Retry-After when the circuit breaker refused at once; anything else SYS-5001
 * with no internals leaked. Errors the router raises before any route is found (a URL that does
 * not decode, a path parameter over the router's maximum length) go through `frameworkErrors`
 * into the same envelope.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { type ErrorCode, errorMessage, errorStatus, isErrorCode } from '@moim/contract';
import { databaseRetryAfter, isDatabaseUnavailable } from '../db/errors.ts';
import { AppError } from './app-error.ts';
import { errorEnvelope } from './envelope.ts';

interface FieldIssue {
  path: string;
  code: string;
  message: string;
}

function classifyValidation(issues: FieldIssue[]): ErrorCode {
  if (issues.length > 0 && issues.every((i) => i.code === 'missing')) return 'VAL-2003';
  if (issues.some((i) => i.code === 'too_big' || i.code === 'too_small')) return 'VAL-2004';
  if (issues.some((i) => i.code === 'invalid_format' || i.code === 'invalid_type')) return 'VAL-2002';
  return 'VAL-2001';
}

export function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  code: ErrorCode,
  message?: string,
  details?: unknown,
  status?: number,
) {
  return reply
    .code(status ?? errorStatus(code))
    .type('application/json; charset=utf-8')
    .send(errorEnvelope(code, message ?? errorMessage(code), details, request.id));
}

/**
 * Fastify's `frameworkErrors` option: the router's own errors, raised before routing (so no
 * hook has run). `FST_ERR_BAD_URL` (a path that is not valid percent-encoded UTF-8, such as
 * `/api/studies/%zz`) is VAL-2002; `FST_ERR_MAX_PARAM_LENGTH` (a path parameter longer than
 * `maxParamLength`, which Fastify answers 414) is VAL-2004, as any over-long field is.
 */
export function handleFrameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header('x-request-id', request.id);
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendError(reply, request, 'VAL-2004', `${errorMessage('VAL-2004')} (경로 매개변수가 너무 깁니다.)`);
  }
  if (err.code === 'FST_ERR_BAD_URL') {
    return sendError(reply, request, 'VAL-2002', `${errorMessage('VAL-2002')} (주소를 해석할 수 없습니다.)`);
  }
  request.log.error({ err }, 'framework error');
  return sendError(reply, request, 'SYS-5001');
}

/** Answers `request` itself (true: it has sent the reply) or leaves it to the API's 404 (false). */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError & { cause?: unknown }, request, reply) => {
    if (err instanceof AppError) {
      if (err.code === 'BIZ-3004' && err.details && typeof err.details === 'object' && 'retryAfterSeconds' in err.details) {
        reply.header('retry-after', String((err.details as { retryAfterSeconds: number }).retryAfterSeconds));
      }
      return sendError(reply, request, err.code, err.message, err.details, err.status);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues: FieldIssue[] = err.validation.map((v) => {
        // a required field left out, or a contract rule that says so (an issue with `params: {missing: true}`,
        // e.g. login's email-or-username; the type provider nests the issue's own params)
        const ruleSaysMissing = (v.params as { params?: { missing?: unknown } } | undefined)?.params?.missing === true;
        const missing = v.keyword === 'invalid_type' && (/received undefined/.test(v.message ?? '') || ruleSaysMissing);
        const path = `${err.validationContext ?? 'body'}${v.instancePath === '/' ? '' : v.instancePath.replaceAll('/', '.')}`;
        return { path, code: missing ? 'missing' : v.keyword, message: v.message ?? 'invalid' };
      });
      const code = classifyValidation(issues);
      const first = issues[0];
      const message = first ? `${errorMessage(code)} (${first.path}: ${first.message})` : errorMessage(code);
      return sendError(reply, request, code, message, { fields: issues });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return sendError(reply, request, 'SYS-5001');
    }
    const status = err.statusCode ?? 500;
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      return sendError(reply, request, 'VAL-2006');
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
      return sendError(reply, request, 'VAL-2007');
    }
    if (status === 429) return sendError(reply, request, 'BIZ-3004');
    if (status >= 400 && status < 500) {
      // Malformed JSON, empty JSON body, bad content-length: the client's fault, never a 500.
      const code: ErrorCode = err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'VAL-2003' : 'VAL-2002';
      return sendError(reply, request, code, `${errorMessage(code)} (${err.message})`, undefined, 400);
    }
    if (isDatabaseUnavailable(err)) {
      // refused at once by the open circuit breaker: say when to come back, and log it quietly
      const retryAfter = databaseRetryAfter(err);
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      request.log[retryAfter === undefined ? 'error' : 'warn']({ err }, 'database unavailable');
      return sendError(reply, request, 'SYS-5002');
    }
    request.log.error({ err }, 'unhandled error');
    return sendError(reply, request, 'SYS-5001');
  });
}

/** Unknown paths: the web app's fallback (if any) for pages, the envelope 404 for the API. */
export function registerNotFound(app: FastifyInstance, fallback?: NotFoundFallback): void {
  app.setNotFoundHandler(async (request, reply) => {
    // (a Fastify reply is thenable: awaiting one waits for the response, so the fallback says
    // whether it answered instead of returning the reply)
    if (fallback && (await fallback(request, reply))) return reply;
    return sendError(reply, request, 'BIZ-3001', `요청한 API를 찾을 수 없습니다: ${request.method} ${request.url.split('?')[0]}`);
  });
}

export { isErrorCode };
