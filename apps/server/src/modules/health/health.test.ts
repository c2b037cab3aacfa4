import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { listMigrations } from '../../db/migrate.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('live answers ok', async () => {
    const r = await t.call({ method: 'GET', url: '/api/health/live' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, data: { status: 'ok' } });
  });

  it('ready reports the database and the migrations', async () => {
    const r = await t.call({ method: 'GET', url: '/api/health/ready' });
    expect(r.status).toBe(200);
    expect(r.body.data.status).toBe('ok');
    expect(r.body.data.degraded).toEqual([]);
    expect(r.body.data.database.reachable).toBe(true);
    expect(r.body.data.database.driver).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    expect(r.body.data.migrations).toEqual({ applied: listMigrations().length, expected: listMigrations().length, upToDate: true });
  });

  it('ready answers 503 when the database is gone', async () => {
    const other = await (await import('../../../test/support.ts')).createTestApp();
    await other.ctx.database.close();
    const r = await other.call({ method: 'GET', url: '/api/health/ready' });
    expect(r.status).toBe(503);
    expect(r.body.data.database.reachable).toBe(false);
    await other.app.close();
  });

  it('ready answers 503 within its own time-out when the database hangs', async () => {
    const other = await (await import('../../../test/support.ts')).createTestApp({ env: { READINESS_TIMEOUT_MS: '500' } });
    // A database that never answers (a hung server or network).
    other.ctx.database.db.execute = (() => new Promise(() => undefined)) as unknown as typeof other.ctx.database.db.execute;
    const t0 = performance.now();
    const r = await other.call({ method: 'GET', url: '/api/health/ready' });
    expect(performance.now() - t0).toBeLessThan(2_000);
    expect(r.status).toBe(503);
    expect(r.body.data).toMatchObject({ status: 'unavailable', database: { reachable: false } });
    await other.close();
  });

  it('serves the OpenAPI document listing the routes', async () => {
    const r = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body.paths)).toEqual(expect.arrayContaining(['/api/health/live', '/api/health/ready']));
  });
});
