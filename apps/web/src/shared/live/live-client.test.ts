/**
 * The live client against a scripted socket: authenticates first, subscribes, resumes each
 * topic from its last event id after a drop (with back-off), reports a topic the server could
 * not resume as a reset, and refuses frames outside the contract.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveClient, type LiveSignal } from './live-client';

class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: object | string) {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const USER = '11111111-1111-4111-8111-111111111111';
const TOPIC = `user:${USER}`;
const event = (id: string) => ({ type: 'event', topic: TOPIC, id, kind: 'notification.changed', at: '2026-11-29T00:00:00Z', data: {} });

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.useFakeTimers();
  localStorage.setItem('authToken', 'access-token-1');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('LiveClient', () => {
  it('authenticates first, subscribes, delivers events and resumes from the last id after a drop', () => {
    const client = new LiveClient(() => 'ws://test/api/live');
    const signals: LiveSignal[] = [];
    client.watch(TOPIC, (s) => signals.push(s));
    const first = FakeSocket.all[0]!;
    first.open();
    expect(first.sent[0]).toEqual({ type: 'auth', token: 'access-token-1' });
    first.receive({ type: 'ready', userId: USER, state: 'live', heartbeatMs: 25_000 });
    expect(client.state()).toBe('live');
    expect(first.sent[1]).toEqual({ type: 'subscribe', topic: TOPIC });
    first.receive({ type: 'subscribed', topic: TOPIC, resumed: false, head: null });
    first.receive(event('5-0'));
    first.receive(event('6-0'));
    expect(signals.map((s) => (s.type === 'event' ? s.event.id : s.type))).toEqual(['5-0', '6-0']);

    first.drop();
    expect(client.state()).toBe('connecting');
    vi.advanceTimersByTime(30_000);
    const second = FakeSocket.all[1]!;
    second.open();
    second.receive({ type: 'ready', userId: USER, state: 'live', heartbeatMs: 25_000 });
    expect(second.sent[1]).toEqual({ type: 'subscribe', topic: TOPIC, after: '6-0' });
    // the server no longer holds what came after 6-0: the page reads again
    second.receive({ type: 'subscribed', topic: TOPIC, resumed: false, head: '9-0' });
    expect(signals.at(-1)).toEqual({ type: 'reset' });
    client.stop();
  });

  it('says degraded when the server does, and ignores frames outside the contract', () => {
    const client = new LiveClient(() => 'ws://test/api/live');
    const signals: LiveSignal[] = [];
    client.watch(TOPIC, (s) => signals.push(s));
    const s = FakeSocket.all[0]!;
    s.open();
    s.receive({ type: 'ready', userId: USER, state: 'degraded', heartbeatMs: 25_000 });
    expect(client.state()).toBe('degraded');
    s.receive('not json');
    s.receive({ type: 'event', topic: TOPIC, id: 'nope', kind: 'x', data: {} });
    expect(signals).toHaveLength(0);
    s.receive({ type: 'status', state: 'live' });
    expect(client.state()).toBe('live');
    // back from degraded: every topic is read again once
    expect(signals).toEqual([{ type: 'reset' }]);
    client.stop();
  });

  it('a topic taken away (access ended) makes the page read again and is not resumed from its cursor', () => {
    const client = new LiveClient(() => 'ws://test/api/live');
    const signals: LiveSignal[] = [];
    client.watch(TOPIC, (s) => signals.push(s));
    const s = FakeSocket.all[0]!;
    s.open();
    s.receive({ type: 'ready', userId: USER, state: 'live', heartbeatMs: 25_000 });
    s.receive({ type: 'subscribed', topic: TOPIC, resumed: false, head: null });
    s.receive(event('5-0'));
    s.receive({ type: 'error', code: 'BIZ-3001', message: '찾을 수 없어요.', topic: TOPIC });
    expect(signals.at(-1)).toEqual({ type: 'reset' });
    s.drop();
    vi.advanceTimersByTime(30_000);
    const again = FakeSocket.all[1]!;
    again.open();
    again.receive({ type: 'ready', userId: USER, state: 'live', heartbeatMs: 25_000 });
    expect(again.sent[1]).toEqual({ type: 'subscribe', topic: TOPIC });
    client.stop();
  });

  it('does not connect without a signed-in user', () => {
    localStorage.clear();
    const client = new LiveClient(() => 'ws://test/api/live');
    client.watch(TOPIC, () => undefined);
    expect(FakeSocket.all).toHaveLength(0);
    expect(client.state()).toBe('off');
  });
});
