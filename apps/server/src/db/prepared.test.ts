import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isPreparableRead, preparePgReads } from './prepared.ts';

/** A pool whose query records the config it was given. */
function recordingPool() {
  const seen: { name?: string; text?: string }[] = [];
  const pool = { query: (config: { name?: string; text?: string }) => (seen.push(config), Promise.resolve({ rows: [] })) };
  return { pool: preparePgReads(pool as unknown as pg.Pool), seen };
}

describe('preparePgReads', () => {
  it('names a read sent without a name, by its text, the same name every time', async () => {
    const { pool, seen } = recordingPool();
    await pool.query({ text: 'select 1 where $1::int = 1', values: [1] });
    await pool.query({ text: 'select 1 where $1::int = 1', values: [2] });
    await pool.query({ text: 'select 2', values: [] });
    expect(seen[0]!.name).toMatch(/^moim_[0-9a-f]{40}$/);
    expect(seen[1]!.name).toBe(seen[0]!.name);
    expect(seen[2]!.name).not.toBe(seen[0]!.name);
  });

  it('leaves a read named the empty string unnamed (planned with its values on every call), and keeps given names', async () => {
    const { pool, seen } = recordingPool();
    await pool.query({ name: '', text: 'select 1 where $1::int = 1', values: [1] });
    await pool.query({ name: 'mine', text: 'select 1 where $1::int = 1', values: [1] });
    expect(seen.map((c) => c.name)).toEqual(['', 'mine']);
  });

  it('never names a write or a locking read', async () => {
    const { pool, seen } = recordingPool();
    await pool.query({ text: 'update t set a = $1', values: [1] });
    await pool.query({ text: 'select * from t for update', values: [] });
    expect(seen.map((c) => c.name)).toEqual([undefined, undefined]);
    expect(isPreparableRead('with x as (select 1) select * from x')).toBe(true);
  });
});
