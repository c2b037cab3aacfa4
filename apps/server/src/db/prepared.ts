/**
 * Prepared statements for reads, on both drivers, without changing a line of the repos.
 *
 * PGlite: `query()` sends Parse, Describe, Bind, Describe, Execute and Sync as six separate
 * calls into the WebAssembly backend, and PostgreSQL parses and plans the text every time.
 * For a one-row read that is ~3× the cost of the read itself (docs/performance.md). Here a
 * read (`select` / `with` without a data-modifying word) is parsed once into a named statement
 * (an LRU of `PGLITE_MAX_STATEMENTS`), and each call sends Bind + Execute + Sync in one message,
 * decoding the DataRows directly. Writes, and every query inside a transaction (PGlite's
 * transaction handle has its own query), keep PGlite's own path. Results are shaped like
 * PGlite's (`rows` in object or array mode, `fields`, `affectedRows`), with the caller's
 * `parsers` honoured, so Drizzle cannot tell the difference; errors are PGlite's DatabaseError.
 *
 * node-postgres: a read without a statement name gets one (a hash of its text), so each pooled
 * connection parses and plans it once and then only binds and executes it.
 */
import { type PGlite, protocol } from '@electric-sql/pglite';
import { createHash } from 'node:crypto';
import type pg from 'pg';

const READ = /^\s*(select|with)\b/i;

const WRITE = /\b(insert|update|delete|merge|for\s+share|for\s+no\s+key|for\s+key)\b/i;

/** A read that may be prepared (no writes, no row locks). */
export function isPreparableRead(text: string): boolean {
  return READ.test(text) && !WRITE.test(text);
}

interface Statement {
  name: string;
  paramTypes: number[];
  fields: { name: string; dataTypeID: number }[];
}

type QueryOptions = {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
  serializers?: Record<number, (value: unknown) => string>;
  blob?: unknown;
  paramTypes?: number[];
};

const { serialize } = protocol;
const decoder = new TextDecoder();

function concat(parts: Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.byteLength;
  const out = new Uint8Array(n);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.byteLength;
  }
  return out;
}

/** The first ErrorResponse in a backend buffer, as PGlite's own DatabaseError (null when none). */
function errorIn(raw: Uint8Array, query: string, params: unknown[] | undefined): Error | null {
  let err: Error | null = null;
  new protocol.Parser().parse(raw, (m) => {
    if (!err && m.name === 'error') err = m as unknown as Error;
  });
  if (err) Object.assign(err as object, { query, params });
  return err;
}

/**
 * Decodes the backend messages of one Bind/Execute/Sync: DataRows ('D') and the row count of
 * CommandComplete ('C'). Anything else (BindComplete, ReadyForQuery, notices) is skipped;
 * an ErrorResponse ('E') is reported by returning null (the caller decodes it properly).
 */
function decodeRows(raw: Uint8Array): { rows: (string | null)[][]; affected: number } | null {
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  const rows: (string | null)[][] = [];
  let affected = 0;
  let i = 0;
  while (i + 5 <= raw.byteLength) {
    const type = raw[i]!;
    const len = view.getInt32(i + 1);
    const body = i + 5;
    if (type === 0x44 /* D */) {
      const n = view.getInt16(body);
      const row: (string | null)[] = new Array(n);
      let p = body + 2;
      for (let f = 0; f < n; f++) {
        const l = view.getInt32(p);
        p += 4;
        if (l === -1) row[f] = null;
        else {
          row[f] = decoder.decode(raw.subarray(p, p + l));
          p += l;
        }
      }
      rows.push(row);
    } else if (type === 0x43 /* C */) {
      const tag = decoder.decode(raw.subarray(body, i + len)).replace(/\0$/, '');
      const parts = tag.split(' ');
      const n = Number(parts[parts.length - 1]);
      if (!Number.isNaN(n)) affected = n;
    } else if (type === 0x45 /* E */) {
      return null;
    }
    i += 1 + len;
  }
  return { rows, affected };
}

/**
 * Routes the reads of a PGlite client through named statements. Returns the client (patched in
 * place: Drizzle holds the same object).
 */
