/**
 * PostgreSQL errors by their SQLSTATE, on both drivers: node-postgres and PGlite raise an error
 * with `code` (and `constraint`), and Drizzle wraps it in `cause`, so the chain is walked. Also
 * which failures mean the database is unavailable (503 SYS-5002, and what the circuit breaker
 * counts).
 */
const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

interface PgErrorLike {
  code?: string;
  constraint?: string;
  message?: string;
  cause?: unknown;
}

/** The first error in `err`'s cause chain (four deep at most) with SQLSTATE `code`, or null. */
function pgError(err: unknown, code: string): PgErrorLike | null {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const x = e as PgErrorLike;
    if (x.code === code) return x;
    e = x.cause;
  }
  return null;
}

/**
 * The unique index a write broke (its name, or the driver's message when the driver names no
 * constraint), or null when `err` is not a unique violation.
 */
export function uniqueViolation(err: unknown): string | null {
  const e = pgError(err, UNIQUE_VIOLATION);
  return e ? (e.constraint ?? e.message ?? 'unique') : null;
}

/** A unique-index violation; with `index`, only of that index. */
export function isUniqueViolation(err: unknown, index?: string): boolean {
  const e = pgError(err, UNIQUE_VIOLATION);
  if (!e) return false;
  return !index || e.constraint === index || (e.message ?? '').includes(index);
}

/** A foreign-key violation (the referenced row is gone). */
export const isForeignKeyViolation = (err: unknown): boolean => pgError(err, FOREIGN_KEY_VIOLATION) !== null;

/**
 * The database is not usable for this call: refused without trying (the circuit breaker is open,
 * db/breaker.ts; the request's time budget is spent, db/budget.ts) or no connection came within
 * the time left. Answered as 503 SYS-5002, with Retry-After when `retryAfterSeconds` is set.
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

// The database gave no answer: a connection refused, reset or timed out, a statement the client
// stopped waiting for (the pg driver's own time-outs carry no code, only their message), a server
// shutting down or not accepting connections.
const NO_ANSWER_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const NO_ANSWER_MESSAGES =
  /^(timeout exceeded when trying to connect|Query read timeout|Connection terminated|Client has encountered a connection error)/;
/** statement_timeout: the server answered, by cancelling a statement that ran too long */
const STATEMENT_CANCELLED = '57014';

function someInChain(err: unknown, test: (e: PgErrorLike) => boolean): boolean {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if (test(e as PgErrorLike)) return true;
    e = (e as PgErrorLike).cause;
  }
  return false;
}

/** No answer from the database (what the circuit breaker counts). */
export function isDatabaseUnreachable(err: unknown): boolean {
  return someInChain(
    err,
    (e) =>
      e instanceof DatabaseUnavailableError ||
      (typeof e.code === 'string' && NO_ANSWER_CODES.has(e.code)) ||
      (typeof e.message === 'string' && NO_ANSWER_MESSAGES.test(e.message)),
  );
}

/** Answered as 503 SYS-5002: unreachable, refused by the breaker or the budget, or cancelled by statement_timeout. */
export function isDatabaseUnavailable(err: unknown): boolean {
  return isDatabaseUnreachable(err) || pgError(err, STATEMENT_CANCELLED) !== null;
}

/** Seconds a client should wait before retrying, when the circuit breaker refused the call. */
export function databaseRetryAfter(err: unknown): number | undefined {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if (e instanceof DatabaseUnavailableError) return e.retryAfterSeconds;
    e = (e as PgErrorLike).cause;
  }
  return undefined;
}
