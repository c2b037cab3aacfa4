/**
 * The embedded database (PGlite) in a worker thread, spoken to with node-postgres.
 *
 * PGlite runs PostgreSQL compiled to WebAssembly; on the HTTP thread every statement of a request
 * stalled the event loop for its whole run (130–200 µs for a one-row read, much longer for a slow
 * one). Here a worker thread owns the PGlite instance and serves the PostgreSQL wire protocol
 * over a MessagePort: the main thread connects to it with node-postgres (a pg.Pool whose
 * connections use `PortStream` instead of a TCP socket), so the embedded database goes through
 * the same code as a PostgreSQL server (Drizzle's node-postgres driver, named statements), and
 * the event loop only serialises and parses protocol messages while the engine runs beside it.
 *
 * PGlite has one session: the pool holds one connection (a transaction holds it, the rest queue,
 * as PGlite's own transaction lock made them wait). The worker answers the start-up message
 * itself, then hands the client's messages to PGlite (`execProtocolRawStream`) one batch at a
 * time, a batch ending at a Sync, a simple Query or a Flush, and posts the backend's bytes back.
 * A new connection (the pool replaced a broken one) starts from a clean session: any open
 * transaction rolled back, prepared statements, settings and advisory locks dropped.
 */
import { Duplex } from 'node:stream';
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export interface PgliteWorkerOptions {
  /** A data folder (created when missing); none: in memory. */
  dataDir?: string | undefined;
  /** Start from a dumped data directory (a migrated template, for tests). */
  loadDataDir?: Blob | File | undefined;
}

/**
 * The worker's code: plain JavaScript (eval'd), so it runs the same from sources (tests, tsx) and
 * from the bundle, and loads nothing but PGlite.
 */
