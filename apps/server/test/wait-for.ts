/**
 * Waiting for a condition a test cannot await directly (a message through Redis to another
 * instance, a reconnection, a side effect of a server process): read it at once, then again
 * every `everyMs`, until it holds; after `timeoutMs` without it the test fails, saying what it
 * waited for and what it read last. The pause is the polling interval, never the assertion: a
 * condition that holds sooner ends the wait sooner. Runs on real timers (not under
 * `vi.useFakeTimers()` with faked setTimeout).
 */
export interface WaitOptions {
  timeoutMs?: number;
  everyMs?: number;
  /** what was waited for, for the failure message (a function: read when the wait fails) */
  what?: string | (() => string);
}

/** Reads `read()` until `ok` holds for its value (truthy by default); resolves with that value. */
export async function waitFor<T>(
  read: () => T | Promise<T>,
  ok: (value: T) => boolean = Boolean,
  { timeoutMs = 5_000, everyMs = 20, what = 'a condition' }: WaitOptions = {},
): Promise<T> {
  // performance.now(): a test that fakes Date does not stop this deadline
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (performance.now() >= deadline) {
      throw new Error(`waited ${timeoutMs} ms for ${typeof what === 'function' ? what() : what}; last read: ${describe(value)}`);
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value)?.slice(0, 500) ?? String(value);
  } catch {
    return String(value);
  }
}
