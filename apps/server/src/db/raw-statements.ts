/**
 * Hot reads as named statements whose SQL text is built once (by Drizzle's `toSQL()`, with
 * `sql.placeholder`s for the values) and run straight through the pool with array rows: no SQL
 * building per call, no Drizzle mapping (docs/performance.md "Server reads without the cache"). Both
 * databases are node-postgres pools (the embedded one in a worker thread, db/pglite-worker.ts),
 * so a named statement is parsed and planned once per connection. The rows come through the
 * driver's own parsers (bool, int, float8, json/jsonb, text; `date` and `timestamptz` would
 * become Dates: select them as text or epoch milliseconds).
 */
import { fillPlaceholders, is, Placeholder, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from './client.ts';

/** A statement's text and its parameters (placeholders to fill per call), and its name ('': unnamed, planned per call). */
export interface RawStatement {
  text: string;
  params: unknown[];
  name: string;
}

/** A Drizzle query's text and placeholders, named (or '' for unnamed), for `arrayRows` (build it once, keep it). */
export function rawStatement(q: { toSQL(): { sql: string; params: unknown[] } }, name: string): RawStatement {
  const { sql: text, params } = q.toSQL();
  return { text, params, name };
}

/**
 * The statement with one parameter per placeholder name: Drizzle gives every use of a placeholder
 * its own `$n`, so a statement that compares with `now` four times sent the same timestamp four
 * times, and the database parsed it (and each `text[]`) once per copy on every call. Here every
 * `$n` of a name is rewritten to the name's first one. Only for statement texts without a `$`
 * outside parameters (no dollar quoting, no `$` in literals): throws on a `$n` out of range.
 */
export function sharedPlaceholders(st: RawStatement): RawStatement {
  const first = new Map<string, number>();
  const params: unknown[] = [];
  const to: number[] = [];
  for (const p of st.params) {
    const name = is(p, Placeholder) ? p.name : null;
    let i = name === null ? undefined : first.get(name);
    if (i === undefined) {
      params.push(p);
      i = params.length;
      if (name !== null) first.set(name, i);
    }
    to.push(i);
  }
  const text = st.text.replace(/\$(\d+)(?!\d)/g, (_, n: string) => {
    const i = to[Number(n) - 1];
    if (i === undefined) throw new Error(`sharedPlaceholders: $${n} out of range`);
    return `$${i}`;
  });
  return { text, params, name: st.name };
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

/**
 * The statements of one kind of read, one per shape (filters in use, sort, page size …), built
 * and named on first use and kept, up to `cap` of them. The shapes a client can ask for multiply
 * (the projects list: 4 sorts × 32 filter sets × 3 search kinds × 100 page sizes); every named
 * statement is kept by PostgreSQL on each pooled connection (its parse tree and plans) and by the
 * driver, for as long as the connection lives. So past `cap` kept shapes a new shape's statement is
 * built for its call only and run unnamed (`named` false: parsed and planned for that call, nothing
 * kept on either side). The shapes the site's own pages use come first and stay named.
 */
export class StatementCache<T> {
  private readonly byKey = new Map<string, T>();
  constructor(private readonly cap = 128) {}

  get(key: string, build: (named: boolean) => T): T {
    const kept = this.byKey.get(key);
    if (kept !== undefined) return kept;
    if (this.byKey.size >= this.cap) return build(false);
    const st = build(true);
    this.byKey.set(key, st);
    return st;
  }

  get size(): number {
    return this.byKey.size;
  }
}

/** Every row of a statement, as arrays (the driver's parsers, no Drizzle mapping). */
export async function arrayRows<T extends unknown[]>(db: Db, st: RawStatement, values: Record<string, unknown>): Promise<T[]> {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  // an empty name: an unnamed statement, planned with this call's values (db/prepared.ts leaves it
  // unnamed; node-postgres sends it as the unnamed statement)
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
