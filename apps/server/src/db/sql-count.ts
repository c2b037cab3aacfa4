/**
 * Drizzle types `.limit()` and `.offset()` as numbers, but sends a number as a bound parameter.
 * The hot lists write their page size into the statement's text (one plan per size) and bind
 * the offset as a named placeholder of a prepared statement; both are SQL, which Drizzle accepts
 * at run time. This is the one place that tells the type so.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** An SQL expression (a placeholder, a sum) where Drizzle's types ask for a row count. */
export function sqlCount(expression: SQLWrapper): number {
  return expression as unknown as number;
}

/** A literal row count written into the statement's text (not a bound parameter). */
export function literalCount(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`literalCount(${n})`);
  const literal: SQL = sql.raw(String(n));
  return sqlCount(literal);
}
