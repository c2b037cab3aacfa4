/**
 * The header's live indicator follows the one live client: nothing before the first answer, a
 * quiet "live" status, and a visible "자동 새로고침" while the channel reconnects or is degraded.
 */
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, TEST_USER } from '../test/render';
import { liveClient } from './live-client';
import { LiveIndicator } from './live-indicator';

class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
}

const USER = '11111111-1111-4111-8111-111111111111';

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  localStorage.setItem('authToken', 'access-token-1');
});
afterEach(() => {
  act(() => liveClient.stop());
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('LiveIndicator', () => {
  it('is quiet until the server answers, then says live; while degraded or reconnecting it says the page refreshes itself', async () => {
    await renderPage(<LiveIndicator />, { user: TEST_USER });
    const stopWatching = liveClient.watch(`user:${USER}`, () => undefined);
    expect(screen.queryByTestId('live-indicator')).toBeNull();
    const s = FakeSocket.all[0]!;
    act(() => {
      s.open();
      s.receive({ type: 'ready', userId: USER, state: 'live', heartbeatMs: 25_000 });
    });
    const status = screen.getByRole('status');
    expect(status.dataset.state).toBe('live');
    expect(status.textContent).toBe('실시간 업데이트 중');

    act(() => s.receive({ type: 'status', state: 'degraded' }));
    expect(status.dataset.state).toBe('polling');
    expect(status.textContent).toContain('자동 새로고침');
    expect(status.textContent).toContain('실시간 업데이트가 잠시 멈췄어요');

    act(() => s.receive({ type: 'status', state: 'live' }));
    expect(screen.getByRole('status').dataset.state).toBe('live');
    act(() => s.drop());
    expect(screen.getByRole('status').textContent).toContain('실시간 연결을 다시 잇는 중이에요');
    stopWatching();
  });
});
