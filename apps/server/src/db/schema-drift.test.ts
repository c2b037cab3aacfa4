// The SQL migrations and the Drizzle table definitions are two descriptions of one schema: this
// test migrates a database and compares them (tables, columns, types, nullability, primary keys),
// so a migration without its Drizzle change (or the reverse) fails CI instead of failing a query.
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/support.ts';
import type { Database } from './client.ts';
import * as schema from './schema.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await database.close();
  await drop();
});

/** information_schema's spelling of a Drizzle column's SQL type. */
function normaliseType(sqlType: string): string {
  const t = sqlType.toLowerCase().trim();
  const varchar = /^varchar\((\d+)\)$/.exec(t) ?? /^character varying\((\d+)\)$/.exec(t);
  if (varchar) return `character varying(${varchar[1]})`;
  if (t === 'varchar') return 'character varying';
  if (t.startsWith('timestamp') && t.includes('with time zone')) return 'timestamp with time zone';
  if (t.startsWith('timestamp')) return 'timestamp without time zone';
  if (t === 'serial') return 'integer';
  if (t === 'bigserial') return 'bigint';
  if (t === 'double precision' || t === 'float8') return 'double precision';
  if (t === 'real' || t === 'float4') return 'real';
  if (t.startsWith('numeric')) return 'numeric';
  if (t.endsWith('[]')) return 'ARRAY';
  return t;
}

interface DbColumn {
  table_name: string;
  column_name: string;
  data_type: string;
  character_maximum_length: number | null;
  is_nullable: 'YES' | 'NO';
  udt_name: string;
}

describe('migrations and Drizzle definitions agree', () => {
  it('has every Drizzle table and column in the migrated database, with the same type, nullability and key', async () => {
    const cols = (
      await database.exec(
        `select table_name, column_name, data_type, character_maximum_length, is_nullable, udt_name
           from information_schema.columns where table_schema = 'public'`,
      )
    ).rows as unknown as DbColumn[];
    const pks = (
      await database.exec(
        `select tc.table_name, kcu.column_name
           from information_schema.table_constraints tc
           join information_schema.key_column_usage kcu
             on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
          where tc.table_schema = 'public' and tc.constraint_type = 'PRIMARY KEY'`,
      )
    ).rows as { table_name: string; column_name: string }[];

    const problems: string[] = [];
    const tables = Object.values(schema).filter((v) => is(v, PgTable)) as unknown as PgTable[];
    expect(tables.length).toBeGreaterThan(20);
    for (const table of tables) {
      const cfg = getTableConfig(table);
      const dbCols = new Map(cols.filter((c) => c.table_name === cfg.name).map((c) => [c.column_name, c]));
      if (dbCols.size === 0) {
        problems.push(`${cfg.name}: table missing from the migrations`);
        continue;
      }
      for (const col of cfg.columns) {
        const db = dbCols.get(col.name);
        if (!db) {
          problems.push(`${cfg.name}.${col.name}: column missing from the migrations`);
          continue;
        }
        const want = normaliseType(col.getSQLType());
        const have =
          db.data_type === 'character varying' && db.character_maximum_length != null
            ? `character varying(${db.character_maximum_length})`
            : db.data_type === 'USER-DEFINED'
              ? db.udt_name
              : db.data_type;
        const sameType = want === have || (want === 'character varying' && have.startsWith('character varying'));
        if (!sameType) problems.push(`${cfg.name}.${col.name}: Drizzle ${want}, database ${have}`);
        const dbNotNull = db.is_nullable === 'NO';
        if (col.notNull !== dbNotNull && !col.primary)
          problems.push(
            `${cfg.name}.${col.name}: Drizzle ${col.notNull ? 'not null' : 'nullable'}, database ${dbNotNull ? 'not null' : 'nullable'}`,
          );
      }
      const wantPk = [
        ...cfg.columns.filter((c) => c.primary).map((c) => c.name),
        ...cfg.primaryKeys.flatMap((pk) => pk.columns.map((c) => c.name)),
      ].sort();
      const havePk = pks
        .filter((p) => p.table_name === cfg.name)
        .map((p) => p.column_name)
        .sort();
      if (wantPk.length && JSON.stringify(wantPk) !== JSON.stringify(havePk))
        problems.push(`${cfg.name}: primary key Drizzle (${wantPk.join(', ')}), database (${havePk.join(', ')})`);
    }
    expect(problems).toEqual([]);
  });
});
