/**
 * Traces leave the server over OTLP/HTTP (JSON) when OTEL_EXPORTER_OTLP_ENDPOINT is set: a receiver
 * started here plays the collector. A request that reads the database and a job that runs arrive as
 * spans with their names, parents and attributes, and the request's log lines carry its trace id.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support.ts';
import { waitFor } from '../../test/wait-for.ts';
import { register, type TestUser } from '../modules/users/test-helpers.ts';
import { statementName } from './tracing.ts';

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: Record<string, string | number | boolean | undefined>;
  status?: { code?: number; message?: string };
  service?: string;
}

const valueOf = (v: OtlpValue) => v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : (v.boolValue ?? v.doubleValue));

/** A minimal OTLP/HTTP collector: POST /v1/traces with a JSON ExportTraceServiceRequest. */
async function startReceiver() {
  const spans: ExportedSpan[] = [];
  const paths: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      paths.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      let raw = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') raw = gunzipSync(raw);
      const body = JSON.parse(raw.toString('utf8'));
      for (const rs of body.resourceSpans ?? []) {
        const service = rs.resource?.attributes?.find((a: { key: string }) => a.key === 'service.name')?.value?.stringValue;
        for (const ss of rs.scopeSpans ?? []) {
          for (const s of ss.spans ?? []) {
            spans.push({
              ...s,
              service,
              attributes: Object.fromEntries((s.attributes ?? []).map((a: { key: string; value: OtlpValue }) => [a.key, valueOf(a.value)])),
            });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    paths,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let t: TestApp;
const lines: Record<string, unknown>[] = [];

/** Flush the exporter and wait until spans matching `pick` have arrived. */
function arrived(pick: (s: ExportedSpan) => boolean, count = 1): Promise<ExportedSpan[]> {
  return waitFor(
    async () => {
      await t.ctx.tracing!.flush();
      return receiver.spans.filter(pick);
    },
    (found) => found.length >= count,
    { timeoutMs: 10_000, everyMs: 50, what: () => `spans to arrive; received: ${receiver.spans.map((s) => s.name).join(', ')}` },
  );
}

beforeAll(async () => {
  receiver = await startReceiver();
  t = await createTestApp({
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: `${receiver.url}/`, OTEL_SERVICE_NAME: 'moim-test', LOG_LEVEL: 'info' },
    extend: (app) => {
      app.get<{ Params: { id: string } }>('/api/test-traced/:id', async (request) => {
        const rows = await app.ctx.db.execute(sql`select name from users where id = ${request.params.id}`);
        app.ctx.log.info({ found: rows.rows.length }, 'traced handler read');
        return { data: { found: rows.rows.length } };
      });
    },
    logDestination: new Writable({
      write(chunk: Buffer, _enc, cb) {
        for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line));
        cb();
      },
    }),
  });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const MS = 1_000_000n;

describe('traces over OTLP/HTTP', () => {
  let user: TestUser;

  it('a request: a span named by its route template, its handler and its statements as children', async () => {
    user = await register(t);
    const r = await t.call({ method: 'GET', url: '/api/users/me', headers: user.auth });
    expect(r.status).toBe(200);
    const requestId = String(r.headers['x-request-id']);

    const [req] = await arrived((s) => s.name === 'GET /api/users/me');
    expect(receiver.paths.every((p) => p.startsWith('POST /v1/traces application/json'))).toBe(true);
    expect(req!.service).toBe('moim-test');
    expect(req!.parentSpanId ?? '').toBe('');
    expect(req!.kind).toBe(2); // SERVER
    expect(req!.attributes).toMatchObject({
      'http.route': '/api/users/me',
      'http.request.method': 'GET',
      'http.response.status_code': 200,
      'moim.request_id': requestId,
    });

    const own = receiver.spans.filter((s) => s.traceId === req!.traceId);
    const byId = new Map(own.map((s) => [s.spanId, s]));
    const handler = own.find((s) => s.parentSpanId === req!.spanId && s.name.startsWith('handler'));
    expect(handler, own.map((s) => s.name).join(', ')).toBeDefined();
    const statements = own.filter((s) => s.attributes['db.query.text'] !== undefined);
    expect(statements.length).toBeGreaterThan(0);
    for (const s of statements) {
      // every statement hangs under this request (directly or through its handler span)
      let up = s.parentSpanId ? byId.get(s.parentSpanId) : undefined;
      while (up && up.spanId !== req!.spanId) up = up.parentSpanId ? byId.get(up.parentSpanId) : undefined;
      expect(up?.spanId, s.name).toBe(req!.spanId);
      expect(s.kind).toBe(3); // CLIENT
      expect(s.attributes['db.system.name']).toBe('postgresql');
      expect(s.attributes['moim.db.outcome']).toBe('ok');
      // within the request's time; the SDK anchors each span at Date.now(), whole milliseconds, so
      // two spans' scales may differ by up to 1 ms
      expect(BigInt(s.startTimeUnixNano) + MS >= BigInt(req!.startTimeUnixNano), String(s.attributes['db.query.text'])).toBe(true);
      expect(BigInt(s.endTimeUnixNano) <= BigInt(req!.endTimeUnixNano) + MS, String(s.attributes['db.query.text'])).toBe(true);
    }
    for (const s of statements) {
      expect(String(s.attributes['db.query.text'])).not.toContain(user.id);
      expect(String(s.attributes['db.query.text'])).not.toContain(user.email);
    }

    // the request's log lines carry its request id and its trace id
    const completed = lines.find((l) => l.reqId === requestId && l.msg === 'request completed');
    expect(completed, JSON.stringify(lines.slice(-5))).toBeDefined();
    expect(completed!.trace_id).toBe(req!.traceId);
    const ofRequest = lines.filter((l) => l.reqId === requestId);
    expect(ofRequest.length).toBeGreaterThanOrEqual(2);
    for (const l of ofRequest) expect(l.trace_id).toBe(req!.traceId);
  });

  it("a handler's statements are children of its span; the process logger's lines carry the request id and trace id", async () => {
    const r = await t.call({ method: 'GET', url: `/api/test-traced/${user.id}` });
    expect(r.status).toBe(200);
    const requestId = String(r.headers['x-request-id']);
    const [req] = await arrived((s) => s.name === 'GET /api/test-traced/:id' && s.attributes['moim.request_id'] === requestId);
    const handler = receiver.spans.find((s) => s.parentSpanId === req!.spanId && s.name.startsWith('handler'));
    expect(handler).toBeDefined();
    const read = receiver.spans.find((s) => s.parentSpanId === handler!.spanId);
    expect(read?.name).toBe('SELECT users');
    expect(read!.traceId).toBe(req!.traceId);
    expect(read!.attributes).toMatchObject({ 'db.operation.name': 'SELECT', 'db.collection.name': 'users' });
    expect(String(read!.attributes['db.query.text'])).toMatch(/^select name from users where id = \$1/);
    expect(String(read!.attributes['db.query.text'])).not.toContain(user.id);
    const logged = lines.find((l) => l.msg === 'traced handler read' && l.reqId === requestId);
    expect(logged, JSON.stringify(lines.slice(-5))).toBeDefined();
    expect(logged).toMatchObject({ trace_id: req!.traceId, span_id: handler!.spanId });
  });

  it("continues the caller's trace from a traceparent header", async () => {
    const traceId = randomUUID().replace(/-/g, '');
    const parent = randomUUID().replace(/-/g, '').slice(0, 16);
    const r = await t.call({
      method: 'GET',
      url: '/api/users/me',
      headers: { ...user.auth, traceparent: `00-${traceId}-${parent}-01` },
    });
    expect(r.status).toBe(200);
    const [req] = await arrived((s) => s.traceId === traceId && s.name === 'GET /api/users/me');
    expect(req!.parentSpanId).toBe(parent);
  });

  it('an unmatched URL is named by its method, never by the raw path', async () => {
    const id = randomUUID();
    const r = await t.call({ method: 'GET', url: `/api/no-such-thing/${id}` });
    expect(r.status).toBe(404);
    const [req] = await arrived((s) => s.name === 'GET (unmatched)');
    expect(req!.name).not.toContain(id);
    expect(req!.attributes['http.response.status_code']).toBe(404);
  });

  it('a job run: a root span of its own, its statements and log lines under it; a failure is recorded', async () => {
    const kind = `tracing.test-job-${randomUUID().slice(0, 8)}`;
    t.ctx.jobs.register(kind, async (payload) => {
      await t.ctx.db.execute(sql`select count(*) from users`);
      t.ctx.log.info({ kind }, 'traced job ran');
      if (payload.fail) throw new Error('job failed on purpose');
    });
    await t.ctx.jobs.enqueue(kind, { fail: false });
    await t.ctx.jobs.enqueue(kind, { fail: true }, { maxAttempts: 1 });
    await t.ctx.jobs.drain();

    const runs = await arrived((s) => s.name === `job ${kind}`, 2);
    for (const job of runs) {
      expect(job.parentSpanId ?? '').toBe('');
      expect(job.kind).toBe(5); // CONSUMER
      expect(job.attributes).toMatchObject({ 'moim.job.kind': kind, 'moim.job.lane': 'default', 'moim.job.attempt': 1 });
      const statement = receiver.spans.find((s) => s.parentSpanId === job.spanId && s.name === 'SELECT users');
      expect(statement).toBeDefined();
      expect(statement!.traceId).toBe(job.traceId);
      const logged = lines.find((l) => l.msg === 'traced job ran' && l.trace_id === job.traceId);
      expect(logged?.span_id).toBe(job.spanId);
    }
    const failed = runs.filter((s) => s.status?.code === 2);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.status?.message).toBe('job failed on purpose');
    // the queue's own polling is outside any request or job: it is not traced
    expect(receiver.spans.some((s) => !s.parentSpanId && s.attributes['db.query.text'] !== undefined)).toBe(false);
  });
});

describe('statement names', () => {
  it('name the operation and, where plain, the table', () => {
    expect(statementName('select "id" from "users" where "id" = $1')).toMatchObject({ name: 'SELECT users', table: 'users' });
    expect(statementName('insert into "jobs" ("kind") values ($1)').name).toBe('INSERT jobs');
    expect(statementName('update jobs set status = $1').name).toBe('UPDATE jobs');
    expect(statementName('delete from "sessions" where true').name).toBe('DELETE sessions');
    expect(statementName('  begin').name).toBe('BEGIN');
    expect(statementName('with x as (select 1) select * from x').name).toBe('WITH');
  });
});

describe('without an endpoint', () => {
  // a second app of its own: its start-up alone took over 20 s on a loaded 2-core machine
  it('nothing is loaded or hooked', { timeout: 120_000 }, async () => {
    const plain = await createTestApp();
    try {
      expect(plain.ctx.tracing).toBeUndefined();
      expect(plain.ctx.database.probe.active).toBe(false);
    } finally {
      await plain.close();
    }
  });
});
