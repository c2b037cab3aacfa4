/**
 * How the web reads again after live events (`coalesce` in use-live.ts): a burst is one read,
 * never two reads at once, an event during a read makes exactly one more, the last change is
 * always read, and a stopped page reads nothing more.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesce } from './use-live';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/**
 * How long the simulated server takes to answer a read: the server's behaviour, on the fake
 * clock the tests move (nothing here waits in real time).
 */
const READ_MS = 300;

/** A read that takes READ_MS, recording what the server held when it began (`version`). */
function server() {
  let version = 0;
  let inFlight = 0;
  const reads: number[] = [];
  let maxInFlight = 0;
  const read = () => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const seen = version;
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        inFlight--;
        reads.push(seen);
        resolve();
      }, READ_MS),
    );
  };
  return {
    read,
    change: () => ++version,
    get version() {
      return version;
    },
    reads,
    get maxInFlight() {
      return maxInFlight;
    },
  };
}

describe('coalesce', () => {
  it('reads a burst of thirty events in a second twice or three times, one at a time, ending on the last change', async () => {
    const s = server();
    const c = coalesce(s.read, 100);
    for (let i = 0; i < 30; i++) {
      s.change();
      c.trigger();
      await vi.advanceTimersByTimeAsync(33);
    }
    await vi.advanceTimersByTimeAsync(5_000);
    expect(s.reads.length).toBeGreaterThanOrEqual(2);
    expect(s.reads.length).toBeLessThanOrEqual(4);
    expect(s.maxInFlight).toBe(1);
    expect(s.reads.at(-1)).toBe(s.version);
  });

  it('an event during a read makes exactly one more read after it; a quiet page reads nothing', async () => {
    const s = server();
    const c = coalesce(s.read, 100);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(s.reads).toEqual([]);
    s.change();
    c.trigger();
    await vi.advanceTimersByTimeAsync(150); // the read began (at 100 ms) with version 1
    s.change();
    c.trigger();
    c.trigger();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(s.reads).toEqual([1, 2]);
  });

  it('a failed read does not stop later ones; cancel drops a pending one', async () => {
    let calls = 0;
    const c = coalesce(() => (++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve()), 100);
    c.trigger();
    await vi.advanceTimersByTimeAsync(200);
    c.trigger();
    await vi.advanceTimersByTimeAsync(200);
    expect(calls).toBe(2);
    c.trigger();
    c.cancel();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
  });
});
