/**
 * Hot reads as named statements whose SQL text is built once (by Drizzle's `toSQL()`, with
 * `sql.placeholder`s for the values) and run straight through the pool with array rows: no SQL
 * building per call, no Drizzle mapping (docs/performance.md "Server reads", session 14). Both
 * databases are node-postgres pools (the embedded one in a worker thread, db/pglite-worker.ts),
 * so a named statement is parsed and planned once per connection. The rows come through the
 * driver's own parsers (bool, int, float8, json/jsonb, text; `date` and `timestamptz` would
 * become Dates: select them as text or epoch milliseconds).
 */
import { fillPlaceholders, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from './client.ts';

/** A statement's text and its parameters (placeholders to fill per call), and its name. */
export interface RawStatement {
  text: string;
  params: unknown[];
  name: string;
}

/** A Drizzle query's text and placeholders, named, for `arrayRows` (build it once, keep it). */
export function rawStatement(q: { toSQL(): { sql: string; params: unknown[] } }, name: string): RawStatement {
  const { sql: text, params } = q.toSQL();
  return { text, params, name };
}

/**
 * A parameter the planner cannot look into (an InitPlan's output, evaluated once per call), so
 * a custom plan costs what the generic plan does and PostgreSQL's plan cache keeps the generic
 * one (with a plain `offset $n` the generic plan is costed as skipping 10 % of the rows, so every
 * call was planned again: study-read-repo.ts). `(select $n::t)::t`: without the outer cast,
 * `= any((select …))` would be read as a sub-query of rows.
 */
export const hidden = (name: string, type: 'text' | 'text[]' | 'timestamptz' | 'bigint') =>
  sql`(select ${sql.placeholder(name)}::${sql.raw(type)})::${sql.raw(type)}`;

/** Every row of a statement, as arrays (the driver's parsers, no Drizzle mapping). */
export async function arrayRows<T extends unknown[]>(db: Db, st: RawStatement, values: Record<string, unknown>): Promise<T[]> {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  return (await pool.query<T>({ name: st.name, text: st.text, values: fillPlaceholders(st.params, values), rowMode: 'array' })).rows;
}

/** The first row of a statement, as an array (see `arrayRows`). */
export async function firstArrayRow<T extends unknown[]>(
  db: Db,
  st: RawStatement,
  values: Record<string, unknown>,
): Promise<T | undefined> {
  return (await arrayRows<T>(db, st, values))[0];
}
