/**
 * Turns every thrown error into the SPEC §8 envelope. Validation errors become VAL-20xx with
 * the offending fields in `details`; body-parser errors (bad JSON, wrong content type, too large)
 * become 400/415/413; database connectivity failures become SYS-5002; anything else SYS-5001
 * with no internals leaked. Errors the router raises before any route is found (a URL that does
 * not decode, a path parameter over the router's maximum length) go through `frameworkErrors`
 * into the same envelope.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  type ErrorCode,
  type ErrorDetails,
  type ErrorField,
  errorDetails,
  errorMessage,
  errorStatus,
  formIssueKey,
  formText,
  isErrorCode,
} from '@moim/contract';
import { type ErrorText, renderErrorText } from '../i18n/error-texts.ts';
import { AppError } from './app-error.ts';
import { errorEnvelope } from './envelope.ts';
import { requestLocale } from './locale.ts';

type FieldIssue = ErrorField;

function classifyValidation(issues: FieldIssue[]): ErrorCode {
  if (issues.length > 0 && issues.every((i) => i.code === 'missing')) return 'VAL-2003';
  if (issues.some((i) => i.code === 'too_big' || i.code === 'too_small')) return 'VAL-2004';
  if (issues.some((i) => i.code === 'invalid_format' || i.code === 'invalid_type')) return 'VAL-2002';
  return 'VAL-2001';
}

// Connection failures, and the time-outs of db/client.ts: 57014 is a statement cancelled by
// statement_timeout; the pg driver's own time-outs carry no code, only their message.
const DB_DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57014', '57P01', '57P03', '08000', '08003', '08006']);
const DB_DOWN_MESSAGES = /^(timeout exceeded when trying to connect|Query read timeout|Connection terminated)/;

function isDatabaseUnavailable(err: { code?: string; message?: string; cause?: unknown }): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && DB_DOWN_CODES.has(code)) return true;
    if (typeof message === 'string' && DB_DOWN_MESSAGES.test(message)) return true;
  }
  return false;
}

/**
 * Answers the envelope for `code`, its message in the reader's language: `text` (a message key)
 * when given, else the code's own sentence, optionally followed by a specific `hint` key.
 */
export function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  code: ErrorCode,
  text?: ErrorText | { rendered: string },
  details?: ErrorDetails,
  status?: number,
) {
  const locale = requestLocale(request);
  const message =
    text === undefined
      ? errorMessage(code, locale)
      : typeof text === 'object' && 'rendered' in text
        ? text.rendered
        : renderErrorText(text, locale);
  reply.header('content-language', locale);
  if (details !== undefined && !errorDetails.safeParse(details).success) {
    // a programming error: the answer keeps its code and message, never a shape clients don't know
    request.log.error({ details }, 'error details outside the contract shape (errorDetails); dropped');
    details = undefined;
  }
  return reply
    .code(status ?? errorStatus(code))
    .type('application/json; charset=utf-8')
    .send(errorEnvelope(code, message, details, request.id));
}

/** The code's sentence followed by a specific text: `입력값을 확인해 주세요. (제목: 2자 이상 …)`. */
function withHint(code: ErrorCode, hint: string, request: FastifyRequest): { rendered: string } {
  return { rendered: `${errorMessage(code, requestLocale(request))} (${hint})` };
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
    return sendError(
      reply,
      request,
      'VAL-2004',
      withHint('VAL-2004', renderErrorText('common.paramTooLong', requestLocale(request)), request),
    );
  }
  if (err.code === 'FST_ERR_BAD_URL') {
    return sendError(reply, request, 'VAL-2002', withHint('VAL-2002', renderErrorText('common.badUrl', requestLocale(request)), request));
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
      const locale = requestLocale(request);
      return sendError(reply, request, err.code, { rendered: err.render(locale) }, err.renderDetails(locale), err.status);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const locale = requestLocale(request);
      const issues: FieldIssue[] = err.validation.map((v) => {
        // a required field left out, or a contract rule that says so (an issue with `params: {missing: true}`,
        // e.g. login's email-or-username; the type provider nests the issue's own params)
        const params = (v.params ?? {}) as Record<string, unknown> & { params?: { missing?: unknown } };
        const ruleSaysMissing = params.params?.missing === true;
        const missing = v.keyword === 'invalid_type' && (/received undefined/.test(v.message ?? '') || ruleSaysMissing);
        const path = `${err.validationContext ?? 'body'}${v.instancePath === '/' ? '' : v.instancePath.replaceAll('/', '.')}`;
        const text = formIssueKey({ ...params, code: v.keyword, message: v.message, missing });
        return { path, code: missing ? 'missing' : v.keyword, message: formText(text, locale) };
      });
      const code = classifyValidation(issues);
      const first = issues[0];
      const hint = first ? withHint(code, `${first.path}: ${first.message}`, request) : undefined;
      return sendError(reply, request, code, hint, { fields: issues });
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
      const badJson = err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.name === 'SyntaxError';
      const hint = code === 'VAL-2002' && badJson ? 'common.badJson' : 'common.badRequest';
      return sendError(reply, request, code, withHint(code, renderErrorText(hint, requestLocale(request)), request), undefined, 400);
    }
    if (isDatabaseUnavailable(err)) {
      request.log.error({ err }, 'database unavailable');
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
    return sendError(reply, request, 'BIZ-3001', {
      key: 'common.apiNotFound',
      params: { method: request.method, path: (request.url.split('?')[0] ?? '').slice(0, 200) },
    });
  });
}

export { isErrorCode };
