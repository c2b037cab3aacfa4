/**
 * For a test that reads "today in Seoul" at several moments (quotas, deadlines, daily view
 * counts): those moments must fall on one Seoul day, without the test waiting for the clock.
 */
import { nextSeoulMidnight } from '@moim/contract';
import { vi } from 'vitest';

/**
 * Within `marginMs` before the next 00:00 Asia/Seoul (15:00 UTC), Date alone (timers and I/O run
 * as usual) jumps just past that midnight and ticks on from there, so the test has a whole day
 * ahead of it; elsewhere Date is left as it is. The caller undoes it with `vi.useRealTimers()`.
 * The jump is forward, never back (a job the database queued at its own now() is still due), and
 * short (at most `marginMs` and a second: tokens signed before it stay valid).
 */
export function clearOfSeoulMidnight(marginMs = 10_000): void {
  const now = Date.now();
  const midnight = nextSeoulMidnight(new Date(now)).getTime();
  if (midnight - now < marginMs) vi.useFakeTimers({ toFake: ['Date'], now: midnight + 1_000, shouldAdvanceTime: true });
}
