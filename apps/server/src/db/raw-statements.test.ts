/** `sharedPlaceholders`: one `$n` per placeholder name, the values filled once each. */
import { fillPlaceholders, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { hidden, sharedPlaceholders } from './raw-statements.ts';

describe('sharedPlaceholders', () => {
  it('gives each placeholder name one parameter, keeping values that are not placeholders', () => {
    const q = new PgDialect().sqlToQuery(
      sql`select ${sql.placeholder('a')}, ${hidden('now', 'timestamptz')}, ${7}, ${sql.placeholder('a')}, ${hidden('now', 'timestamptz')}, ${8}, ${sql.placeholder('b')}, ${sql.placeholder('a')}`,
    );
    expect(q.sql).toContain('$8');
    const st = sharedPlaceholders({ text: q.sql, params: q.params, name: 'x' });
    expect(st.text).toBe('select $1, (select $2::timestamptz)::timestamptz, $3, $1, (select $2::timestamptz)::timestamptz, $4, $5, $1');
    expect(fillPlaceholders(st.params, { a: 'A', now: 'N', b: 'B' })).toEqual(['A', 'N', 7, 8, 'B']);
    expect(st.name).toBe('x');
  });

  it('rewrites $10 and above as numbers, not as $1 followed by a digit', () => {
    const parts = Array.from({ length: 12 }, (_, i) => sql.placeholder(i % 2 ? 'odd' : `even${i}`));
    const q = new PgDialect().sqlToQuery(sql`select ${sql.join(parts, sql`, `)}`);
    const st = sharedPlaceholders({ text: q.sql, params: q.params, name: '' });
    expect(st.text).toBe('select $1, $2, $3, $2, $4, $2, $5, $2, $6, $2, $7, $2');
  });
});