const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const int32 = (n) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
function message(type, body) {
  const out = new Uint8Array(5 + body.length);
  out[0] = type.charCodeAt(0);
  out.set(int32(4 + body.length), 1);
  out.set(body, 5);
  return out;
}
const enc = new TextEncoder();
const cstr = (s) => [...enc.encode(s), 0];
function concat(parts) {
  let n = 0;
  for (const p of parts) n += p.byteLength;
  const out = new Uint8Array(n);
  let o = 0;
  for (const p of parts) { out.set(p, o); o += p.byteLength; }
  return out;
}
// what a server says after the start-up message: authentication ok, its parameters, ready
function greeting(params) {
  const parts = [message('R', int32(0))];
  for (const [k, v] of Object.entries(params)) parts.push(message('S', [...cstr(k), ...cstr(v)]));
  parts.push(message('K', [...int32(process.pid), ...int32(1)]));
  parts.push(message('Z', [73 /* I */]));
  return concat(parts);
}
(async () => {
  const { PGlite } = await import(workerData.pglite);
  const { pg_trgm } = await import(workerData.pgTrgm);
  const options = { extensions: { pg_trgm }, pgliteWasmModule: workerData.wasmModule, fsBundle: workerData.fsBundle };
  if (workerData.loadDataDir) options.loadDataDir = workerData.loadDataDir;
  else if (workerData.dataDir) options.dataDir = workerData.dataDir;
  const db = await PGlite.create(options);
  const settings = await db.query(
    "select name, setting from pg_settings where name in ('server_version', 'server_encoding', 'client_encoding', 'DateStyle', 'IntervalStyle', 'TimeZone', 'integer_datetimes', 'standard_conforming_strings')",
  );
  const params = Object.fromEntries(settings.rows.map((r) => [r.name, r.setting]));
  let chain = Promise.resolve();
  let current = null;
  // A backup (db/client.ts dumpDataDir): taken between batches while no transaction is open, after
  // a checkpoint, so the copied folder is a committed state that needs no recovery.
  let idle = true;
  const dumps = [];
  const dumpNow = async () => {
    const waiting = dumps.splice(0);
    try {
      await db.exec('checkpoint');
      const blob = await db.dumpDataDir('gzip');
      const bytes = new Uint8Array(await blob.arrayBuffer());
      for (const id of waiting) parentPort.postMessage({ dumped: id, bytes });
    } catch (err) {
      for (const id of waiting) parentPort.postMessage({ dumped: id, error: String((err && err.stack) || err) });
    }
  };
  const run = async (bytes) => {
    const out = [];
    await db.execProtocolRawStream(bytes, { onRawData: (c) => void out.push(c.slice()) });
    return out.length === 1 ? out[0] : concat(out);
  };
  function serve(port) {
    if (current) current.close();
    current = port;
    let buf = new Uint8Array(0);
    let started = false;
    let fresh = true;
    port.on('message', (chunk) => {
      buf = buf.length ? concat([buf, chunk]) : chunk;
      const view = () => new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
      if (!started) {
        if (buf.length < 4) return;
        const len = view().getInt32(0);
        if (buf.length < len) return;
        buf = buf.subarray(len);
        started = true;
        port.postMessage(greeting(params));
      }
      // complete messages up to the last Sync / Query / Flush / Terminate / CopyDone / CopyFail
      let i = 0;
      let cut = 0;
      let end = false;
      const v = view();
      while (i + 5 <= buf.length) {
        const len = v.getInt32(i + 1);
        if (i + 1 + len > buf.length) break;
        const t = buf[i];
        i += 1 + len;
        if (t === 83 || t === 81 || t === 72 || t === 99 || t === 102) cut = i;
        if (t === 88) { cut = i - 5; end = true; break; }
      }
      if (cut === 0 && !end) return;
      const batch = buf.slice(0, cut);
      buf = buf.subarray(end ? buf.length : cut);
      const first = fresh;
      fresh = false;
      chain = chain.then(async () => {
        if (first) {
          // a new session: nothing of a previous connection's survives
          await db.exec('rollback').catch(() => undefined);
          await db.exec('discard all').catch(() => undefined);
        }
        if (batch.length) {
          const out = await run(batch);
          // the session's transaction state: the last ReadyForQuery's status byte (I: idle)
          const n = out.length;
          idle = n >= 6 && out[n - 6] === 90 && out[n - 1] === 73;
          if (current === port && out.length) port.postMessage(out, [out.buffer]);
        }
        if (idle && dumps.length) await dumpNow();
        if (end) port.close();
      }).catch((err) => {
        port.postMessage({ error: String(err && err.stack || err) });
        port.close();
      });
    });
    port.on('close', () => {
      if (current !== port) return;
      current = null;
      chain = chain.then(async () => {
        // the connection is gone: its transaction is rolled back before anything else runs
        await db.exec('rollback').catch(() => undefined);
        idle = true;
        if (dumps.length) await dumpNow();
      });
    });
  }
  parentPort.on('message', (m) => {
    if (m.port) serve(m.port);
    else if (m.dump !== undefined) {
      dumps.push(m.dump);
      chain = chain.then(async () => { if (idle && dumps.length) await dumpNow(); });
    }
    else if (m.close) chain = chain.then(() => db.close()).then(() => parentPort.postMessage({ closed: true }), (err) => parentPort.postMessage({ closed: true, error: String(err) }));
  });
  parentPort.postMessage({ ready: true });
})().catch((err) => parentPort.postMessage({ failed: String((err && err.stack) || err) }));
`;

/** A node-postgres connection's stream: bytes to and from the worker over a MessagePort. */
class PortStream extends Duplex {
  private port: MessagePort | undefined;
  private pending: Uint8Array[] = [];
  private scheduled = false;

  constructor(private readonly open: () => MessagePort) {
    super();
  }

  connect(): this {
    const port = this.open();
    this.port = port;
    port.on('message', (m: Uint8Array | { error: string }) => {
      if (m instanceof Uint8Array) this.push(Buffer.from(m.buffer, m.byteOffset, m.byteLength));
      else this.destroy(new Error(`embedded database: ${m.error}`));
    });
    port.on('close', () => {
      this.push(null);
      this.destroy();
    });
    process.nextTick(() => this.emit('connect'));
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    this.port?.ref();
    return this;
  }

  unref(): this {
    this.port?.unref();
    return this;
  }

  override _read(): void {}

  /** The messages written in one tick (Parse … Sync) go to the worker as one. */
  override _write(chunk: Buffer, _enc: BufferEncoding, cb: (err?: Error | null) => void): void {
    this.pending.push(chunk);
    if (!this.scheduled) {
      this.scheduled = true;
      queueMicrotask(() => this.flushPending());
    }
    cb();
  }

  private flushPending(): void {
    this.scheduled = false;
    const parts = this.pending;
    this.pending = [];
    if (!this.port || parts.length === 0) return;
    let out: Uint8Array;
    if (parts.length === 1) out = new Uint8Array(parts[0]!);
    else {
      let n = 0;
      for (const p of parts) n += p.byteLength;
      out = new Uint8Array(n);
      let o = 0;
      for (const p of parts) {
        out.set(p, o);
        o += p.byteLength;
      }
    }
    this.port.postMessage(out, [out.buffer as ArrayBuffer]);
  }

  override _final(cb: (err?: Error | null) => void): void {
    this.flushPending();
    cb();
  }

  override _destroy(err: Error | null, cb: (err?: Error | null) => void): void {
    this.port?.close();
    cb(err);
  }
}

export interface PgliteWorker {
  /** A new stream to the worker, for node-postgres' `stream` option. */
  stream: () => Duplex;
  /**
   * The data folder as a gzipped tar (PGlite's `dumpDataDir`), taken while no transaction is
   * open (a transaction in progress finishes first) and after a checkpoint: a consistent copy
   * while the server keeps serving. `PGlite.create({ loadDataDir })` opens it.
   */
  dump(): Promise<Uint8Array<ArrayBuffer>>;
  /** Closes PGlite (its files flushed) and ends the thread. */
  close(): Promise<void>;
}

/**
 * PGlite's WebAssembly compiled once per process (a worker compiles it again otherwise, as every
 * worker loads its own copy of PGlite: ~1 s of CPU per database opened), with its file bundle.
 */
/** The global WebAssembly (the server's TypeScript lib has no DOM types). */
const wasmCompile = (bytes: Uint8Array): Promise<unknown> =>
  (globalThis as unknown as { WebAssembly: { compile(b: Uint8Array): Promise<unknown> } }).WebAssembly.compile(bytes);
let artifacts: Promise<{ wasmModule: unknown; fsBundle: Blob }> | undefined;
function pgliteArtifacts(req: NodeRequire) {
  artifacts ??= (async () => {
    const dist = dirname(req.resolve('@electric-sql/pglite'));
    const [wasm, data] = await Promise.all([readFile(join(dist, 'pglite.wasm')), readFile(join(dist, 'pglite.data'))]);
    return { wasmModule: await wasmCompile(wasm), fsBundle: new Blob([data]) };
  })();
  return artifacts;
}

export async function startPgliteWorker(opts: PgliteWorkerOptions): Promise<PgliteWorker> {
  const req = createRequire(import.meta.url);
  const { wasmModule, fsBundle } = await pgliteArtifacts(req);
  const esm = (id: string) => pathToFileURL(req.resolve(id).replace(/\.cjs$/, '.js')).href;
  let loadDataDir: ArrayBuffer | undefined;
  if (opts.loadDataDir) loadDataDir = await opts.loadDataDir.arrayBuffer();
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      pglite: esm('@electric-sql/pglite'),
      pgTrgm: esm('@electric-sql/pglite/contrib/pg_trgm'),
      wasmModule,
      fsBundle,
      dataDir: opts.dataDir,
      loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined,
    },
  });
  await new Promise<void>((resolve, reject) => {
    const onMessage = (m: { ready?: boolean; failed?: string }) => {
      if (m.ready) resolve();
      else if (m.failed) reject(new Error(`embedded database failed to start: ${m.failed}`));
      else return;
      worker.off('message', onMessage);
      worker.off('error', reject);
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
  });
  worker.unref();
  let closed: Promise<void> | undefined;
  // The engine's thread ended without close() (a WebAssembly abort, out of memory): every open
  // connection's port closes (its queries fail), and so does every new one, at once, rather than
  // waiting for a thread that is gone. The error is not rethrown on the main thread.
  let gone: Error | undefined;
  worker.on('error', (err: Error) => (gone ??= err));
  worker.on('exit', (code) => (gone ??= new Error(`embedded database thread exited (${code})`)));
  let dumpIds = 0;
  return {
    dump: () =>
      new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
        if (gone) return reject(gone);
        const id = ++dumpIds;
        worker.ref();
        const onMessage = (m: { dumped?: number; bytes?: Uint8Array<ArrayBuffer>; error?: string }) => {
          if (m.dumped !== id) return;
          worker.off('message', onMessage);
          worker.unref();
          if (m.bytes) resolve(m.bytes);
          else reject(new Error(`embedded database dump failed: ${m.error}`));
        };
        worker.on('message', onMessage);
        worker.postMessage({ dump: id });
      }),
    stream: () =>
      new PortStream(() => {
        const { port1, port2 } = new MessageChannel();
        if (gone) port2.close();
        else worker.postMessage({ port: port2 }, [port2]);
        return port1;
      }),
    close: () =>
      (closed ??= new Promise<void>((resolve) => {
        worker.ref();
        const done = () => void worker.terminate().then(() => resolve());
        worker.on('message', (m: { closed?: boolean }) => m.closed && done());
        worker.once('exit', () => resolve());
        worker.postMessage({ close: true });
      })),
  };
}