export function preparePgliteReads(client: PGlite, maxStatements = 500): PGlite {
  const statements = new Map<string, Statement>();
  let seq = 0;
  const plainQuery = client.query.bind(client) as (text: string, params?: unknown[], options?: QueryOptions) => Promise<unknown>;

  /**
   * One protocol exchange, the backend's bytes collected as they come: PGlite's own
   * execProtocolRaw would also decode every message (to dispatch LISTEN notifications, which
   * moim does not use on PGlite), ~10 % of a list read.
   */
  async function exchange(message: Uint8Array): Promise<Uint8Array> {
    const chunks: Uint8Array[] = [];
    await client.execProtocolRawStream(message, { syncToFs: false, onRawData: (c: Uint8Array) => void chunks.push(c.slice()) });
    return chunks.length === 1 ? chunks[0]! : concat(chunks);
  }

  async function statementFor(text: string, types: number[] | undefined): Promise<Statement> {
    const hit = statements.get(text);
    if (hit) {
      // LRU: most recently used last
      statements.delete(text);
      statements.set(text, hit);
      return hit;
    }
    const name = `moim_r${++seq}`;
    const raw = await exchange(
      concat([serialize.parse({ name, text, types: types ?? [] }), serialize.describe({ type: 'S', name }), serialize.sync()]),
    );
    const err = errorIn(raw, text, undefined);
    if (err) throw err;
    let paramTypes: number[] = [];
    let fields: Statement['fields'] = [];
    new protocol.Parser().parse(raw, (m) => {
      if (m.name === 'parameterDescription') paramTypes = (m as unknown as { dataTypeIDs: number[] }).dataTypeIDs;
      if (m.name === 'rowDescription') {
        fields = (m as unknown as { fields: { name: string; dataTypeID: number }[] }).fields.map((f) => ({
          name: f.name,
          dataTypeID: f.dataTypeID,
        }));
      }
    });
    const st = { name, paramTypes, fields };
    statements.set(text, st);
    if (statements.size > maxStatements) {
      const [oldText, old] = statements.entries().next().value as [string, Statement];
      statements.delete(oldText);
      await exchange(concat([serialize.close({ type: 'S', name: old.name }), serialize.sync()]));
    }
    return st;
  }

  async function run(text: string, params: unknown[] | undefined, options: QueryOptions | undefined) {
    const st = await statementFor(text, options?.paramTypes);
    const values = (params ?? []).map((v, i) => {
      if (v === null || v === undefined) return null;
      const oid = st.paramTypes[i]!;
      const ser = options?.serializers?.[oid] ?? (client.serializers as Record<number, (x: unknown) => string>)[oid];
      return ser ? ser(v) : String(v);
    });
    const bindExecute = [serialize.bind({ statement: st.name, values: values as string[] }), serialize.execute({}), serialize.sync()];
    const raw = await exchange(concat(bindExecute));
    const decoded = decodeRows(raw);
    if (!decoded) throw errorIn(raw, text, params) ?? new Error('query failed');
    const parsers = client.parsers as Record<number, (value: string, typeId: number) => unknown>;
    const fieldParsers = st.fields.map((f) => options?.parsers?.[f.dataTypeID] ?? parsers[f.dataTypeID]);
    const arrayMode = options?.rowMode === 'array';
    const rows = decoded.rows.map((r) => {
      if (arrayMode) return r.map((v, i) => (v === null ? null : fieldParsers[i] ? fieldParsers[i]!(v, st.fields[i]!.dataTypeID) : v));
      const o: Record<string, unknown> = {};
      for (let i = 0; i < r.length; i++) {
        const v = r[i]!;
        o[st.fields[i]!.name] = v === null ? null : fieldParsers[i] ? fieldParsers[i]!(v, st.fields[i]!.dataTypeID) : v;
      }
      return o;
    });
    return { rows, fields: st.fields, affectedRows: 0, rowCount: decoded.affected };
  }

  const patched = async (text: string, params?: unknown[], options?: QueryOptions) => {
    if (typeof text !== 'string' || options?.blob !== undefined || !isPreparableRead(text)) return plainQuery(text, params, options);
    await client._checkReady();
    // the transaction lock first, as PGlite's own query() does: a read never runs inside
    // somebody else's open transaction
    return client._runExclusiveTransaction(() => client._runExclusiveQuery(() => run(text, params, options)));
  };
  (client as unknown as { query: typeof patched }).query = patched;
  return client;
}

/** Names every unnamed read a pg Pool runs, so each connection prepares it once. */
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
    if (config && typeof config === 'object' && !(config as { name?: string }).name) {
      const c = config as { text?: string; name?: string };
      if (typeof c.text === 'string' && isPreparableRead(c.text)) return plain({ ...c, name: nameOf(c.text) }, ...rest);
    }
    return plain(config, ...rest);
  };
  return pool;
}
