import { describe, expect, it } from 'vitest';
import { liveServerMessage } from './live.ts';
import { readLiveServerMessage } from './live-rules.ts';

const topic = 'study-applicants:0b6c2f4e-9a51-4c1e-8f3d-2a7b9c0d1e2f';
const accepted: unknown[] = [
  { type: 'ready', userId: 'u1', state: 'live', heartbeatMs: 25000 },
  { type: 'ready', userId: 'u1', state: 'degraded', heartbeatMs: 0, extra: 'dropped' },
  { type: 'subscribed', topic, resumed: true, head: '1764000000000-3' },
  { type: 'subscribed', topic, resumed: false, head: null },
  { type: 'unsubscribed', topic },
  {
    type: 'event',
    topic,
    id: '1-0',
    kind: 'application.changed',
    at: '2026-12-02T01:00:00Z',
    data: { studyId: 's', n: 2, ok: true, gone: null },
  },
  { type: 'event', topic, id: '1-0', kind: 'deduction.changed', at: 'x', data: {} },
  { type: 'status', state: 'degraded' },
  { type: 'error', code: 'LIVE_TOPIC_FORBIDDEN', message: '볼 수 없어요' },
  { type: 'error', code: 'X', message: 'y', topic },
  { type: 'pong' },
];
const refused: unknown[] = [
  null,
  'pong',
  [],
  { type: 'hello' },
  { type: 'ready', userId: 'u1', state: 'live', heartbeatMs: 1.5 },
  { type: 'ready', userId: 'u1', state: 'asleep', heartbeatMs: 1 },
  { type: 'ready', state: 'live', heartbeatMs: 1 },
  { type: 'subscribed', topic: 'study:not-a-uuid', resumed: true, head: null },
  { type: 'subscribed', topic: 'Study-applicants:0b6c2f4e-9a51-4c1e-8f3d-2a7b9c0d1e2f', resumed: true, head: null },
  { type: 'subscribed', topic, resumed: 'yes', head: null },
  { type: 'subscribed', topic, resumed: true, head: '12' },
  { type: 'subscribed', topic, resumed: true },
  { type: 'event', topic, id: '1-0', kind: 'study.deleted', at: 'x', data: {} },
  { type: 'event', topic, id: '1-0', kind: 'payment.changed', at: 'x', data: { long: 'x'.repeat(201) } },
  { type: 'event', topic, id: '1-0', kind: 'payment.changed', at: 'x', data: { ['k'.repeat(65)]: 1 } },
  { type: 'event', topic, id: '1-0', kind: 'payment.changed', at: 'x', data: { nested: { a: 1 } } },
  { type: 'event', topic, id: '1-0', kind: 'payment.changed', at: 'x', data: [] },
  { type: 'event', topic, id: '1-0', kind: 'payment.changed', at: 1, data: {} },
  { type: 'status', state: 'on' },
  { type: 'error', code: 'X' },
  { type: 'error', code: 'X', message: 'y', topic: 'bad' },
];

describe('readLiveServerMessage: what the live schema accepts, without zod', () => {
  it.each(accepted.map((m) => [JSON.stringify(m).slice(0, 80), m]))('reads %s as the schema does', (_name, m) => {
    const parsed = liveServerMessage.safeParse(m);
    expect(parsed.success).toBe(true);
    expect(readLiveServerMessage(m)).toEqual(parsed.data);
  });

  it.each(refused.map((m) => [JSON.stringify(m)?.slice(0, 80) ?? String(m), m]))('refuses %s as the schema does', (_name, m) => {
    expect(liveServerMessage.safeParse(m).success).toBe(false);
    expect(readLiveServerMessage(m)).toBeNull();
  });
});
