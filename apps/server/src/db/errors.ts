/**
 * PostgreSQL errors by their SQLSTATE, on both drivers: node-postgres and PGlite raise an error
 * with `code` (and `constraint`), and Drizzle wraps it in `cause`, so the chain is walked.
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
