import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support.ts';
import type { EventChannel } from './event-bus.ts';

type TestEvents = { 'thing.happened': { thingId: string; n: number } };

let t: TestApp;
let channel: EventChannel<TestEvents>;
const seen: { subscriber: string; thingId: string; eventId: string }[] = [];
let failOnce = true;

beforeAll(async () => {
  t = await createTestApp();
  channel = t.ctx.events.channel<TestEvents>();
  channel.subscribe('thing.happened', 'a.record', async (e) => {
    seen.push({ subscriber: 'a', thingId: e.payload.thingId, eventId: e.id });
  });
  channel.subscribe('thing.happened', 'b.flaky', async (e, meta) => {
    if (failOnce && meta.attempt === 1) {
      failOnce = false;
      throw new Error('transient');
    }
    seen.push({ subscriber: 'b', thingId: e.payload.thingId, eventId: e.id });
  });
});
afterAll(() => t.close());

const pendingEvents = async () =>
  Number(
    (await t.ctx.database.exec(`select count(*)::int as n from jobs where kind like 'event:thing.happened:%' and status = 'pending'`))
      .rows[0]!.n,
  );

describe('event bus (transactional outbox)', () => {
  it('delivers nothing when the publishing transaction rolls back', async () => {
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await channel.publish(tx, 'thing.happened', { thingId: 'rolled-back', n: 1 });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await pendingEvents()).toBe(0);
    await t.ctx.jobs.drain();
    expect(seen.filter((s) => s.thingId === 'rolled-back')).toEqual([]);
  });

  it('delivers a committed event to every subscriber, retrying a failed handler', async () => {
    const id = await t.ctx.db.transaction((tx) => channel.publish(tx, 'thing.happened', { thingId: 'x1', n: 2 }));
    expect(await pendingEvents()).toBe(2);
    await t.ctx.jobs.drain();
    expect(seen.filter((s) => s.thingId === 'x1').map((s) => s.subscriber)).toEqual(['a']);
    // the failed delivery is retried after its back-off
    await t.ctx.jobs.drain(new Date(Date.now() + 60_000));
    expect(
      seen
        .filter((s) => s.thingId === 'x1')
        .map((s) => s.subscriber)
        .sort(),
    ).toEqual(['a', 'b']);
    expect(new Set(seen.filter((s) => s.thingId === 'x1').map((s) => s.eventId))).toEqual(new Set([id]));
  });

  it('publishes the same event id once while it is pending', async () => {
    await t.ctx.db.transaction(async (tx) => {
      await channel.publish(tx, 'thing.happened', { thingId: 'dup', n: 3 }, { id: 'fixed-id-1' });
      await channel.publish(tx, 'thing.happened', { thingId: 'dup', n: 3 }, { id: 'fixed-id-1' });
    });
    expect(await pendingEvents()).toBe(2);
    await t.ctx.jobs.drain();
    expect(seen.filter((s) => s.thingId === 'dup')).toHaveLength(2);
    const kinds = await t.ctx.db.execute(sql`select kind from jobs where dedupe_key like 'event:fixed-id-1:%' order by kind`);
    expect(kinds.rows.map((r) => r.kind)).toEqual(['event:thing.happened:a.record', 'event:thing.happened:b.flaky']);
  });

  it('refuses a second subscriber with the same name', () => {
    expect(() => channel.subscribe('thing.happened', 'a.record', async () => undefined)).toThrow(/registered twice/);
  });
});
