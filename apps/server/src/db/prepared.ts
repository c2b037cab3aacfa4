/**
 * Prepared statements for reads, without changing a line of the repos: a read without a
 * statement name gets one (a hash of its text), so each pooled connection parses and plans it
 * once and then only binds and executes it. Both databases are node-postgres pools (the embedded
 * PGlite one in a worker thread, db/pglite-worker.ts); on PGlite this saves ~3× a one-row read's
 * own cost (docs/performance.md).
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';

const READ = /^\s*(select|with)\b/i;

const WRITE = /\b(insert|update|delete|merge|for\s+share|for\s+no\s+key|for\s+key)\b/i;

/** A read that may be prepared (no writes, no row locks). */
export function isPreparableRead(text: string): boolean {
  return READ.test(text) && !WRITE.test(text);
}

/**
 * Names every read a pg Pool runs without a `name`, so each connection prepares it once. A read
 * whose name is the empty string stays unnamed: parsed and planned with its values on every call
 * (raw-statements.ts, for statements whose generic plan is the wrong one).
 */
export function preparePgReads(pool: pg.Pool): pg.Pool {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let n = names.get(text);
    if (!n) {
      n = `moim_${createHash('sha1').update(text).digest('hex')}`;
      if (names.size < 5_000) names.set(text, n);
    }
    return n;
  };
  const plain = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    if (config && typeof config === 'object' && (config as { name?: string }).name === undefined) {
      const c = config as { text?: string; name?: string };
      if (typeof c.text === 'string' && isPreparableRead(c.text)) return plain({ ...c, name: nameOf(c.text) }, ...rest);
    }
    return plain(config, ...rest);
  };
  return pool;
}
